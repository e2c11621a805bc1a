CREATE TABLE "address_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"secret_hash" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"message" text,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "address_requests_secret_hash_key" UNIQUE("secret_hash"),
	CONSTRAINT "address_requests_id_user_key" UNIQUE("id","user_id"),
	CONSTRAINT "address_requests_message_check" CHECK (char_length("address_requests"."message") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "address_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payload" jsonb NOT NULL,
	"client_hash" text NOT NULL,
	"contact_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "address_submissions_status_check" CHECK ("address_submissions"."status" in ('pending', 'accepted', 'rejected')),
	CONSTRAINT "address_submissions_decided_check" CHECK (("address_submissions"."status" = 'pending') = ("address_submissions"."decided_at" is null)),
	CONSTRAINT "address_submissions_payload_check" CHECK (jsonb_typeof("address_submissions"."payload") = 'object')
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_events_check";--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_type_check";--> statement-breakpoint
ALTER TABLE "address_requests" ADD CONSTRAINT "address_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_submissions" ADD CONSTRAINT "address_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_submissions" ADD CONSTRAINT "address_submissions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_submissions" ADD CONSTRAINT "address_submissions_request_fk" FOREIGN KEY ("request_id","user_id") REFERENCES "public"."address_requests"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_requests_user_idx" ON "address_requests" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "address_submissions_request_idx" ON "address_submissions" USING btree ("request_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "address_submissions_user_pending_idx" ON "address_submissions" USING btree ("user_id") WHERE "address_submissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "address_submissions_client_idx" ON "address_submissions" USING btree ("client_hash","created_at");--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events_check" CHECK (cardinality("webhook_endpoints"."events") >= 1 and "webhook_endpoints"."events" <@ array['order.created', 'order.recipient.status_changed', 'automation.run.completed', 'automation.run.failed', 'contact.submitted', 'webhook.test']::text[]);--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_type_check" CHECK ("webhook_events"."type" in ('order.created', 'order.recipient.status_changed', 'automation.run.completed', 'automation.run.failed', 'contact.submitted', 'webhook.test'));