CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"account_type" smallint DEFAULT 1 NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shipping" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_account_type_check" CHECK ("users"."account_type" in (1, 2, 3)),
	CONSTRAINT "users_credit_not_negative" CHECK ("users"."credit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contact_children" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"first_name" text NOT NULL,
	"birth_month" smallint,
	"birth_day" smallint,
	"birth_year" integer,
	CONSTRAINT "contact_children_birth_month_check" CHECK ("contact_children"."birth_month" is null or "contact_children"."birth_month" between 1 and 12),
	CONSTRAINT "contact_children_birth_day_check" CHECK ("contact_children"."birth_day" is null or "contact_children"."birth_day" between 1 and 31)
);
--> statement-breakpoint
CREATE TABLE "contact_pets" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"secondary_type" text,
	"birth_month" smallint,
	"birth_day" smallint,
	"birth_year" integer,
	CONSTRAINT "contact_pets_birth_month_check" CHECK ("contact_pets"."birth_month" is null or "contact_pets"."birth_month" between 1 and 12),
	CONSTRAINT "contact_pets_birth_day_check" CHECK ("contact_pets"."birth_day" is null or "contact_pets"."birth_day" between 1 and 31)
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"internal_id" varchar(20),
	"prefix" text,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"company" text,
	"email" text,
	"phone" text,
	"address" text,
	"apt" text,
	"city" text,
	"state" text,
	"zip" text,
	"country" text,
	"spouse_prefix" text,
	"spouse_first_name" text,
	"spouse_middle_name" text,
	"spouse_last_name" text,
	"birth_month" smallint,
	"birth_day" smallint,
	"birth_year" integer,
	"anniversary_month" smallint,
	"anniversary_day" smallint,
	"anniversary_year" integer,
	"spouse_birth_month" smallint,
	"spouse_birth_day" smallint,
	"spouse_birth_year" integer,
	"notes" text,
	"search_text" text GENERATED ALWAYS AS (lower("contacts"."first_name" || ' ' || "contacts"."last_name" || E'\n' || coalesce("contacts"."email", '') || E'\n' || coalesce("contacts"."phone", '') || E'\n' || regexp_replace(coalesce("contacts"."phone", ''), '[^0-9]', '', 'g'))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_birth_month_check" CHECK ("contacts"."birth_month" is null or "contacts"."birth_month" between 1 and 12),
	CONSTRAINT "contacts_birth_day_check" CHECK ("contacts"."birth_day" is null or "contacts"."birth_day" between 1 and 31),
	CONSTRAINT "contacts_anniversary_month_check" CHECK ("contacts"."anniversary_month" is null or "contacts"."anniversary_month" between 1 and 12),
	CONSTRAINT "contacts_anniversary_day_check" CHECK ("contacts"."anniversary_day" is null or "contacts"."anniversary_day" between 1 and 31),
	CONSTRAINT "contacts_spouse_birth_month_check" CHECK ("contacts"."spouse_birth_month" is null or "contacts"."spouse_birth_month" between 1 and 12),
	CONSTRAINT "contacts_spouse_birth_day_check" CHECK ("contacts"."spouse_birth_day" is null or "contacts"."spouse_birth_day" between 1 and 31)
);
--> statement-breakpoint
CREATE TABLE "group_contacts" (
	"group_id" integer NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_contacts_group_id_contact_id_pk" PRIMARY KEY("group_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "artists_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "card_categories" (
	"card_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "card_categories_card_id_category_id_pk" PRIMARY KEY("card_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "card_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"type" text NOT NULL,
	"path" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "card_images_type_check" CHECK ("card_images"."type" in ('front', 'inside', 'back', 'thumbnail'))
);
--> statement-breakpoint
CREATE TABLE "card_occasions" (
	"card_id" integer NOT NULL,
	"occasion_id" integer NOT NULL,
	CONSTRAINT "card_occasions_card_id_occasion_id_pk" PRIMARY KEY("card_id","occasion_id")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"is_vertical" boolean DEFAULT true NOT NULL,
	"is_box" boolean DEFAULT false NOT NULL,
	"is_postcard" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"artist_id" integer NOT NULL,
	"customization_type_id" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"artwork" text DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_slug_unique" UNIQUE("slug"),
	CONSTRAINT "cards_price_not_negative" CHECK ("cards"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "customization_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "customization_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "occasions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "occasions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "project_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"override_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"name" text NOT NULL,
	"automation_message" text DEFAULT '' NOT NULL,
	"automation_signoff" text DEFAULT '' NOT NULL,
	"is_box" boolean DEFAULT false NOT NULL,
	"is_postcard" boolean DEFAULT false NOT NULL,
	"category_id" integer,
	"occasion_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"order_recipient_id" integer,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_kind_check" CHECK ("credit_ledger"."kind" in ('grant', 'order', 'refund', 'adjustment')),
	CONSTRAINT "credit_ledger_balance_not_negative" CHECK ("credit_ledger"."balance_after_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" uuid NOT NULL,
	"project_recipient_id" integer,
	"contact_id" uuid,
	"internal_id" text,
	"name" text NOT NULL,
	"company" text,
	"address" text,
	"apt" text,
	"city" text,
	"state" text,
	"zip" text,
	"country" text,
	"message" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"scheduled_delivery_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_recipients_status_check" CHECK ("order_recipients"."status" in ('pending', 'in_production', 'mailed', 'delivered', 'cancelled', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "order_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_recipient_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_events_status_check" CHECK ("order_status_events"."status" in ('pending', 'in_production', 'mailed', 'delivered', 'cancelled', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_not_negative" CHECK ("orders"."total_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_children" ADD CONSTRAINT "contact_children_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_children" ADD CONSTRAINT "contact_children_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_pets" ADD CONSTRAINT "contact_pets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_pets" ADD CONSTRAINT "contact_pets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_contacts" ADD CONSTRAINT "group_contacts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_contacts" ADD CONSTRAINT "group_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_contacts" ADD CONSTRAINT "group_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_categories" ADD CONSTRAINT "card_categories_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_categories" ADD CONSTRAINT "card_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_images" ADD CONSTRAINT "card_images_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_occasions" ADD CONSTRAINT "card_occasions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_occasions" ADD CONSTRAINT "card_occasions_occasion_id_occasions_id_fk" FOREIGN KEY ("occasion_id") REFERENCES "public"."occasions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_customization_type_id_customization_types_id_fk" FOREIGN KEY ("customization_type_id") REFERENCES "public"."customization_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_recipients" ADD CONSTRAINT "project_recipients_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_recipients" ADD CONSTRAINT "project_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_recipients" ADD CONSTRAINT "project_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_occasion_id_occasions_id_fk" FOREIGN KEY ("occasion_id") REFERENCES "public"."occasions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_order_recipient_id_order_recipients_id_fk" FOREIGN KEY ("order_recipient_id") REFERENCES "public"."order_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_recipients" ADD CONSTRAINT "order_recipients_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_recipients" ADD CONSTRAINT "order_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_recipients" ADD CONSTRAINT "order_recipients_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_recipients" ADD CONSTRAINT "order_recipients_project_recipient_id_project_recipients_id_fk" FOREIGN KEY ("project_recipient_id") REFERENCES "public"."project_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_recipients" ADD CONSTRAINT "order_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_order_recipient_id_order_recipients_id_fk" FOREIGN KEY ("order_recipient_id") REFERENCES "public"."order_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_one_active_per_app" ON "api_tokens" USING btree ("user_id","app_id") WHERE "api_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_pkey_idx" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_lookup_idx" ON "login_attempts" USING btree ("email","ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "contact_children_position_key" ON "contact_children" USING btree ("contact_id","position");--> statement-breakpoint
CREATE INDEX "contact_children_user_birth_month_idx" ON "contact_children" USING btree ("user_id","birth_month");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_pets_position_key" ON "contact_pets" USING btree ("contact_id","position");--> statement-breakpoint
CREATE INDEX "contact_pets_user_birth_month_idx" ON "contact_pets" USING btree ("user_id","birth_month");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_internal_id_key" ON "contacts" USING btree ("user_id","internal_id");--> statement-breakpoint
CREATE INDEX "contacts_user_name_idx" ON "contacts" USING btree ("user_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_user_birth_month_idx" ON "contacts" USING btree ("user_id","birth_month");--> statement-breakpoint
CREATE INDEX "contacts_user_anniversary_month_idx" ON "contacts" USING btree ("user_id","anniversary_month");--> statement-breakpoint
CREATE INDEX "contacts_user_spouse_birth_month_idx" ON "contacts" USING btree ("user_id","spouse_birth_month");--> statement-breakpoint
CREATE INDEX "group_contacts_contact_idx" ON "group_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "groups_user_idx" ON "groups" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "card_categories_category_idx" ON "card_categories" USING btree ("category_id","card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_images_card_type_key" ON "card_images" USING btree ("card_id","type");--> statement-breakpoint
CREATE INDEX "card_occasions_occasion_idx" ON "card_occasions" USING btree ("occasion_id","card_id");--> statement-breakpoint
CREATE INDEX "cards_active_idx" ON "cards" USING btree ("id") WHERE "cards"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "project_recipients_project_contact_key" ON "project_recipients" USING btree ("project_id","contact_id");--> statement-breakpoint
CREATE INDEX "project_recipients_contact_idx" ON "project_recipients" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "project_recipients_user_idx" ON "project_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "projects_user_created_idx" ON "projects" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_refund_once_key" ON "credit_ledger" USING btree ("order_recipient_id") WHERE "credit_ledger"."kind" = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "order_recipients_project_recipient_key" ON "order_recipients" USING btree ("project_recipient_id");--> statement-breakpoint
CREATE INDEX "order_recipients_order_idx" ON "order_recipients" USING btree ("order_id","project_id","id");--> statement-breakpoint
CREATE INDEX "order_recipients_status_idx" ON "order_recipients" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "order_status_events_recipient_idx" ON "order_status_events" USING btree ("order_recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","id" DESC NULLS LAST);