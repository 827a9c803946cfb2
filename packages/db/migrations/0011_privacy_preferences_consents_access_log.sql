CREATE TYPE "public"."access_kind" AS ENUM('CLIENT_ANSWERS', 'PERSONNUMMER', 'PERSON_DETAIL');--> statement-breakpoint
CREATE TYPE "public"."consent_kind" AS ENUM('QUESTIONNAIRE');--> statement-breakpoint
CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_id" uuid NOT NULL,
	"reader_id" uuid NOT NULL,
	"reader_role" "user_type" NOT NULL,
	"kind" "access_kind" NOT NULL,
	"stockholm_day" date NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_log_not_self" CHECK ("access_log"."reader_id" <> "access_log"."subject_id")
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"user_id" uuid NOT NULL,
	"kind" "consent_kind" NOT NULL,
	"version" integer NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "consents_version_positive" CHECK ("consents"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discreet_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discreet_mail_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discreet_mail_dialog_version" integer;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_log_reader_subject_day_unique" ON "access_log" USING btree ("reader_id","subject_id","stockholm_day");--> statement-breakpoint
CREATE INDEX "access_log_subject_idx" ON "access_log" USING btree ("subject_id","read_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_discreet_mail_off_has_dialog" CHECK ("users"."discreet_mail" or "users"."discreet_mail_dialog_version" is not null);