-- A transaction that writes 10,000 contacts with their children queued 40,000 deferred trigger
-- events, each run at commit only to find the book already bumped: seconds of work on commit,
-- which on the embedded database holds every other request. A constraint trigger's WHEN is
-- evaluated when the row is written, and an event it rejects is never queued, so the WHEN now
-- lets through only the first write of each book in the transaction (a transaction-local flag,
-- reset with a savepoint that rolls back, as the event is). The trigger function is unchanged.
CREATE FUNCTION "contact_book_bump_is_due"(VARIADIC uids integer[]) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  uid integer;
  due boolean := false;
BEGIN
  FOREACH uid IN ARRAY uids LOOP
    CONTINUE WHEN current_setting('cardmail.book_bump_queued_' || uid, true) = '1';
    PERFORM set_config('cardmail.book_bump_queued_' || uid, '1', true);
    due := true;
  END LOOP;
  RETURN due;
END
$$;
--> statement-breakpoint
DROP TRIGGER "contacts_bump_book_version" ON "contacts";
--> statement-breakpoint
DROP TRIGGER "contact_children_bump_book_version" ON "contact_children";
--> statement-breakpoint
DROP TRIGGER "contact_pets_bump_book_version" ON "contact_pets";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contacts_insert_bump_book_version" AFTER INSERT ON "contacts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contact_book_bump_is_due(NEW.user_id)) EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contacts_update_bump_book_version" AFTER UPDATE ON "contacts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contact_book_bump_is_due(OLD.user_id, NEW.user_id)) EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contacts_delete_bump_book_version" AFTER DELETE ON "contacts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contact_book_bump_is_due(OLD.user_id)) EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contact_children_insert_bump_book_version" AFTER INSERT ON "contact_children" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contact_book_bump_is_due(NEW.user_id)) EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contact_children_update_bump_book_version" AFTER UPDATE ON "contact_children" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contact_book_bump_is_due(OLD.user_id, NEW.user_id)) EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contact_children_delete_bump_book_version" AFTER DELETE ON "contact_children" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contact_book_bump_is_due(OLD.user_id)) EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contact_pets_insert_bump_book_version" AFTER INSERT ON "contact_pets" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contact_book_bump_is_due(NEW.user_id)) EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contact_pets_update_bump_book_version" AFTER UPDATE ON "contact_pets" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contact_book_bump_is_due(OLD.user_id, NEW.user_id)) EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contact_pets_delete_bump_book_version" AFTER DELETE ON "contact_pets" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contact_book_bump_is_due(OLD.user_id)) EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
-- Rows a trigram index has not merged yet wait in a pending list, merged in one go by the write
-- that fills it: 4 MB by default, a pause of 100-150 ms on the embedded database. A list of
-- 256 kB is merged in a sixteenth of the time, as often.
ALTER INDEX "contacts_search_trgm_idx" SET (gin_pending_list_limit = 256);
