ALTER TYPE "public"."booking_status" ADD VALUE 'EXPIRED';--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ics_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_pending_expiry_idx" ON "bookings" USING btree ("expires_at") WHERE "bookings"."status" = 'PENDING_PROVIDER_CONFIRMATION';--> statement-breakpoint
CREATE INDEX "bookings_reminder_due_idx" ON "bookings" USING btree ("confirmed_time") WHERE "bookings"."status" = 'CONFIRMED' and "bookings"."reminder_sent_at" is null;--> statement-breakpoint
-- custom SQL: keep when regenerating
-- A request made before this migration expires at its last suggested time (decision 170).
UPDATE "bookings"
  SET "expires_at" = (SELECT max(t) FROM unnest("suggested_times") AS t)
  WHERE "status" = 'PENDING_PROVIDER_CONFIRMATION' AND "expires_at" IS NULL;
