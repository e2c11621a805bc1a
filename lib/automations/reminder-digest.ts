import "server-only";
import { and, eq, gt, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import { orderRecipients, users } from "@/db/schema";
import { appOrigin } from "@/lib/config";
import { toCalendarEntry, type CalendarEntry, type CalendarMonth } from "@/lib/events/calendar";
import { daysInMonth, type EventDate } from "@/lib/events/dates";
import { contactEventsQuery, type EventRow } from "@/lib/events/service";
import { log } from "@/lib/logger";
import { localTimeIn } from "@/lib/time-zone";
import { queueMail } from "@/lib/mail/outbox";
import { reminderDigestMail, type DigestEntry } from "@/lib/mail/templates";
import { markAutomatedEntries } from "./view";

const DAY_MS = 86_400_000;

/** An order covers a date when a piece to the contact arrives within this many days before it (or on it). */
export const ORDER_COVERS_DAYS = 30;
/** Accounts looked at per statement of the pass. */
const PASS_BATCH = 200;

export type DigestDate = { date: string; daysAway: number; entry: CalendarEntry };

const dayNumber = (d: EventDate) => Date.UTC(d.year, d.month - 1, d.day) / DAY_MS;
const fromDayNumber = (n: number): EventDate => {
  const date = new Date(n * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};
const isoDay = (d: EventDate) => new Date(Date.UTC(d.year, d.month - 1, d.day)).toISOString().slice(0, 10);

/**
 * The account's birthdays and anniversaries in the `days` days from `today` (today included)
 * that no active automation sends a card for (too late, skipped or without an address counts as
 * not sent, markAutomatedEntries) and no order covers (a piece to the contact, not
 * cancelled or returned, arriving in the ORDER_COVERS_DAYS before the date), nearest first.
 */
export async function uncoveredDates(db: Database, user: { id: number; accountType: number }, days: number, today: EventDate): Promise<DigestDate[]> {
  const first = dayNumber(today);
  const last = first + days - 1;
  const months: { year: number; month: number }[] = [];
  for (let n = first; n <= last; n++) {
    const d = fromDayNumber(n);
    if (!months.some((m) => m.year === d.year && m.month === d.month)) months.push({ year: d.year, month: d.month });
  }

  const found: DigestDate[] = [];
  for (const { year, month } of months) {
    const rows = await execute<EventRow>(db, contactEventsQuery(user.id, month));
    const lastDay = daysInMonth(year, month);
    const byDay = new Map<number, CalendarEntry[]>();
    for (const row of rows) {
      const day = Math.min(Number(row.day), lastDay);
      const n = dayNumber({ year, month, day });
      if (n < first || n > last) continue;
      byDay.set(day, [...(byDay.get(day) ?? []), toCalendarEntry(row, year)]);
    }
    if (byDay.size === 0) continue;
    const calendar: CalendarMonth = { year, month, days: [...byDay].map(([day, entries]) => ({ day, entries })), count: rows.length };
    // The one rule's "covered" (coverage.ts): a date an automation is too late for is not.
    const marked = await markAutomatedEntries({ db, user }, calendar, isoDay(today));
    for (const { day, entries } of marked.days) {
      const date = { year, month, day };
      for (const entry of entries) if ((entry.automations ?? []).length === 0) found.push({ date: isoDay(date), daysAway: dayNumber(date) - first, entry });
    }
  }
  if (found.length === 0) return [];

  const contactIds = [...new Set(found.map((f) => f.entry.contactUuid))];
  const pieces = await db
    .select({ contactId: orderRecipients.contactId, delivery: sql<string>`(${orderRecipients.scheduledDeliveryDate} at time zone 'UTC')::date::text` })
    .from(orderRecipients)
    .where(
      and(
        eq(orderRecipients.userId, user.id),
        inArray(orderRecipients.contactId, contactIds),
        notInArray(orderRecipients.status, ["cancelled", "returned"]),
        gt(orderRecipients.scheduledDeliveryDate, sql`${isoDay(fromDayNumber(first - ORDER_COVERS_DAYS - 1))}::timestamptz`),
      ),
    );
  const covered = (f: DigestDate) => {
    const target = Date.parse(`${f.date}T00:00:00Z`) / DAY_MS;
    return pieces.some((p) => {
      if (p.contactId !== f.entry.contactUuid) return false;
      const arrives = Date.parse(`${p.delivery}T00:00:00Z`) / DAY_MS;
      return arrives <= target && arrives >= target - ORDER_COVERS_DAYS;
    });
  };
  return found.filter((f) => !covered(f)).sort((a, b) => a.daysAway - b.daysAway || (a.entry.text < b.entry.text ? -1 : a.entry.text > b.entry.text ? 1 : 0));
}

const whenFormat = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
const away = (days: number) => (days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`);

/** The calendar's "Send a card" link for a date: the catalog for the occasion, the contact and the day carried along. */
export function sendCardUrl(entry: CalendarEntry, date: string): string {
  const params = new URLSearchParams({ for: entry.contactUuid, occasion: entry.kind === "anniversary" ? "anniversary" : "birthday", delivery_date: date });
  return `${appOrigin()}/cards?${params.toString()}`;
}

export const digestKey = (userId: number, today: EventDate) => `reminder-digest:${userId}:${isoDay(today)}`;

/** The hour of the account's own day from which its digest goes out, so that it arrives in the morning. */
export const DIGEST_LOCAL_HOUR = 8;

export type DigestAccount = { id: number; accountType: number; email: string; username: string; reminderDays: number };
/** An account due for its digest, with the day it is where it lives. */
export type DueAccount = DigestAccount & { today: EventDate };

/**
 * Looks for the digest of one account on its day `today`: queues it when dates in the window are
 * uncovered, and records in the same transaction that the day was looked at, so that the next
 * passes of that day leave the account alone. The dedupe key (account and its local day) still
 * keeps a day to one digest, whichever pass or instance writes it.
 */
export async function queueReminderDigest(db: Database, user: DigestAccount, today: EventDate): Promise<boolean> {
  const dates = await uncoveredDates(db, user, user.reminderDays, today);
  const checked = (tx: Database) => tx.update(users).set({ reminderCheckedOn: isoDay(today) }).where(eq(users.id, user.id));
  if (dates.length === 0) {
    await checked(db);
    return false;
  }
  const entries: DigestEntry[] = dates.map((d) => ({
    when: `${whenFormat.format(new Date(`${d.date}T00:00:00Z`))} (${away(d.daysAway)})`,
    text: (d.entry.tooLateFor ?? []).length > 0 ? `${d.entry.text} (too late for ${d.entry.tooLateFor!.join(", ")})` : d.entry.text,
    sendUrl: sendCardUrl(d.entry, d.date),
  }));
  const mail = reminderDigestMail({ username: user.username, days: user.reminderDays, entries, calendarUrl: `${appOrigin()}/calendar`, accountUrl: `${appOrigin()}/account#reminders` });
  const id = await db.transaction(async (tx) => {
    const written = await queueMail(tx, { ...mail, to: user.email, userId: user.id, dedupeKey: digestKey(user.id, today) });
    await checked(tx);
    return written;
  });
  return id !== undefined;
}

/**
 * The accounts due for their digest at `now`, in batches of PASS_BATCH by id: active, with a
 * reminder window, at or past DIGEST_LOCAL_HOUR of their own day, and not yet looked at on that
 * day. The local day and hour are worked out here, once for each zone the accounts use, with
 * the Intl zones the calendar's "today" comes from (an unknown zone reads as UTC there too):
 * PostgreSQL's `at time zone` knows its own list, and a name missing from it would fail the
 * whole pass. The database then keeps the accounts of the zones where it is morning or later
 * whose day is past their `reminder_checked_on`.
 */
export async function* accountsDueForDigest(db: Database, now: Date): AsyncGenerator<DueAccount[]> {
  const used = await db
    .selectDistinct({ zone: users.timeZone })
    .from(users)
    .where(and(eq(users.isActive, true), isNotNull(users.reminderDays)));
  const zones = used.flatMap(({ zone }) => {
    const local = localTimeIn(zone, now);
    return local.hour >= DIGEST_LOCAL_HOUR ? [{ zone, day: isoDay(local) }] : [];
  });
  if (zones.length === 0) return;

  let after = 0;
  for (;;) {
    const batch = await execute<{ id: number; account_type: number; email: string; username: string; reminder_days: number; day: string }>(
      db,
      sql`select u.id, u.account_type, u.email, u.username, u.reminder_days, z.day::text as day
          from ${users} u
          join json_to_recordset(${JSON.stringify(zones)}::json) as z(zone text, day date) on z.zone = u.time_zone
          where u.id > ${after} and u.is_active and u.reminder_days is not null
            and (u.reminder_checked_on is null or u.reminder_checked_on < z.day)
          order by u.id
          limit ${PASS_BATCH}`,
    );
    if (batch.length > 0) {
      yield batch.map((row) => {
        const [year, month, day] = row.day.split("-").map(Number) as [number, number, number];
        return { id: row.id, accountType: row.account_type, email: row.email, username: row.username, reminderDays: row.reminder_days, today: { year, month, day } };
      });
    }
    if (batch.length < PASS_BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}

/**
 * One pass: every account due at `now` (see accountsDueForDigest) gets the digest of its day if
 * dates in its window are uncovered. Safe to repeat: an account is looked at once a day. An
 * account that fails is logged, left to the next pass, and the pass goes on; the pass then fails
 * so that the queue retries it (the accounts already looked at are not looked at again).
 */
export async function sendReminderDigests(db: Database, now: Date): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for await (const batch of accountsDueForDigest(db, now)) {
    for (const { today, ...user } of batch) {
      try {
        if (await queueReminderDigest(db, user, today)) sent += 1;
      } catch (error) {
        failed += 1;
        log("mail").error({ err: error, user_id: user.id }, "the reminder digest failed for this account");
      }
    }
  }
  if (failed > 0) throw new Error(`the reminder digest failed for ${failed} accounts`);
  return { sent, failed };
}
