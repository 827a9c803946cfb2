-- A PENDING or BOOKED slot points at the booking that holds it, and
-- availability_slots_booking_state ties the two together. When a booking row
-- is deleted (directly, or with its match or its client), give its slots back
-- to the provider as AVAILABLE; the foreign key's SET NULL alone would leave
-- a held slot with no booking, which the check refuses, so the delete failed.
CREATE FUNCTION "release_slots_of_deleted_booking"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "availability_slots"
    SET "status" = 'AVAILABLE', "booking_id" = NULL, "updated_at" = now()
    WHERE "booking_id" = OLD."id";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_release_slots" BEFORE DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "release_slots_of_deleted_booking"();
