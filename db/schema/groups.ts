import { index, integer, pgTable, primaryKey, serial, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { contacts } from "./contacts";
import { users } from "./users";

export const groups = pgTable(
  "groups",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar({ length: 255 }).notNull(),
    description: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("groups_user_idx").on(t.userId, t.name)],
);

export const groupContacts = pgTable(
  "group_contacts",
  {
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.contactId] }), index("group_contacts_contact_idx").on(t.contactId)],
);

export type GroupRow = typeof groups.$inferSelect;
