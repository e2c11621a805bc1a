CREATE SEQUENCE "public"."contact_book_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "contact_book_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_book_versions" ADD CONSTRAINT "contact_book_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Changes a user's book version in every transaction that writes their contacts, children or
-- pets. Deferred to commit, so the version row is locked only for the instant of commit (no
-- deadlock with the row locks a bulk upsert holds), and bumped once per transaction and user
-- (a transaction-local flag), so a 1,000-row add-recipients does one upsert, not 1,000. The
-- EXISTS guard: deleting a user cascades to their contacts, and the FK must not fail at commit.
-- Versions come from a sequence: readers compare them for equality only, and a value never
-- issued before can't match a version some cache read earlier.
CREATE FUNCTION "bump_contact_book_version"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO contact_book_versions (user_id, version)
      SELECT uid, nextval('contact_book_version_seq') WHERE EXISTS (SELECT 1 FROM users WHERE id = uid)
      ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Books written before this migration get a row too, so that a TRUNCATE (below) reaches them.
INSERT INTO "contact_book_versions" ("user_id") SELECT "id" FROM "users" WHERE EXISTS (SELECT 1 FROM "contacts" WHERE "contacts"."user_id" = "users"."id");
--> statement-breakpoint
-- TRUNCATE fires no row trigger and names no user: every book counts as changed.
CREATE FUNCTION "bump_all_contact_book_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_book_versions SET version = nextval('contact_book_version_seq');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contacts_bump_book_version" AFTER INSERT OR UPDATE OR DELETE ON "contacts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contact_children_bump_book_version" AFTER INSERT OR UPDATE OR DELETE ON "contact_children" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contact_pets_bump_book_version" AFTER INSERT OR UPDATE OR DELETE ON "contact_pets" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE TRIGGER "contacts_truncate_bumps_book_versions" AFTER TRUNCATE ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_contact_book_versions"();
--> statement-breakpoint
CREATE TRIGGER "contact_children_truncate_bumps_book_versions" AFTER TRUNCATE ON "contact_children" FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_contact_book_versions"();
--> statement-breakpoint
CREATE TRIGGER "contact_pets_truncate_bumps_book_versions" AFTER TRUNCATE ON "contact_pets" FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_contact_book_versions"();
