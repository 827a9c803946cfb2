CREATE TABLE "video_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_events_kind" CHECK ("video_events"."kind" in ('JOINED', 'ADMITTED', 'LEFT'))
);
--> statement-breakpoint
-- Existing bookings take their therapist's format today: a video-only therapist's
-- sessions are video, every other (both, in person, not yet said) at the practice.
ALTER TABLE "bookings" ADD COLUMN "meeting_format" "meeting_format" DEFAULT 'IN_PERSON' NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "meeting_format" = 'VIDEO' FROM "matches" m, "provider_profiles" pp
  WHERE m."id" = "bookings"."match_id" AND pp."user_id" = m."provider_id" AND pp."meeting_format" = 'VIDEO';--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "meeting_format" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "video_events" ADD CONSTRAINT "video_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_events" ADD CONSTRAINT "video_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_events_booking_idx" ON "video_events" USING btree ("booking_id","at");--> statement-breakpoint
CREATE INDEX "video_events_user_idx" ON "video_events" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_meeting_format_one" CHECK ("bookings"."meeting_format" in ('VIDEO', 'IN_PERSON'));