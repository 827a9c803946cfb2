CREATE TABLE "matching_vectors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"masks" bigint[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matching_vectors" ADD CONSTRAINT "matching_vectors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom SQL: keep when regenerating
-- matching_vectors (decision 140): each user's answers as bitmasks, one array
-- element per question (by "order"), one bit per option (by "order"); 'any'
-- sets every bit. Rebuilt set-wise for the given users (NULL: everyone).
CREATE FUNCTION "refresh_matching_vectors"(uids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM "matching_vectors" mv
    WHERE (uids IS NULL OR mv."user_id" = ANY(uids))
      AND NOT EXISTS (SELECT 1 FROM "answers" a WHERE a."user_id" = mv."user_id");
  WITH per_answer AS (
    SELECT a."user_id", q."order" AS qo,
      CASE WHEN 'any' = ANY(a."value") THEN -1::bigint
      ELSE coalesce((
        SELECT bit_or(1::bigint << (o."order" - 1))
        FROM "question_options" o
        WHERE o."question_id" = a."question_id" AND o."value" = ANY(a."value")
          AND o."order" BETWEEN 1 AND 63
      ), 0::bigint) END AS mask
    FROM "answers" a JOIN "questions" q ON q."id" = a."question_id"
    WHERE uids IS NULL OR a."user_id" = ANY(uids)
  )
  INSERT INTO "matching_vectors" ("user_id", "masks", "updated_at")
  SELECT u."user_id", array_agg(coalesce(p.mask, 0::bigint) ORDER BY g.g), now()
  FROM (SELECT DISTINCT "user_id" FROM per_answer) u
  CROSS JOIN generate_series(1, (SELECT coalesce(max("order"), 0) FROM "questions")) AS g(g)
  LEFT JOIN per_answer p ON p."user_id" = u."user_id" AND p.qo = g.g
  GROUP BY u."user_id"
  ON CONFLICT ("user_id") DO UPDATE SET "masks" = excluded."masks", "updated_at" = excluded."updated_at";
$$;--> statement-breakpoint
CREATE FUNCTION "answers_refresh_matching_vectors"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_matching_vectors"(ARRAY(SELECT DISTINCT "user_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_matching_vectors"(ARRAY(SELECT DISTINCT "user_id" FROM old_rows));
  ELSE
    PERFORM "refresh_matching_vectors"(
      ARRAY(SELECT "user_id" FROM new_rows UNION SELECT "user_id" FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "answers_vectors_insert" AFTER INSERT ON "answers"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "answers_refresh_matching_vectors"();--> statement-breakpoint
CREATE TRIGGER "answers_vectors_update" AFTER UPDATE ON "answers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "answers_refresh_matching_vectors"();--> statement-breakpoint
CREATE TRIGGER "answers_vectors_delete" AFTER DELETE ON "answers"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "answers_refresh_matching_vectors"();
