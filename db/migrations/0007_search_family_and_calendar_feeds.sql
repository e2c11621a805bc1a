CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_secret_hash_key" UNIQUE("secret_hash")
);
--> statement-breakpoint
-- A generated column keeps no default: the expression goes first, keeping every value.
ALTER TABLE "contacts" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "search_text" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Search finds a contact by company, city and a child's or pet's name too. Children and pets
-- are rows of their own tables, so search_text is no longer generated: the trigger that writes
-- api_json (and runs again whenever children or pets change) writes it, the same lower-cased,
-- newline-separated text the trigram index serves.
CREATE OR REPLACE FUNCTION "set_contact_api_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.api_json := (SELECT row_to_json(contact)::text FROM (SELECT
    NEW.id AS uuid, NEW.internal_id AS internal_id, NEW.prefix AS prefix, NEW.first_name AS first_name,
    NEW.middle_name AS middle_name, NEW.last_name AS last_name, NEW.company AS company, NEW.email AS email,
    NEW.phone AS phone, NEW.address AS address, NEW.apt AS apt, NEW.city AS city, NEW.state AS state,
    NEW.zip AS zip, NEW.country AS country, NEW.spouse_prefix AS spouse_prefix,
    NEW.spouse_first_name AS spouse_first_name, NEW.spouse_middle_name AS spouse_middle_name,
    NEW.spouse_last_name AS spouse_last_name,
    NEW.birth_month AS birth_month, NEW.birth_day AS birth_day, NEW.birth_year AS birth_year,
    NEW.anniversary_month AS anniversary_month, NEW.anniversary_day AS anniversary_day, NEW.anniversary_year AS anniversary_year,
    NEW.spouse_birth_month AS spouse_birth_month, NEW.spouse_birth_day AS spouse_birth_day, NEW.spouse_birth_year AS spouse_birth_year,
    array_to_json(array(SELECT child FROM (
      SELECT ch.first_name, ch.birth_month, ch.birth_day, ch.birth_year
      FROM contact_children ch WHERE ch.contact_id = NEW.id ORDER BY ch.position) child)) AS children,
    array_to_json(array(SELECT pet FROM (
      SELECT p.name, p.birth_month, p.birth_day, p.birth_year, p.secondary_type
      FROM contact_pets p WHERE p.contact_id = NEW.id ORDER BY p.position) pet)) AS pets,
    NEW.notes AS notes,
    to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
    to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
  ) contact);
  NEW.search_text := lower(NEW.first_name || ' ' || NEW.last_name || E'\n' || coalesce(NEW.email, '') || E'\n' || coalesce(NEW.phone, '')
    || E'\n' || regexp_replace(coalesce(NEW.phone, ''), '[^0-9]', '', 'g') || E'\n' || coalesce(NEW.company, '') || E'\n' || coalesce(NEW.city, '')
    || E'\n' || coalesce((SELECT string_agg(ch.first_name, E'\n' ORDER BY ch.position) FROM contact_children ch WHERE ch.contact_id = NEW.id), '')
    || E'\n' || coalesce((SELECT string_agg(p.name, E'\n' ORDER BY p.position) FROM contact_pets p WHERE p.contact_id = NEW.id), ''));
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Contacts written before this migration.
UPDATE "contacts" SET "api_json" = '';
--> statement-breakpoint
-- The update queues the deferred book-version triggers: fired now, since the migrations that
-- follow in the same transaction may not alter a table with trigger events pending.
SET CONSTRAINTS ALL IMMEDIATE;
