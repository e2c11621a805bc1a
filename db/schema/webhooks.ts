import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const WEBHOOK_EVENT_TYPES = [
  "order.created",
  "order.recipient.status_changed",
  "automation.run.completed",
  "automation.run.failed",
  "contact.submitted",
  "webhook.test",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const eventTypeList = sql.raw(WEBHOOK_EVENT_TYPES.map((t) => `'${t}'`).join(", "));

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text().notNull(),
    description: text(),
    events: text().array().notNull(),
    active: boolean().notNull().default(true),
    secret: text().notNull(),
    // After a rotation the old secret signs too, until this time, so receivers can switch over.
    previousSecret: text(),
    previousSecretExpiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_endpoints_user_idx").on(t.userId, t.createdAt),
    check("webhook_endpoints_events_check", sql`cardinality(${t.events}) >= 1 and ${t.events} <@ array[${eventTypeList}]::text[]`),
  ],
);

/** The outbox: written in the transaction of the change it reports, delivered afterwards. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    // `msg_` and 32 hex digits: the webhook-id header, the same on every retry.
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_events_user_idx").on(t.userId, t.createdAt), check("webhook_events_type_check", sql`${t.type} in (${eventTypeList})`)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    error: text(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event_key").on(t.endpointId, t.eventId),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id.desc()),
    index("webhook_deliveries_event_idx").on(t.eventId),
    check("webhook_deliveries_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** Each request made for a delivery, with the bodies cut to WEBHOOK_BODY_LOG_MAX characters. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: serial().primaryKey(),
    deliveryId: integer()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attempt: integer().notNull(),
    responseStatus: integer(),
    error: text(),
    durationMs: integer().notNull(),
    requestBody: text().notNull(),
    responseBody: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.id)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
