import { addDays, fromDateOnly, toDateOnly } from "@/lib/dates";
import { placeholdersIn } from "@/lib/placeholders";

/*
 * The rules of an automation's occurrences (DESIGN.md, Automations), on `YYYY-MM-DD` UTC days.
 * An occurrence is one event of one person in one year: its event date E, delivery date
 * D = E - days_before, send date S = D - 7. It is due on day T when S <= T and T + 7 <= E, and
 * then goes out to arrive on max(D, T + 7): what becomes of each is coverage.ts's to say. The
 * database finds occurrences with the same rules (occurrence-sql.ts); occurrences.test.ts runs
 * the same cases through both.
 */

/** Days between sending a card and its arrival: production starts 7 days before delivery. */
export const SEND_LEAD_DAYS = 7;

export const PLACEHOLDERS = ["first_name", "last_name", "contact_first_name", "age", "years"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

/** The `{...}` of a message that are not placeholders, each once, in the order written. */
export function unknownPlaceholders(message: string): string[] {
  return placeholdersIn(message)
    .filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name))
    .map((name) => `{${name}}`);
}

/** Whole years from `since` to the event's year, empty when the year is unknown. */
export function yearsSince(eventDate: string, since: number | null): string {
  return since === null ? "" : String(Number(eventDate.slice(0, 4)) - since);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The date of a month and day in a year; a day past the month's end (Feb 29 in a common year) is its last day. */
export function eventDateIn(year: number, month: number, day: number): string {
  const d = Math.min(day, daysInMonth(year, month));
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const shift = (date: string, days: number) => toDateOnly(addDays(fromDateOnly(date), days));

export type OccurrenceDates = { eventDate: string; deliveryDate: string; sendDate: string };

/** D and S of an event date. */
export function occurrenceDates(eventDate: string, daysBefore: number): OccurrenceDates {
  const deliveryDate = shift(eventDate, -daysBefore);
  return { eventDate, deliveryDate, sendDate: shift(deliveryDate, -SEND_LEAD_DAYS) };
}

/**
 * The event dates an occurrence can have to be due on `today` ([T + 7, T + 7 + days_before]),
 * or, with `horizonDays`, to be sent within that many days ([T + 7, T + horizon + 7 + days_before]).
 */
export function eventWindow(today: string, daysBefore: number, horizonDays = 0): { from: string; to: string } {
  return { from: shift(today, SEND_LEAD_DAYS), to: shift(today, horizonDays + SEND_LEAD_DAYS + daysBefore) };
}

/** The months (1..12) a window of days touches, for the per-month indexes. */
export function monthsOf(window: { from: string; to: string }): number[] {
  const months = new Set<number>();
  let at = fromDateOnly(`${window.from.slice(0, 7)}-01`);
  const end = fromDateOnly(window.to);
  while (at <= end && months.size < 12) {
    months.add(at.getUTCMonth() + 1);
    at = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  }
  return [...months].sort((a, b) => a - b);
}

/** The occurrences of a month and day (year unknown or not) whose event date lies in the window, by year. */
export function eventDatesInWindow(month: number, day: number, window: { from: string; to: string }): string[] {
  const dates: string[] = [];
  for (let year = Number(window.from.slice(0, 4)); year <= Number(window.to.slice(0, 4)); year++) {
    const date = eventDateIn(year, month, day);
    if (date >= window.from && date <= window.to) dates.push(date);
  }
  return dates;
}

/** A month and day as one number (March 14 is 314), the key of the day-of-year indexes. */
export const dayKey = (month: number, day: number) => month * 100 + day;

/**
 * The ranges of day keys (both ends included) whose dates can fall in the window, or null when
 * the window covers a whole year. A range ending on a month's last day reaches day 31 of that
 * month, so that a day past a month's end (Feb 29 in a common year, April 31) is found on the
 * last day it moves to; the exact event dates are then checked against the window itself.
 */
export function dayKeyRanges(window: { from: string; to: string }): [number, number][] | null {
  const from = fromDateOnly(window.from);
  const to = fromDateOnly(window.to);
  if (to.getTime() < from.getTime()) return [];
  if (toDateOnly(addDays(from, 365)) <= window.to || (from.getUTCFullYear() !== to.getUTCFullYear() && dayKeyOf(to) >= dayKeyOf(from))) return null;
  const end = (date: Date) => {
    const month = date.getUTCMonth() + 1;
    return date.getUTCDate() === daysInMonth(date.getUTCFullYear(), month) ? dayKey(month, 31) : dayKeyOf(date);
  };
  if (from.getUTCFullYear() === to.getUTCFullYear()) return [[dayKeyOf(from), end(to)]];
  return [
    [dayKeyOf(from), dayKey(12, 31)],
    [dayKey(1, 1), end(to)],
  ];
}

function dayKeyOf(date: Date): number {
  return dayKey(date.getUTCMonth() + 1, date.getUTCDate());
}
