-- Custom SQL: keep when regenerating.
-- The fingerprint of a therapist's match list covers the clients' user rows
-- itself (providerFingerprint in apps/api/src/modules/matching/matches.repository.ts),
-- so no client's ACTIVE matches need rewriting when the client's answers or
-- name change: the triggers that did it, and their functions, go
-- (matches.updated_at again changes only when the match itself does).
DROP TRIGGER IF EXISTS "answers_touch_matches_on_insert" ON "answers";--> statement-breakpoint
DROP TRIGGER IF EXISTS "answers_touch_matches_on_update" ON "answers";--> statement-breakpoint
DROP TRIGGER IF EXISTS "answers_touch_matches_on_delete" ON "answers";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_touch_matches_on_rename" ON "users";--> statement-breakpoint
DROP FUNCTION IF EXISTS "touch_matches_of_answering_clients"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "touch_matches_of_renamed_client"();
