import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { cards } from "./cards";
import { contacts } from "./contacts";
import { groups } from "./groups";
import { orderRecipients, orders } from "./orders";
import { projects } from "./projects";
import { users } from "./users";

export const AUTOMATION_EVENTS = ["birthday", "anniversary", "spouse_birthday", "child_birthday", "pet_birthday"] as const;
export type AutomationEvent = (typeof AUTOMATION_EVENTS)[number];
const eventList = sql.raw(AUTOMATION_EVENTS.map((e) => `'${e}'`).join(", "));

export const AUTOMATION_RUN_STATUSES = ["sent", "skipped"] as const;
export type AutomationRunStatus = (typeof AUTOMATION_RUN_STATUSES)[number];
export const AUTOMATION_SKIP_REASONS = ["insufficient_credit", "card_unavailable", "skipped_on_activation"] as const;
export type AutomationSkipReason = (typeof AUTOMATION_SKIP_REASONS)[number];

export type LeftOutOccurrence = { contact_uuid: string; kind: AutomationEvent; reason: "missing_address" };

export const automations = pgTable(
  "automations",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar({ length: 255 }).notNull(),
    cardId: integer()
      .notNull()
      .references(() => cards.id),
    events: text().array().notNull(),
    // Deleting the group deletes its automations: a null group_id means every contact, so
    // setting it null would silently widen who receives cards.
    groupId: integer().references(() => groups.id, { onDelete: "cascade" }),
    message: text().notNull(),
    signoff: varchar({ length: 255 }),
    // One of lib/fonts.ts's MESSAGE_FONTS, checked by the input schemas.
    messageFont: text().notNull().default("lora"),
    daysBefore: smallint().notNull().default(0),
    active: boolean().notNull().default(true),
    // The project its orders are recorded under (tracking groups pieces by project); never
    // listed among the user's projects.
    projectId: uuid()
      .notNull()
      .references(() => projects.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("automations_user_idx").on(t.userId, t.id),
    index("automations_active_idx").on(t.id).where(sql`${t.active}`),
    uniqueIndex("automations_project_key").on(t.projectId),
    check("automations_events_check", sql`cardinality(${t.events}) between 1 and 5 and ${t.events} <@ array[${eventList}]::text[]`),
    check("automations_days_before_check", sql`${t.daysBefore} between 0 and 30`),
  ],
);

export const automationRuns = pgTable(
  "automation_runs",
  {
    id: serial().primaryKey(),
    automationId: integer()
      .notNull()
      .references(() => automations.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    runDay: date({ mode: "string" }).notNull(),
    status: text().notNull(),
    reason: text(),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    recipientsCount: integer().notNull().default(0),
    creditChargedCents: integer().notNull().default(0),
    creditNeededCents: integer().notNull().default(0),
    leftOut: jsonb().$type<LeftOutOccurrence[]>().notNull().default([]),
    // Pieces addressed to a household: occurrences of one kind and date at one address, one card.
    householdsMerged: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("automation_runs_automation_idx").on(t.automationId, t.id.desc()),
    // A run that keeps being skipped is one row a day, rewritten on each retry; what was due when
    // the automation was turned on and the user chose not to send is a row of its own.
    uniqueIndex("automation_runs_skipped_day_key").on(t.automationId, t.runDay).where(sql`${t.status} = 'skipped' and ${t.reason} <> 'skipped_on_activation'`),
    check("automation_runs_status_check", sql`${t.status} in ('sent', 'skipped')`),
    check("automation_runs_reason_check", sql`${t.reason} is null or ${t.reason} in ('insufficient_credit', 'card_unavailable', 'skipped_on_activation')`),
  ],
);

/**
 * Every occurrence an automation has handled (ordered, or left out for a missing address): the
 * unique key is what makes each occurrence go out at most once, whatever the concurrency.
 */
export const automationSends = pgTable(
  "automation_sends",
  {
    id: serial().primaryKey(),
    automationId: integer()
      .notNull()
      .references(() => automations.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    // The child's or pet's id; 0 for the contact and the spouse, so the key never holds a null.
    personId: integer().notNull().default(0),
    eventDate: date({ mode: "string" }).notNull(),
    orderRecipientId: integer().references(() => orderRecipients.id, { onDelete: "set null" }),
    runId: integer().references(() => automationRuns.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("automation_sends_occurrence_key").on(t.automationId, t.contactId, t.kind, t.personId, t.eventDate),
    index("automation_sends_run_idx").on(t.runId),
    // The sends of one automation in a window of event dates: what upcoming counts out of a
    // year (lib/automations/occurrence-sql.ts), a few weeks' worth among every year it has sent.
    index("automation_sends_automation_event_idx").on(t.automationId, t.eventDate),
    check("automation_sends_kind_check", sql`${t.kind} in (${eventList})`),
  ],
);

export type AutomationRow = typeof automations.$inferSelect;
export type AutomationRunRow = typeof automationRuns.$inferSelect;
