import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid, boolean, varchar } from "drizzle-orm/pg-core";

export type AddressBlock = {
  name: string | null;
  company: string | null;
  address: string | null;
  apt: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
};

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    // Stable identifier of the account's own contact card (the return address).
    contactUuid: uuid().notNull().defaultRandom(),
    email: text().notNull(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    accountType: smallint().notNull().default(1),
    creditCents: integer().notNull().default(0),
    // The account's own contact (return address): Contact fields without server-set ones.
    profile: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    shipping: jsonb().$type<AddressBlock>(),
    isActive: boolean().notNull().default(true),
    // Carried in every browser session; bumping it ends them all (sign-out, password change).
    sessionVersion: integer().notNull().default(0),
    /** The IANA zone the web app shows this account's times in (lib/time-zone.ts). */
    timeZone: text().notNull().default("UTC"),
    /** Set when the account was deleted: the row stays, emptied, so its orders stay in the books. */
    deletedAt: timestamp({ withTimezone: true }),
    // Days ahead the daily reminder digest looks (7, 14 or 30); null: no digest.
    reminderDays: smallint().default(14),
    /**
     * The account's local day its reminder digest was last looked for (sent or found empty): the
     * hourly pass skips the account until its own day has moved past this one.
     */
    reminderCheckedOn: date({ mode: "string" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_account_type_check", sql`${t.accountType} in (1, 2, 3)`),
    check("users_credit_not_negative", sql`${t.creditCents} >= 0`),
    check("users_reminder_days_check", sql`${t.reminderDays} in (7, 14, 30)`),
  ],
);

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    /** When the token last authenticated a request, to the minute: written at most once a minute. */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The database, not the application, guarantees one active token per user and app_id.
    uniqueIndex("api_tokens_one_active_per_app").on(t.userId, t.appId).where(sql`${t.revokedAt} is null`),
    index("api_tokens_user_idx").on(t.userId, t.createdAt),
  ],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    ip: text().notNull(),
    // Null while the password is being checked (lib/auth/login.ts): neither a failure nor a success yet.
    succeeded: boolean(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_attempts_lookup_idx").on(t.email, t.ip, t.createdAt)],
);

/**
 * The client addresses an account signed in from with its password, each with its last success:
 * the limit of failed logins per account spares them for 30 days (lib/auth/login.ts). Only a keyed
 * hash of the address is kept, bound to the account.
 */
export const signInAddresses = pgTable(
  "sign_in_addresses",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addressHash: text().notNull(),
    lastSignedInAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] }), index("sign_in_addresses_last_idx").on(t.lastSignedInAt)],
);

/**
 * One row per forgotten-password or email-change mail let through (lib/auth/mail-limits.ts), for
 * the limits per client address and per recipient; the recipient is a keyed hash of the email.
 */
export const mailRequests = pgTable(
  "mail_requests",
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    ip: text().notNull(),
    recipientHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_requests_ip_idx").on(t.ip, t.createdAt), index("mail_requests_recipient_idx").on(t.recipientHash, t.createdAt)],
);

/** One row per sign-up that reached account creation, for the limit per client address. */
export const signUpAttempts = pgTable(
  "sign_up_attempts",
  {
    id: serial().primaryKey(),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_up_attempts_lookup_idx").on(t.ip, t.createdAt)],
);

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer().notNull(),
    responseBody: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("idempotency_keys_pkey_idx").on(t.userId, t.key),
    index("idempotency_keys_created_idx").on(t.createdAt),
    // The daily quota counts one account's keys of the last 24 hours (lib/quotas.ts).
    index("idempotency_keys_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * The API rate limit's counters (lib/api/rate-limit.ts), in the table layout of
 * rate-limiter-flexible's RateLimiterPostgres, whose statements read and write it: one row per
 * token and window, `expire` the end of the window in epoch milliseconds. In the database so
 * that every instance counts the same requests.
 */
export const apiRateLimits = pgTable("api_rate_limits", {
  key: varchar({ length: 255 }).primaryKey(),
  points: integer().notNull().default(0),
  expire: bigint({ mode: "number" }),
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type ApiToken = typeof apiTokens.$inferSelect;

/**
 * An account's calendar feed: a URL with a secret that calendar apps fetch without a token.
 * Only the secret's SHA-256 is kept, so the table alone can't be used to read a feed; a new
 * secret replaces the row, which ends the previous URL.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretHash: text().notNull().unique("calendar_feeds_secret_hash_key"),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
