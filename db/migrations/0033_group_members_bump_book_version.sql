-- Group memberships count as part of the book: what an automation for a group would send is
-- derived from its members' dates, and caches of it compare against the book version. The same
-- deferred, once-per-transaction bump as the contacts' (0020, 0021).
CREATE CONSTRAINT TRIGGER "group_contacts_insert_bump_book_version" AFTER INSERT ON "group_contacts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contact_book_bump_is_due(NEW.user_id)) EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "group_contacts_update_bump_book_version" AFTER UPDATE ON "group_contacts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contact_book_bump_is_due(OLD.user_id, NEW.user_id)) EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "group_contacts_delete_bump_book_version" AFTER DELETE ON "group_contacts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (contact_book_bump_is_due(OLD.user_id)) EXECUTE FUNCTION "bump_contact_book_version"();
--> statement-breakpoint
CREATE TRIGGER "group_contacts_truncate_bumps_book_versions" AFTER TRUNCATE ON "group_contacts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_contact_book_versions"();
