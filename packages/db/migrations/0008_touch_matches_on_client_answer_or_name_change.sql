-- custom SQL: keep when regenerating
-- Decision 212: a therapist's match list (GET /api/matches) is reused while
-- its fingerprint is unchanged: the xmin of the therapist's ACTIVE matches
-- and of their bookings (and of the questions). What else a match shows its
-- therapist, its client's name and answers, updates the client's ACTIVE
-- matches when it changes, so that it changes their xmin too.
CREATE FUNCTION "touch_matches_of_answering_clients"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "matches" SET "updated_at" = now()
      WHERE "status" = 'ACTIVE' AND "client_id" IN (SELECT "user_id" FROM "new_answers");
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "matches" SET "updated_at" = now()
      WHERE "status" = 'ACTIVE' AND "client_id" IN (SELECT "user_id" FROM "old_answers");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "answers_touch_matches_on_insert" AFTER INSERT ON "answers"
  REFERENCING NEW TABLE AS "new_answers"
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_matches_of_answering_clients"();--> statement-breakpoint
CREATE TRIGGER "answers_touch_matches_on_update" AFTER UPDATE ON "answers"
  REFERENCING OLD TABLE AS "old_answers" NEW TABLE AS "new_answers"
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_matches_of_answering_clients"();--> statement-breakpoint
CREATE TRIGGER "answers_touch_matches_on_delete" AFTER DELETE ON "answers"
  REFERENCING OLD TABLE AS "old_answers"
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_matches_of_answering_clients"();--> statement-breakpoint
CREATE FUNCTION "touch_matches_of_renamed_client"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "matches" SET "updated_at" = now()
    WHERE "status" = 'ACTIVE' AND "client_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_touch_matches_on_rename" AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "touch_matches_of_renamed_client"();
