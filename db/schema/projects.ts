import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { cards, categories, occasions } from "./cards";
import { contacts } from "./contacts";
import { users } from "./users";

export const projects = pgTable(
  "projects",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cardId: integer()
      .notNull()
      .references(() => cards.id),
    name: text().notNull(),
    automationMessage: text().notNull().default(""),
    automationSignoff: text().notNull().default(""),
    // One of lib/fonts.ts's MESSAGE_FONTS, checked by the input schemas: a face added later needs no migration.
    messageFont: text().notNull().default("lora"),
    isBox: boolean().notNull().default(false),
    isPostcard: boolean().notNull().default(false),
    categoryId: integer().references(() => categories.id, { onDelete: "set null" }),
    occasionId: integer().references(() => occasions.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("projects_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export const projectRecipients = pgTable(
  "project_recipients",
  {
    id: serial().primaryKey(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    overrideMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A contact sits on a project at most once.
    uniqueIndex("project_recipients_project_contact_key").on(t.projectId, t.contactId),
    index("project_recipients_contact_idx").on(t.contactId),
    index("project_recipients_user_idx").on(t.userId),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectRecipientRow = typeof projectRecipients.$inferSelect;
