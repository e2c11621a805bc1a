CREATE TABLE "automation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"automation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"run_day" date NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"order_id" integer,
	"recipients_count" integer DEFAULT 0 NOT NULL,
	"credit_charged_cents" integer DEFAULT 0 NOT NULL,
	"credit_needed_cents" integer DEFAULT 0 NOT NULL,
	"left_out" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_runs_status_check" CHECK ("automation_runs"."status" in ('sent', 'skipped')),
	CONSTRAINT "automation_runs_reason_check" CHECK ("automation_runs"."reason" is null or "automation_runs"."reason" in ('insufficient_credit', 'card_unavailable'))
);
--> statement-breakpoint
CREATE TABLE "automation_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"automation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"contact_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"person_id" integer DEFAULT 0 NOT NULL,
	"event_date" date NOT NULL,
	"order_recipient_id" integer,
	"run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_sends_kind_check" CHECK ("automation_sends"."kind" in ('birthday', 'anniversary', 'spouse_birthday', 'child_birthday', 'pet_birthday'))
);
--> statement-breakpoint
CREATE TABLE "automations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"card_id" integer NOT NULL,
	"events" text[] NOT NULL,
	"group_id" integer,
	"message" text NOT NULL,
	"signoff" varchar(255),
	"days_before" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"project_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automations_events_check" CHECK (cardinality("automations"."events") between 1 and 5 and "automations"."events" <@ array['birthday', 'anniversary', 'spouse_birthday', 'child_birthday', 'pet_birthday']::text[]),
	CONSTRAINT "automations_days_before_check" CHECK ("automations"."days_before" between 0 and 30)
);
--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_order_recipient_id_order_recipients_id_fk" FOREIGN KEY ("order_recipient_id") REFERENCES "public"."order_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_run_id_automation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."automation_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_runs_automation_idx" ON "automation_runs" USING btree ("automation_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_skipped_day_key" ON "automation_runs" USING btree ("automation_id","run_day") WHERE "automation_runs"."status" = 'skipped';--> statement-breakpoint
CREATE UNIQUE INDEX "automation_sends_occurrence_key" ON "automation_sends" USING btree ("automation_id","contact_id","kind","person_id","event_date");--> statement-breakpoint
CREATE INDEX "automation_sends_run_idx" ON "automation_sends" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "automations_user_idx" ON "automations" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "automations_active_idx" ON "automations" USING btree ("id") WHERE "automations"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "automations_project_key" ON "automations" USING btree ("project_id");