ALTER TABLE "contact_book_versions" ADD COLUMN "contact_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each book's contact count, kept at the end of every statement that adds or removes contacts
-- (from its transition table: one row per user and statement, not per contact), and by a row
-- trigger for the rare contact moved to another user.
CREATE FUNCTION "count_book_contacts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contact_book_versions (user_id, contact_count)
      SELECT n.user_id, count(*)::int FROM new_rows n WHERE EXISTS (SELECT 1 FROM users WHERE id = n.user_id)
      GROUP BY n.user_id ORDER BY n.user_id
      ON CONFLICT (user_id) DO UPDATE SET contact_count = contact_book_versions.contact_count + EXCLUDED.contact_count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE contact_book_versions v SET contact_count = v.contact_count - o.n
      FROM (SELECT user_id, count(*)::int AS n FROM old_rows GROUP BY user_id) o WHERE v.user_id = o.user_id;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE contact_book_versions SET contact_count = contact_count - 1 WHERE user_id = OLD.user_id;
    INSERT INTO contact_book_versions (user_id, contact_count)
      SELECT NEW.user_id, 1 WHERE EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id)
      ON CONFLICT (user_id) DO UPDATE SET contact_count = contact_book_versions.contact_count + 1;
  ELSE
    UPDATE contact_book_versions SET contact_count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_insert_counts" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_book_contacts"();
--> statement-breakpoint
CREATE TRIGGER "contacts_delete_counts" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_book_contacts"();
--> statement-breakpoint
CREATE TRIGGER "contacts_move_counts" AFTER UPDATE OF "user_id" ON "contacts" FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION "count_book_contacts"();
--> statement-breakpoint
CREATE TRIGGER "contacts_truncate_counts" AFTER TRUNCATE ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION "count_book_contacts"();
--> statement-breakpoint
-- The books that exist.
INSERT INTO contact_book_versions (user_id, contact_count)
  SELECT user_id, count(*)::int FROM contacts GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET contact_count = EXCLUDED.contact_count;
--> statement-breakpoint
-- api_json (and runs again whenever children or pets change) writes it, the same lower-cased,
-- newline-separated text the trigram index serves.
-- A new contact has no children or pets yet: theirs reference it, so they are written after it
-- (and their statement's trigger writes this JSON again). Not reading them for an insert halves
-- this function's time in a bulk insert of new contacts.
CREATE OR REPLACE FUNCTION "set_contact_api_json"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  children json := '[]';
  pets json := '[]';
  family_names text := E'\n';
BEGIN
  IF TG_OP = 'UPDATE' THEN
    children := array_to_json(array(SELECT child FROM (
      SELECT ch.first_name, ch.birth_month, ch.birth_day, ch.birth_year
      FROM contact_children ch WHERE ch.contact_id = NEW.id ORDER BY ch.position) child));
    pets := array_to_json(array(SELECT pet FROM (
      SELECT p.name, p.birth_month, p.birth_day, p.birth_year, p.secondary_type
      FROM contact_pets p WHERE p.contact_id = NEW.id ORDER BY p.position) pet));
    family_names := coalesce((SELECT string_agg(ch.first_name, E'\n' ORDER BY ch.position) FROM contact_children ch WHERE ch.contact_id = NEW.id), '')
      || E'\n' || coalesce((SELECT string_agg(p.name, E'\n' ORDER BY p.position) FROM contact_pets p WHERE p.contact_id = NEW.id), '');
  END IF;
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
    children AS children, pets AS pets, NEW.notes AS notes,
    to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
    to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
  ) contact);
  NEW.search_text := lower(NEW.first_name || ' ' || NEW.last_name || E'\n' || coalesce(NEW.email, '') || E'\n' || coalesce(NEW.phone, '')
    || E'\n' || regexp_replace(coalesce(NEW.phone, ''), '[^0-9]', '', 'g') || E'\n' || coalesce(NEW.company, '') || E'\n' || coalesce(NEW.city, '')
    || E'\n' || family_names);
  RETURN NEW;
END
$$;
