CREATE INDEX "contact_children_user_birth_day_key_idx" ON "contact_children" USING btree ("user_id",("birth_month" * 100 + "birth_day"));--> statement-breakpoint
CREATE INDEX "contact_pets_user_birth_day_key_idx" ON "contact_pets" USING btree ("user_id",("birth_month" * 100 + "birth_day"));--> statement-breakpoint
CREATE INDEX "contacts_user_birth_day_key_idx" ON "contacts" USING btree ("user_id",("birth_month" * 100 + "birth_day"));--> statement-breakpoint
CREATE INDEX "contacts_user_anniversary_day_key_idx" ON "contacts" USING btree ("user_id",("anniversary_month" * 100 + "anniversary_day"));--> statement-breakpoint
CREATE INDEX "contacts_user_spouse_birth_day_key_idx" ON "contacts" USING btree ("user_id",("spouse_birth_month" * 100 + "spouse_birth_day"));