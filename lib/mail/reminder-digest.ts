import "server-only";
import { and, asc, eq, gt, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import { execute, type Database } from "@/db/client";
import { mails, orderRecipients, users } from "@/db/schema";
import { markAutomatedEntries } from "@/lib/automations/view";
import { appOrigin } from "@/lib/config";
import { toCalendarEntry, type CalendarEntry, type CalendarMonth } from "@/lib/events/calendar";
import { daysInMonth, type EventDate } from "@/lib/events/dates";
import { contactEventsQuery, type EventRow } from "@/lib/events/service";
import { utcToday } from "@/lib/events/upcoming";
import type { JobDefinition } from "@/lib/jobs/queue";
import { log } from "@/lib/logger";
import { queueMail } from "./outbox";
import { reminderDigestMail, type DigestEntry } from "./templates";

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
 * that no active automation sends a card for and no order covers (a piece to the contact, not
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
    const marked = await markAutomatedEntries({ db, user }, calendar);
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

/**
 * Queues the day's digest of one account when it has uncovered dates; the dedupe key (account
 * and UTC day) lets a day have one digest at most, whichever pass or instance writes it.
 */
export async function queueReminderDigest(db: Database, user: { id: number; accountType: number; email: string; username: string; reminderDays: number }, today: EventDate): Promise<boolean> {
  const dates = await uncoveredDates(db, user, user.reminderDays, today);
  if (dates.length === 0) return false;
  const entries: DigestEntry[] = dates.map((d) => ({
    when: `${whenFormat.format(new Date(`${d.date}T00:00:00Z`))} (${away(d.daysAway)})`,
    text: d.entry.text,
    sendUrl: sendCardUrl(d.entry, d.date),
  }));
  const mail = reminderDigestMail({ username: user.username, days: user.reminderDays, entries, calendarUrl: `${appOrigin()}/calendar`, accountUrl: `${appOrigin()}/account#reminders` });
  const id = await db.transaction((tx) => queueMail(tx, { ...mail, to: user.email, userId: user.id, dedupeKey: digestKey(user.id, today) }));
  return id !== undefined;
}

/**
 * One pass: every active account with a reminder window that has no digest yet on the UTC day
 * of `now` gets one if dates in its window are uncovered. Safe to repeat: the day's digest of an
 * account is written once. An account that fails is logged and the pass goes on; the pass then
 * fails so that the queue retries it (the accounts already mailed are not mailed again).
 */
export async function sendReminderDigests(db: Database, now: Date): Promise<{ sent: number; failed: number }> {
  const today = utcToday(now);
  let sent = 0;
  let failed = 0;
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: users.id, accountType: users.accountType, email: users.email, username: users.username, reminderDays: users.reminderDays })
      .from(users)
      .where(
        and(
          gt(users.id, after),
          eq(users.isActive, true),
          isNotNull(users.reminderDays),
          sql`not exists (select 1 from ${mails} m where m.dedupe_key = 'reminder-digest:' || ${users.id} || ${`:${isoDay(today)}`})`,
        ),
      )
      .orderBy(asc(users.id))
      .limit(PASS_BATCH);
    for (const user of batch) {
      try {
        if (await queueReminderDigest(db, { ...user, reminderDays: user.reminderDays! }, today)) sent += 1;
      } catch (error) {
        failed += 1;
        log("mail").error({ err: error, user_id: user.id }, "the reminder digest failed for this account");
      }
    }
    if (batch.length < PASS_BATCH) break;
    after = batch[batch.length - 1]!.id;
  }
  if (failed > 0) throw new Error(`the reminder digest failed for ${failed} accounts`);
  return { sent, failed };
}

/**
 * Hourly from pg-boss's scheduler (one run a slot across instances). Hourly rather than daily so
 * that a day the server was down at the hour still gets its digests; the day's key keeps it to
 * one mail per account and day.
 */
export const reminderDigestJob: JobDefinition<Record<string, never>> = {
  name: "reminder-digest",
  description:
    "Mails each account the birthdays and anniversaries of its reminder window (7, 14 or 30 days) that no order or automation covers yet, at most once a UTC day. Every hour.",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  queue: { policy: "stately", retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 30 * 60 },
  run: async ({ db, clock }) => {
    await sendReminderDigests(db, clock.now());
  },
};

export const REMINDER_DIGEST_CRON = "15 * * * *";
