ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unverified_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inactivity_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_erased_holds_nothing" CHECK ("users"."erased_at" is null or ("users"."email" is null and "users"."password_hash" is null
        and "users"."phone_number" is null and "users"."street" is null and "users"."city" is null
        and "users"."zip" is null and "users"."ssn_encrypted" is null and "users"."oidc_issuer" is null));