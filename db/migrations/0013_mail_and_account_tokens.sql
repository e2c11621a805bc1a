CREATE TABLE "account_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"new_email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('password_reset', 'email_change')),
	CONSTRAINT "account_tokens_email_change_check" CHECK (("account_tokens"."purpose" = 'email_change') = ("account_tokens"."new_email" is not null))
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"kind" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"lease_until" timestamp with time zone,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mails_kind_check" CHECK ("mails"."kind" in ('password_reset', 'email_change', 'order_receipt', 'automation_skipped', 'reminder_digest')),
	CONSTRAINT "mails_status_check" CHECK ("mails"."status" in ('queued', 'sending', 'sent', 'kept', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_days" smallint DEFAULT 14;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash_key" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "mails_user_idx" ON "mails" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mails_dedupe_key" ON "mails" USING btree ("dedupe_key");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reminder_days_check" CHECK ("users"."reminder_days" in (7, 14, 30));