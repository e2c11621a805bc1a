-- A bulk write of contacts (lib/contacts/upsert.ts) writes each contact row once: the children
-- and pets first, then the contact, whose JSON and search text then read them. Until now a new
-- contact's family, written after it, made the family's statement trigger rewrite the contact
-- row (every index of contacts again, the trigram index's the dearest).
--
-- The family's references to the contact may wait for the end of the writer's statements
-- (SET CONSTRAINTS ... DEFERRED, only in that write): everywhere else they stay immediate.
ALTER TABLE "contact_children" ALTER CONSTRAINT "contact_children_contact_id_contacts_id_fk" DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE "contact_pets" ALTER CONSTRAINT "contact_pets_contact_id_contacts_id_fk" DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
-- While the writer says so (the transaction-local setting cardmail.family_written_first), the
-- family's statements leave the contact rows alone: the writer writes them next.
CREATE OR REPLACE FUNCTION "refresh_contact_api_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cardmail.family_written_first', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE contacts SET api_json = '' WHERE id IN (SELECT contact_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE contacts SET api_json = '' WHERE id IN (SELECT contact_id FROM old_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE contacts SET api_json = '' WHERE id IN (SELECT contact_id FROM new_rows UNION SELECT contact_id FROM old_rows);
  ELSE
    -- TRUNCATE names no contact: every contact is written again.
    UPDATE contacts SET api_json = '';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A new contact reads its family too when the writer wrote it first.
CREATE OR REPLACE FUNCTION "set_contact_api_json"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  children json := '[]';
  pets json := '[]';
  family_names text := E'\n';
BEGIN
  IF TG_OP = 'UPDATE' OR current_setting('cardmail.family_written_first', true) = 'on' THEN
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
