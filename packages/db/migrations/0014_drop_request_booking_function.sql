-- Custom SQL: keep when regenerating.
-- POST /api/bookings is a Drizzle transaction in the API again (the match
-- locked, then its bookings, then the slots by id, as confirm and rebook do),
-- so the database function that did the same in one call goes.
DROP FUNCTION IF EXISTS "request_booking"(
  uuid, uuid, uuid, text, text, text, timestamptz[], timestamptz, "booking_status"[],
  timestamptz, text, text, text, text, jsonb
);
