ALTER TYPE "public"."cancelled_by" ADD VALUE 'SYSTEM';--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "paused_at" timestamp with time zone;