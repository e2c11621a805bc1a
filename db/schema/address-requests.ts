import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { contacts } from "./contacts";
import { users } from "./users";

export const ADDRESS_SUBMISSION_STATUSES = ["pending", "accepted", "rejected"] as const;
export type AddressSubmissionStatus = (typeof ADDRESS_SUBMISSION_STATUSES)[number];

/**
 * A link that asks friends for their address. The secret in its URL is looked up by its SHA-256
 * (so the lookup's timing says nothing about it) and kept sealed (AES-GCM under a key derived from
 * AUTH_SECRET), so the owner can see and share the link again while the table alone opens nothing.
 */
export const addressRequests = pgTable(
  "address_requests",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secretHash: text().notNull().unique("address_requests_secret_hash_key"),
    sealedSecret: text().notNull(),
    message: text(),
    open: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("address_requests_user_idx").on(t.userId, t.id.desc()),
    // What a submission's foreign key names, so that it belongs to its request's owner.
    unique("address_requests_id_user_key").on(t.id, t.userId),
    check("address_requests_message_check", sql`char_length(${t.message}) <= 1000`),
  ],
);

/** What someone sent through a link: it waits for the owner, and changes no contact until accepted. */
export const addressSubmissions = pgTable(
  "address_submissions",
  {
    id: serial().primaryKey(),
    requestId: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text().notNull().default("pending"),
    // The Contact's fields as validated on the way in (lib/address-requests/schema.ts).
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    // The sender's address as a keyed hash (lib/auth/keyed-hash.ts), for the limit an hour.
    clientHash: text().notNull(),
    // The contact accepting created or filled; null until then (or once that contact is deleted).
    contactId: uuid().references(() => contacts.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    foreignKey({ name: "address_submissions_request_fk", columns: [t.requestId, t.userId], foreignColumns: [addressRequests.id, addressRequests.userId] }).onDelete("cascade"),
    index("address_submissions_request_idx").on(t.requestId, t.id.desc()),
    index("address_submissions_user_pending_idx").on(t.userId).where(sql`${t.status} = 'pending'`),
    index("address_submissions_client_idx").on(t.clientHash, t.createdAt),
    check("address_submissions_status_check", sql`${t.status} in ('pending', 'accepted', 'rejected')`),
    check("address_submissions_decided_check", sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    check("address_submissions_payload_check", sql`jsonb_typeof(${t.payload}) = 'object'`),
  ],
);

export type AddressRequestRow = typeof addressRequests.$inferSelect;
export type AddressSubmissionRow = typeof addressSubmissions.$inferSelect;
