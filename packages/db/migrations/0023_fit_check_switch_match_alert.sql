ALTER TYPE "public"."access_kind" ADD VALUE 'FIT_CHECK';--> statement-breakpoint
ALTER TYPE "public"."match_status" ADD VALUE 'ENDED';--> statement-breakpoint
CREATE TABLE "fit_checks" (
	"match_id" uuid PRIMARY KEY NOT NULL,
	"heard" smallint,
	"goals" smallint,
	"approach" smallint,
	"continue_with" smallint,
	"share_with_therapist" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fit_checks_answers_range" CHECK ("fit_checks"."heard" between 0 and 4 and "fit_checks"."goals" between 0 and 4
        and "fit_checks"."approach" between 0 and 4 and "fit_checks"."continue_with" between 0 and 4
        or "fit_checks"."heard" is null and "fit_checks"."goals" is null and "fit_checks"."approach" is null and "fit_checks"."continue_with" is null),
	CONSTRAINT "fit_checks_answered_has_answers" CHECK (("fit_checks"."answered_at" is null) = ("fit_checks"."heard" is null))
);
--> statement-breakpoint
CREATE TABLE "match_alerts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fit_checks" ADD CONSTRAINT "fit_checks_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_alerts" ADD CONSTRAINT "match_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;