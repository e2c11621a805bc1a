ALTER TABLE "contact_book_versions" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The same bump as 0001's, with the time of the change: the calendar feed's Last-Modified.
CREATE OR REPLACE FUNCTION "bump_contact_book_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uids integer[];
  uid integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    uids := ARRAY[NEW.user_id];
  ELSIF TG_OP = 'DELETE' THEN
    uids := ARRAY[OLD.user_id];
  ELSE
    -- A row moved to another user changes both books.
    uids := ARRAY[OLD.user_id, NEW.user_id];
  END IF;
  FOREACH uid IN ARRAY uids LOOP
    CONTINUE WHEN current_setting('cardmail.book_bumped_' || uid, true) = '1';
    PERFORM set_config('cardmail.book_bumped_' || uid, '1', true);
    INSERT INTO contact_book_versions (user_id, version, changed_at)
      SELECT uid, nextval('contact_book_version_seq'), now() WHERE EXISTS (SELECT 1 FROM users WHERE id = uid)
      ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version, changed_at = EXCLUDED.changed_at;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_all_contact_book_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_book_versions SET version = nextval('contact_book_version_seq'), changed_at = now();
  RETURN NULL;
END
$$;
