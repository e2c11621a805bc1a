import "server-only";
import { execute } from "@/db/client";
import type { ServiceContext } from "@/lib/context";
import { daysInMonth, type EventDate } from "./dates";
import { contactEventsQuerySchema } from "./schema";
import { contactEventsQuery, eventPeople, yearsSince, type EventRow } from "./service";
import { CALENDAR_KINDS, describeEvent, joinName, type CalendarEntryKind } from "./wording";

export type { CalendarEntryKind };

export type CalendarEntry = {
  kind: CalendarEntryKind;
  /** The address-book contact the event belongs to (the card goes to them). */
  contactUuid: string;
  contactName: string;
  /** Whose day it is: the contact, the couple, the spouse, the child or the pet. */
  name: string;
  /** How that person relates to the contact ("child of Jane Smith"), null for the contact's own events. */
  relation: string | null;
  /** Age turned or years married, when the year is known. */
  years: number | null;
  /** The same sentence the API returns as the event's text. */
  text: string;
  /** The active automations that will mail (or mailed) a card for it, when the page asked (`markAutomatedEntries`). */
  automations?: string[];
  /** The active automations for it that are too late to: no card of theirs can arrive by the date. */
  tooLateFor?: string[];
};

export type CalendarDay = { day: number; entries: CalendarEntry[] };

export type CalendarMonth = { year: number; month: number; days: CalendarDay[]; count: number };

/** One row of the events statement as the calendar shows it, worded as the API words it. */
export function toCalendarEntry(row: EventRow, eventYear: number): CalendarEntry {
  const people = eventPeople(row);
  const years = yearsSince(eventYear, row.year);
  const words = describeEvent(people, years);
  return {
    kind: CALENDAR_KINDS[row.kind],
    contactUuid: row.contact_id,
    contactName: joinName(people.firstName, people.lastName),
    name: words.whose,
    relation: words.relation,
    years,
    text: words.text,
  };
}

/**
 * The user's events of one month grouped by day, for the calendar page: the same statement and
 * rules as the contact events endpoint (a day past the month's end moves to its last day), with
 * the parts the page shows separately (kind, whose day, the contact to send a card to).
 */
export async function getCalendarMonth(ctx: ServiceContext, input: { year: number; month: number }): Promise<CalendarMonth> {
  const rows = await execute<EventRow>(ctx.db, contactEventsQuery(ctx.user.id, input.month));
  const lastDay = daysInMonth(input.year, input.month);
  const byDay = new Map<number, CalendarEntry[]>();
  for (const row of rows) {
    const day = Math.min(Number(row.day), lastDay);
    const list = byDay.get(day) ?? [];
    list.push(toCalendarEntry(row, input.year));
    byDay.set(day, list);
  }
  const days = [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, entries]) => ({ day, entries: entries.sort((a, b) => compare(a.name, b.name) || compare(a.text, b.text) || compare(a.contactUuid, b.contactUuid)) }));
  return { year: input.year, month: input.month, days, count: rows.length };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A month and year from the page's query string; anything missing or invalid means the current month. */
export function resolveCalendarMonth(query: { month?: unknown; year?: unknown }, today: EventDate): { year: number; month: number } {
  const parsed = contactEventsQuerySchema.safeParse({ month: first(query.month), year: first(query.year) });
  return parsed.success ? parsed.data : { year: today.year, month: today.month };
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

export type GridDay = EventDate & { inMonth: boolean };

/** The weeks shown for a month, Sunday first, padded with the neighbouring months' days. */
export function monthWeeks(year: number, month: number): GridDay[][] {
  const lead = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const total = daysInMonth(year, month);
  const cells = Math.ceil((lead + total) / 7) * 7;
  const weeks: GridDay[][] = [];
  for (let i = 0; i < cells; i++) {
    const date = new Date(Date.UTC(year, month - 1, 1 - lead + i));
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), inMonth: i >= lead && i < lead + total };
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push(day);
  }
  return weeks;
}

/** The month before or after, across year ends, or null past the range the events accept. */
export function shiftMonth(year: number, month: number, by: -1 | 1): { year: number; month: number } | null {
  const index = year * 12 + (month - 1) + by;
  const next = { year: Math.floor(index / 12), month: (index % 12) + 1 };
  return next.year < 1900 || next.year > 9999 ? null : next;
}
