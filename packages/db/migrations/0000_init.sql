CREATE TYPE "public"."booking_status" AS ENUM('PENDING_PROVIDER_CONFIRMATION', 'CONFIRMED', 'CANCELLED', 'COMPLETED');--> statement-breakpoint
CREATE TYPE "public"."cancellation_policy" AS ENUM('TWELVE_HOURS', 'TWENTY_FOUR_HOURS', 'FORTY_EIGHT_HOURS', 'NO_CANCELLATION');--> statement-breakpoint
CREATE TYPE "public"."cancelled_by" AS ENUM('PROVIDER', 'CLIENT');--> statement-breakpoint
CREATE TYPE "public"."education" AS ENUM('BACHELOR', 'MASTER', 'MAGISTER', 'COURSES');--> statement-breakpoint
CREATE TYPE "public"."mail_status" AS ENUM('PENDING', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."match_status" AS ENUM('PENDING', 'ACTIVE');--> statement-breakpoint
CREATE TYPE "public"."onboarding_step" AS ENUM('USER_CREATED', 'PROFILE_COMPLETED', 'QUESTIONS_COMPLETED', 'ONBOARDING_COMPLETED');--> statement-breakpoint
CREATE TYPE "public"."option_user_type" AS ENUM('CLIENT', 'PROVIDER', 'BOTH');--> statement-breakpoint
CREATE TYPE "public"."provider_title" AS ENUM('PSYKOLOG', 'PSYKOTERAPEUT', 'KURATOR', 'SOCIONOM', 'SEXOLOG');--> statement-breakpoint
CREATE TYPE "public"."question_type" AS ENUM('SINGLE_CHOICE', 'MULTISELECT', 'TEXTAREA');--> statement-breakpoint
CREATE TYPE "public"."slot_status" AS ENUM('AVAILABLE', 'PENDING', 'BOOKED');--> statement-breakpoint
CREATE TYPE "public"."token_purpose" AS ENUM('EMAIL_VERIFICATION', 'PASSWORD_RESET', 'EMAIL_CHANGE');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('CLIENT', 'PROVIDER', 'ADMIN');--> statement-breakpoint
CREATE TABLE "provider_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"title" "provider_title"[] NOT NULL,
	"description" text NOT NULL,
	"education" "education"[] NOT NULL,
	"price" integer NOT NULL,
	"session_duration" integer NOT NULL,
	"profile_image_key" text NOT NULL,
	"personal_attributes" text NOT NULL,
	"cancellation_policy" "cancellation_policy" DEFAULT 'TWENTY_FOUR_HOURS' NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_profiles_price_positive" CHECK ("provider_profiles"."price" > 0),
	CONSTRAINT "provider_profiles_duration_positive" CHECK ("provider_profiles"."session_duration" > 0),
	CONSTRAINT "provider_profiles_title_nonempty" CHECK (cardinality("provider_profiles"."title") > 0),
	CONSTRAINT "provider_profiles_education_nonempty" CHECK (cardinality("provider_profiles"."education") > 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "user_type" NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"email_verified_at" timestamp with time zone,
	"password_hash" text,
	"phone_number" text,
	"street" text,
	"city" text,
	"zip" text,
	"onboarding_step" "onboarding_step" NOT NULL,
	"ssn_encrypted" text,
	"ssn_hash" text,
	"oidc_issuer" text,
	"oidc_subject" text,
	"session_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_name_not_blank" CHECK (length(trim("users"."name")) > 0),
	CONSTRAINT "users_oidc_pair" CHECK (("users"."oidc_issuer" is null) = ("users"."oidc_subject" is null)),
	CONSTRAINT "users_ssn_pair" CHECK (("users"."ssn_encrypted" is null) = ("users"."ssn_hash" is null))
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"value" text[] NOT NULL,
	"importance" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answers_user_question_unique" UNIQUE("user_id","question_id"),
	CONSTRAINT "answers_importance_range" CHECK ("answers"."importance" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "question_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"order" integer NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"user_type" "option_user_type" DEFAULT 'BOTH' NOT NULL,
	CONSTRAINT "question_options_value_unique" UNIQUE("question_id","value")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order" integer NOT NULL,
	"key" text NOT NULL,
	"type" "question_type" NOT NULL,
	"client_text" text NOT NULL,
	"provider_text" text NOT NULL,
	"client_description" text,
	"provider_description" text,
	"description" text,
	"has_importance_scale" boolean DEFAULT false NOT NULL,
	CONSTRAINT "questions_order_unique" UNIQUE("order"),
	CONSTRAINT "questions_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "availability_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" "slot_status" DEFAULT 'AVAILABLE' NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_slots_provider_start_unique" UNIQUE("provider_id","start_time"),
	CONSTRAINT "availability_slots_one_hour" CHECK ("availability_slots"."end_time" = "availability_slots"."start_time" + interval '1 hour'),
	CONSTRAINT "availability_slots_on_the_hour" CHECK (date_trunc('hour', "availability_slots"."start_time" at time zone 'UTC') = ("availability_slots"."start_time" at time zone 'UTC')),
	CONSTRAINT "availability_slots_booking_state" CHECK (("availability_slots"."status" = 'AVAILABLE') = ("availability_slots"."booking_id" is null))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"status" "booking_status" NOT NULL,
	"suggested_times" timestamp with time zone[] NOT NULL,
	"confirmed_time" timestamp with time zone,
	"message_from_provider" text,
	"cancelled_by" "cancelled_by",
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_confirmed_has_time" CHECK ("bookings"."status" not in ('CONFIRMED', 'COMPLETED') or "bookings"."confirmed_time" is not null),
	CONSTRAINT "bookings_cancelled_has_who_and_when" CHECK (("bookings"."status" = 'CANCELLED') = ("bookings"."cancelled_by" is not null and "bookings"."cancelled_at" is not null)),
	CONSTRAINT "bookings_completed_has_when" CHECK (("bookings"."status" = 'COMPLETED') = ("bookings"."completed_at" is not null)),
	CONSTRAINT "bookings_suggested_count" CHECK (cardinality("bookings"."suggested_times") <= 3)
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"status" "match_status" DEFAULT 'PENDING' NOT NULL,
	"score" double precision NOT NULL,
	"overlaps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_client_provider_unique" UNIQUE("client_id","provider_id"),
	CONSTRAINT "matches_score_range" CHECK ("matches"."score" >= 0 and "matches"."score" <= 1),
	CONSTRAINT "matches_distinct_parties" CHECK ("matches"."client_id" <> "matches"."provider_id")
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "mail_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_attempts_nonnegative" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"data" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"sid" varchar PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp (6) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_ssn_hash_unique" ON "users" USING btree ("ssn_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_identity_unique" ON "users" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("type");--> statement-breakpoint
CREATE INDEX "availability_slots_provider_status_start_idx" ON "availability_slots" USING btree ("provider_id","status","start_time");--> statement-breakpoint
CREATE INDEX "bookings_match_idx" ON "bookings" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_open_per_match" ON "bookings" USING btree ("match_id") WHERE "bookings"."status" in ('PENDING_PROVIDER_CONFIRMATION', 'CONFIRMED');--> statement-breakpoint
CREATE INDEX "matches_provider_idx" ON "matches" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_purpose_idx" ON "one_time_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "IDX_session_expire" ON "session" USING btree ("expire");