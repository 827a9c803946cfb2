CREATE TYPE "public"."meeting_format" AS ENUM('VIDEO', 'IN_PERSON', 'BOTH');--> statement-breakpoint
CREATE TABLE "licence_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"title" "provider_title" NOT NULL,
	"registered" boolean NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_by" uuid,
	CONSTRAINT "licence_checks_licensed_title" CHECK ("licence_checks"."title" in ('PSYKOLOG', 'PSYKOTERAPEUT', 'KURATOR'))
);
--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "meeting_format" "meeting_format";--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_checks_provider_idx" ON "licence_checks" USING btree ("provider_id","checked_at");