CREATE TABLE "answer_drafts" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"value" text[] NOT NULL,
	"importance" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_drafts_user_id_question_id_pk" PRIMARY KEY("user_id","question_id"),
	CONSTRAINT "answer_drafts_importance_range" CHECK ("answer_drafts"."importance" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "answer_drafts" ADD CONSTRAINT "answer_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_drafts" ADD CONSTRAINT "answer_drafts_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;