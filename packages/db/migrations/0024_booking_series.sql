-- A match may hold several confirmed sessions (a series, decision 460): the one
-- open booking per match gives way to one pending request per match and one
-- confirmed session per match and hour; a booking holds at most one BOOKED slot.
CREATE TYPE "public"."series_interval" AS ENUM('WEEKLY', 'BIWEEKLY');--> statement-breakpoint
CREATE TABLE "booking_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"interval" "series_interval" NOT NULL,
	"ends_before" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "bookings_one_open_per_match";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_series_match_idx" ON "booking_series" USING btree ("match_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_series_id_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."booking_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "availability_slots_one_booked_per_booking" ON "availability_slots" USING btree ("booking_id") WHERE "availability_slots"."status" = 'BOOKED';--> statement-breakpoint
CREATE INDEX "bookings_series_idx" ON "bookings" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_pending_per_match" ON "bookings" USING btree ("match_id") WHERE "bookings"."status" = 'PENDING_PROVIDER_CONFIRMATION';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_open_per_match_hour" ON "bookings" USING btree ("match_id","confirmed_time") WHERE "bookings"."status" = 'CONFIRMED';