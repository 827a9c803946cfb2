CREATE TABLE "images" (
	"key" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_content_type" CHECK ("images"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "images_byte_size" CHECK ("images"."byte_size" = octet_length("images"."data")),
	CONSTRAINT "images_dimensions" CHECK ("images"."width" between 1 and 1024 and "images"."height" between 1 and 1024)
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_id","created_at");