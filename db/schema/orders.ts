import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { contacts } from "./contacts";
import { projectRecipients, projects } from "./projects";
import { users } from "./users";

export const DELIVERY_STATUSES = ["pending", "in_production", "mailed", "delivered", "cancelled", "returned"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
const statusList = sql.raw(DELIVERY_STATUSES.map((s) => `'${s}'`).join(", "));

export const orders = pgTable(
  "orders",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    totalCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("orders_user_created_idx").on(t.userId, t.id.desc()), check("orders_total_not_negative", sql`${t.totalCents} >= 0`)],
);

/**
 * The pieces that entered production in one pass of the fulfilment job: what a print shop is
 * handed as one file (lib/print-batches).
 */
export const printBatches = pgTable("print_batches", {
  id: serial().primaryKey(),
  pieceCount: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const orderRecipients = pgTable(
  "order_recipients",
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    // Null once the project recipient or contact is deleted; the snapshot below stays.
    projectRecipientId: integer().references(() => projectRecipients.id, { onDelete: "set null" }),
    contactId: uuid().references(() => contacts.id, { onDelete: "set null" }),
    internalId: text(),
    name: text().notNull(),
    company: text(),
    address: text(),
    apt: text(),
    city: text(),
    state: text(),
    zip: text(),
    country: text(),
    message: text().notNull().default(""),
    priceCents: integer().notNull(),
    status: text().notNull().default("pending"),
    // Set when the piece enters production; null before, and for a piece an administrator moved by hand.
    printBatchId: integer().references(() => printBatches.id, { onDelete: "set null" }),
    scheduledDeliveryDate: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A project recipient is charged once, whatever the concurrency.
    uniqueIndex("order_recipients_project_recipient_key").on(t.projectRecipientId),
    index("order_recipients_order_idx").on(t.orderId, t.projectId, t.id),
    index("order_recipients_status_idx").on(t.status, t.updatedAt),
    index("order_recipients_print_batch_idx").on(t.printBatchId),
    check("order_recipients_status_check", sql`${t.status} in (${statusList})`),
  ],
);

export const orderStatusEvents = pgTable(
  "order_status_events",
  {
    id: serial().primaryKey(),
    orderRecipientId: integer()
      .notNull()
      .references(() => orderRecipients.id, { onDelete: "cascade" }),
    status: text().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_status_events_recipient_idx").on(t.orderRecipientId, t.createdAt),
    check("order_status_events_status_check", sql`${t.status} in (${statusList})`),
  ],
);

export const CREDIT_ENTRY_KINDS = ["grant", "order", "refund", "adjustment", "purchase"] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Positive adds credit, negative spends it.
    amountCents: integer().notNull(),
    balanceAfterCents: integer().notNull(),
    kind: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    orderRecipientId: integer().references(() => orderRecipients.id, { onDelete: "set null" }),
    note: text(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_ledger_user_idx").on(t.userId, t.id.desc()),
    check("credit_ledger_kind_check", sql`${t.kind} in ('grant', 'order', 'refund', 'adjustment', 'purchase')`),
    check("credit_ledger_balance_not_negative", sql`${t.balanceAfterCents} >= 0`),
    uniqueIndex("credit_ledger_refund_once_key").on(t.orderRecipientId).where(sql`${t.kind} = 'refund'`),
  ],
);

/**
 * Every Stripe Checkout Session whose payment became credit. The unique session id, written in
 * the transaction that adds the 'purchase' ledger row, is what makes a webhook delivered twice
 * (or twice at once) credit once.
 */
export const appliedCheckoutSessions = pgTable("applied_checkout_sessions", {
  id: serial().primaryKey(),
  sessionId: text().notNull().unique("applied_checkout_sessions_session_id_key"),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  amountCents: integer().notNull(),
  ledgerId: integer().references(() => creditLedger.id, { onDelete: "set null" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderRecipientRow = typeof orderRecipients.$inferSelect;
