import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

export const MAIL_KINDS = ["password_reset", "email_change", "order_receipt", "automation_skipped", "reminder_digest", "card_cancelled"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * queued: waiting for (or between) attempts at the SMTP server; sending: an attempt holds it
 * until `lease_until`; sent: accepted by the SMTP server; kept: no SMTP_URL, so it stays here
 * for the administrators' mailbox; failed: every attempt failed, kept for the record.
 */
export const MAIL_STATUSES = ["queued", "sending", "sent", "kept", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

const kindList = sql.raw(MAIL_KINDS.map((k) => `'${k}'`).join(", "));
const statusList = sql.raw(MAIL_STATUSES.map((s) => `'${s}'`).join(", "));

/** Every mail the app writes, rendered when it is written, whichever way it then leaves. */
export const mails = pgTable(
  "mails",
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    to: text().notNull(),
    subject: text().notNull(),
    kind: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    status: text().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    /** One mail per key at most (the day's reminder digest of an account), however many passes run. */
    dedupeKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("mails_user_idx").on(t.userId),
    uniqueIndex("mails_dedupe_key").on(t.dedupeKey),
    check("mails_kind_check", sql`${t.kind} in (${kindList})`),
    check("mails_status_check", sql`${t.status} in (${statusList})`),
  ],
);

/**
 * password_reset: sets a new password; email_change: confirms the new email it holds;
 * email_revert: mailed to the old address when the email changed, it takes the account back to
 * the email it holds (with a new password, everyone else signed out).
 */
export const ACCOUNT_TOKEN_PURPOSES = ["password_reset", "email_change", "email_revert"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];
const purposeList = sql.raw(ACCOUNT_TOKEN_PURPOSES.map((p) => `'${p}'`).join(", "));

/**
 * Single-use links mailed to the account: a password reset, the confirmation of a new email, or
 * the way back to the old one.
 * Only the SHA-256 of the secret is kept, so the table alone cannot be used to take an account.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text().notNull(),
    tokenHash: text().notNull(),
    /** The address an email change moves the account to, once confirmed, or a revert moves it back to. */
    newEmail: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("account_tokens_hash_key").on(t.tokenHash),
    index("account_tokens_user_idx").on(t.userId, t.purpose, t.createdAt),
    check("account_tokens_purpose_check", sql`${t.purpose} in (${purposeList})`),
    check("account_tokens_email_change_check", sql`(${t.purpose} in ('email_change', 'email_revert')) = (${t.newEmail} is not null)`),
  ],
);

export type MailRow = typeof mails.$inferSelect;
