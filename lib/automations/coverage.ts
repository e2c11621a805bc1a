import { addDays, daysBetween, fromDateOnly, toDateOnly } from "@/lib/dates";
import { occurrenceDates, SEND_LEAD_DAYS } from "./occurrences";

/*
 * The one rule of what an automation will send (DESIGN.md, "Automations that keep their
 * word"). The scheduler sends what it finds due, `upcoming` lists every occurrence with its
 * status, and the calendar's marks and the reminder digest say a date is covered only when this
 * rule sends it a card; none of them decides on its own.
 */

/**
 * `scheduled`: sent on its send date, arriving on its delivery date. `late`: already past its
 * send date, sent today, arriving after its delivery date but by the date itself. `too_late`:
 * can no longer arrive by the date, never sent.
 */
export type OccurrenceStatus = "scheduled" | "late" | "too_late";

export type OccurrencePlan = {
  status: OccurrenceStatus;
  /** The day it is ordered: its send date, or today once that has passed. */
  sendDate: string;
  /** The day it arrives: its delivery date, or as soon as the post allows (for a too-late one, after the date). */
  deliveryDate: string;
  /** The event date minus the day it arrives, in days; null when too late. */
  daysEarly: number | null;
  /** It goes out on `today`: its send date has come and it still arrives by the date. */
  due: boolean;
};

const shift = (date: string, days: number) => toDateOnly(addDays(fromDateOnly(date), days));

/** What becomes, seen on `today` (UTC days, `YYYY-MM-DD`), of an occurrence not handled yet whose date is today or later. */
export function planOccurrence(today: string, eventDate: string, daysBefore: number): OccurrencePlan {
  const dates = occurrenceDates(eventDate, daysBefore);
  const earliest = shift(today, SEND_LEAD_DAYS);
  const sendDate = dates.sendDate > today ? dates.sendDate : today;
  const deliveryDate = dates.deliveryDate > earliest ? dates.deliveryDate : earliest;
  if (earliest > eventDate) return { status: "too_late", sendDate, deliveryDate, daysEarly: null, due: false };
  return {
    status: deliveryDate > dates.deliveryDate ? "late" : "scheduled",
    sendDate,
    deliveryDate,
    daysEarly: daysBetween(fromDateOnly(deliveryDate), fromDateOnly(eventDate)),
    due: dates.sendDate <= today,
  };
}

/** What an automation has done with an occurrence: ordered a card (not cancelled or returned), or handled it without one (skipped on activation, no address). */
export type Handled = "ordered" | "not_sent" | null;

/** How an active automation covers a date the calendar or the digest shows: it sends (or sent) a card, it is too late to, or it does not. */
export type DateCover = "automated" | "too_late" | null;

/**
 * The calendar's mark and the digest's test for one date an active automation is for (its kind
 * and group): covered when its card was ordered, or when it will be (a full address, the date
 * still to come and a card still able to arrive by it); too late when a card can no longer
 * arrive; nothing otherwise (a date gone by unsent, a skipped or left-out one).
 */
export function coverOfDate(input: { today: string; eventDate: string; daysBefore: number; hasAddress: boolean; handled: Handled }): DateCover {
  if (input.handled === "ordered") return "automated";
  if (input.handled === "not_sent" || !input.hasAddress || input.eventDate < input.today) return null;
  return planOccurrence(input.today, input.eventDate, input.daysBefore).status === "too_late" ? "too_late" : "automated";
}
