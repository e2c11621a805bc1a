CREATE INDEX "contacts_user_mailable_dates_idx" ON "contacts" USING btree ("user_id","birth_month","birth_day","anniversary_month","anniversary_day","spouse_birth_month","spouse_birth_day","id") WHERE (coalesce("contacts"."address", '') <> '' and coalesce("contacts"."city", '') <> '' and coalesce("contacts"."state", '') <> '' and coalesce("contacts"."zip", '') <> '');--> statement-breakpoint
CREATE INDEX "automation_sends_automation_event_idx" ON "automation_sends" USING btree ("automation_id","event_date");
--> statement-breakpoint
DROP INDEX "contacts_user_email_key_idx";--> statement-breakpoint
DROP INDEX "contacts_user_phone_digits_idx";--> statement-breakpoint
DROP INDEX "contacts_user_name_address_idx";--> statement-breakpoint
CREATE INDEX "contacts_user_email_key_idx" ON "contacts" USING btree ("user_id",lower(btrim("email")),"email");--> statement-breakpoint
CREATE INDEX "contacts_user_phone_digits_idx" ON "contacts" USING btree ("user_id",regexp_replace("phone", '[^0-9]', '', 'g'),"phone");--> statement-breakpoint
CREATE INDEX "contacts_user_name_address_idx" ON "contacts" USING btree ("user_id",lower(regexp_replace(btrim("first_name") || ' ' || btrim("last_name") || ' | ' || btrim("address"), '\s+', ' ', 'g')),"first_name","last_name","address");