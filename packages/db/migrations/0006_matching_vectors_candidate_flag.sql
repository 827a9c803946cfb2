ALTER TABLE "matching_vectors" ADD COLUMN "candidate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- custom SQL: keep when regenerating
-- matching_vectors.candidate (decision 190): the therapist's eligibility
-- (PROVIDER, ONBOARDING_COMPLETED, a verified profile) next to the masks, so
-- the scoring scans one narrow table. A row exists for every user with
-- answers and for every candidate (zero masks when a candidate has none).
-- The users are matched with = ANY(uids) only (no "uids IS NULL OR ..."): an
-- index probe per user whatever plan is cached, never a scan of every answer
-- per user refreshed (a 100 000-user refresh was quadratic). NULL: everyone.
CREATE OR REPLACE FUNCTION "refresh_matching_vectors"(uids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF uids IS NULL THEN
    uids := ARRAY(SELECT "id" FROM "users");
  END IF;
  DELETE FROM "matching_vectors" mv
    WHERE mv."user_id" = ANY(uids)
      AND NOT EXISTS (SELECT 1 FROM "answers" a WHERE a."user_id" = mv."user_id")
      AND NOT EXISTS (
        SELECT 1 FROM "users" u JOIN "provider_profiles" pp ON pp."user_id" = u."id" AND pp."is_verified"
        WHERE u."id" = mv."user_id" AND u."type" = 'PROVIDER' AND u."onboarding_step" = 'ONBOARDING_COMPLETED');
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
    WHERE a."user_id" = ANY(uids)
  ), candidates AS (
    SELECT u."id" AS "user_id"
    FROM "users" u JOIN "provider_profiles" pp ON pp."user_id" = u."id" AND pp."is_verified"
    WHERE u."id" = ANY(uids) AND u."type" = 'PROVIDER' AND u."onboarding_step" = 'ONBOARDING_COMPLETED'
  ), targets AS (
    SELECT "user_id", bool_or(c) AS candidate FROM (
      SELECT DISTINCT "user_id", false AS c FROM per_answer
      UNION ALL
      SELECT "user_id", true FROM candidates
    ) t GROUP BY "user_id"
  )
  INSERT INTO "matching_vectors" ("user_id", "masks", "candidate", "updated_at")
  SELECT t."user_id", array_agg(coalesce(p.mask, 0::bigint) ORDER BY g.g), t.candidate, now()
  FROM targets t
  CROSS JOIN generate_series(1, (SELECT coalesce(max("order"), 0) FROM "questions")) AS g(g)
  LEFT JOIN per_answer p ON p."user_id" = t."user_id" AND p.qo = g.g
  GROUP BY t."user_id", t.candidate
  ON CONFLICT ("user_id") DO UPDATE
    SET "masks" = excluded."masks", "candidate" = excluded."candidate", "updated_at" = excluded."updated_at";
END;
$$;--> statement-breakpoint
CREATE FUNCTION "profiles_refresh_matching_vectors"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_matching_vectors"(ARRAY(SELECT "user_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_matching_vectors"(ARRAY(SELECT "user_id" FROM old_rows));
  ELSE
    PERFORM "refresh_matching_vectors"(ARRAY(
      SELECT n."user_id" FROM new_rows n
      LEFT JOIN old_rows o ON o."user_id" = n."user_id"
      WHERE o."user_id" IS NULL OR o."is_verified" IS DISTINCT FROM n."is_verified"
      UNION SELECT o."user_id" FROM old_rows o
      WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n."user_id" = o."user_id")));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_vectors_insert" AFTER INSERT ON "provider_profiles"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_refresh_matching_vectors"();--> statement-breakpoint
CREATE TRIGGER "profiles_vectors_update" AFTER UPDATE ON "provider_profiles"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_refresh_matching_vectors"();--> statement-breakpoint
CREATE TRIGGER "profiles_vectors_delete" AFTER DELETE ON "provider_profiles"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_refresh_matching_vectors"();--> statement-breakpoint
CREATE FUNCTION "users_refresh_matching_vectors"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_matching_vectors"(ARRAY[NEW."id"]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_vectors_update" AFTER UPDATE OF "type", "onboarding_step" ON "users"
  FOR EACH ROW
  WHEN (OLD."type" IS DISTINCT FROM NEW."type" OR OLD."onboarding_step" IS DISTINCT FROM NEW."onboarding_step")
  EXECUTE FUNCTION "users_refresh_matching_vectors"();--> statement-breakpoint
SELECT "refresh_matching_vectors"(NULL);
