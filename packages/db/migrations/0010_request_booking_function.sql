-- custom SQL: keep when regenerating
-- Decision 226: POST /api/bookings in one round trip. The request's transaction
-- (decision 205: the match FOR UPDATE, its bookings, then the slots by id)
-- runs as one call of this function: a statement of its own with no BEGIN and
-- no COMMIT to send. A VOLATILE function takes a fresh snapshot for each
-- statement it runs (READ COMMITTED), so the bookings are read after the
-- match's lock is held, as before when they were two statements. The API
-- rendered the mail to the therapist from an unlocked read of the match's
-- people; under the lock this function checks that read still holds (else
-- 'CHANGED': the API reads and renders again) and then writes booking, slots,
-- match and mail together, or nothing.
CREATE FUNCTION "request_booking"(
  "p_match_id" uuid,
  "p_client_id" uuid,
  "p_provider_id" uuid,
  "p_client_name" text,
  "p_provider_name" text,
  "p_provider_email" text,
  "p_times" timestamptz[],
  "p_expires_at" timestamptz,
  "p_open_statuses" "booking_status"[],
  "p_now" timestamptz,
  "p_mail_to" text,
  "p_mail_subject" text,
  "p_mail_text" text,
  "p_mail_html" text,
  "p_mail_attachments" jsonb
) RETURNS TABLE (
  "outcome" text,
  "open_count" integer,
  "stale_count" integer,
  "id" uuid,
  "match_id" uuid,
  "status" "booking_status",
  "suggested_times" timestamptz[],
  "confirmed_time" timestamptz,
  "message_from_provider" text,
  "cancelled_by" "cancelled_by",
  "cancelled_at" timestamptz,
  "completed_at" timestamptz,
  "expires_at" timestamptz,
  "ics_sequence" integer,
  "reminder_sent_at" timestamptz,
  "created_at" timestamptz,
  "updated_at" timestamptz
)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  m record;
BEGIN
  -- 1. The match, locked, with the people the mail names (404 unless it is the client's own).
  SELECT mt."client_id", mt."provider_id", c."name" AS "client_name", p."name" AS "provider_name",
         p."email" AS "provider_email", coalesce(pp."is_verified", false) AS "provider_verified"
    INTO m
    FROM "matches" mt
    JOIN "users" c ON c."id" = mt."client_id"
    JOIN "users" p ON p."id" = mt."provider_id"
    LEFT JOIN "provider_profiles" pp ON pp."user_id" = mt."provider_id"
   WHERE mt."id" = p_match_id
     FOR UPDATE OF mt;
  IF NOT FOUND OR m."client_id" <> p_client_id THEN
    "outcome" := 'NOT_FOUND';
    RETURN NEXT;
    RETURN;
  END IF;
  IF NOT m."provider_verified" THEN
    "outcome" := 'PROVIDER_NOT_FOUND';
    RETURN NEXT;
    RETURN;
  END IF;
  IF m."provider_id" <> p_provider_id OR m."client_name" <> p_client_name
     OR m."provider_name" <> p_provider_name
     OR m."provider_email" IS DISTINCT FROM p_provider_email THEN
    "outcome" := 'CHANGED';
    RETURN NEXT;
    RETURN;
  END IF;
  -- 2. Decision 205's statement: the match's bookings locked (how many open,
  -- how many of those stale), then, only when none is open, the slots at the
  -- times by id; when all are AVAILABLE the request, the slots held, a PENDING
  -- match made ACTIVE and the mail queued (p_mail_to null: no mail).
  RETURN QUERY
  WITH blocked AS MATERIALIZED (
    SELECT (count(*) FILTER (WHERE b."status" = ANY (p_open_statuses)))::integer AS "open_count",
           (count(*) FILTER (WHERE b."status" = 'PENDING_PROVIDER_CONFIRMATION'
                               AND b."expires_at" <= p_now))::integer AS "stale_count"
      FROM (SELECT "status", "expires_at" FROM "bookings"
             WHERE "match_id" = p_match_id ORDER BY "id" FOR UPDATE) b
  ), slots AS MATERIALIZED (
    SELECT s."id", s."status" FROM "availability_slots" s
     WHERE s."provider_id" = p_provider_id AND s."start_time" = ANY (p_times)
       AND (SELECT "open_count" FROM blocked) = 0
     ORDER BY s."id"
       FOR UPDATE
  ), created AS (
    INSERT INTO "bookings" ("match_id", "status", "suggested_times", "expires_at")
    SELECT p_match_id, 'PENDING_PROVIDER_CONFIRMATION', p_times, p_expires_at
     WHERE (SELECT "open_count" FROM blocked) = 0
       AND (SELECT count(*) FROM slots WHERE slots."status" = 'AVAILABLE') = cardinality(p_times)
    RETURNING *
  ), held AS (
    UPDATE "availability_slots" a
       SET "status" = 'PENDING', "booking_id" = created."id", "updated_at" = now()
      FROM created
     WHERE a."id" IN (SELECT slots."id" FROM slots)
  ), activated AS (
    UPDATE "matches" mt SET "status" = 'ACTIVE', "updated_at" = now()
      FROM created
     WHERE mt."id" = p_match_id AND mt."status" = 'PENDING'
  ), mailed AS (
    INSERT INTO "mail_outbox" ("to_address", "subject", "text", "html", "attachments")
    SELECT p_mail_to, p_mail_subject, p_mail_text, p_mail_html, p_mail_attachments
      FROM created
     WHERE p_mail_to IS NOT NULL
  )
  SELECT 'CHECKED'::text, blocked."open_count", blocked."stale_count",
         created."id", created."match_id", created."status", created."suggested_times",
         created."confirmed_time", created."message_from_provider", created."cancelled_by",
         created."cancelled_at", created."completed_at", created."expires_at",
         created."ics_sequence", created."reminder_sent_at", created."created_at",
         created."updated_at"
    FROM blocked LEFT JOIN created ON true;
END;
$$;
