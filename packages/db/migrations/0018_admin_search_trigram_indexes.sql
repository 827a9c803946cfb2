-- The admin list searches therapists by name or e-mail with ILIKE '%term%'
-- (any case, anywhere in the text). At thousands of therapists a scan of them
-- all was most of the request; trigram indexes (pg_trgm, a trusted extension
-- the database owner may create) answer it from an index. Partial: only
-- therapists are ever searched.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_provider_name_trgm" ON "users" USING gin ("name" gin_trgm_ops) WHERE "users"."type" = 'PROVIDER';--> statement-breakpoint
CREATE INDEX "users_provider_email_trgm" ON "users" USING gin ("email" gin_trgm_ops) WHERE "users"."type" = 'PROVIDER';