import type { CalendarEntry } from "@/lib/events/calendar";
import { yearsText } from "@/lib/events/wording";
import { hrefWith } from "@/components/cards/send-context";

type Day = { year: number; month: number; day: number };

const utc = (d: Day) => new Date(Date.UTC(d.year, d.month - 1, d.day));

const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const monthOnly = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
const fullDate = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "March 2026". */
export const formatMonthYear = (year: number, month: number) => monthYear.format(utc({ year, month, day: 1 }));
/** "March". */
export const formatMonth = (month: number) => monthOnly.format(utc({ year: 2000, month, day: 1 }));
/** "Saturday, March 14". */
export const formatLongDay = (d: Day) => longDay.format(utc(d));
/** "Saturday, March 14, 2026". */
export const formatFullDate = (d: Day) => fullDate.format(utc(d));

export const WEEKDAYS = [
  ["Sun", "Sunday"],
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
] as const;

/** "turns 8", "15 years", or null when the year is unknown. */
export const yearsLabel = (entry: CalendarEntry): string | null => yearsText(entry.kind, entry.years);

export const contactHref = (entry: CalendarEntry) => `/contacts/${entry.contactUuid}`;
/**
 * The catalog filtered to the occasion, for the contact, with the day carried as the delivery
 * date (checkout offers it when it is still 7 or more days away).
 */
export const sendCardHref = (entry: CalendarEntry, date: Day) =>
  hrefWith("/cards", {
    for: entry.contactUuid,
    occasion: entry.kind === "anniversary" ? "anniversary" : "birthday",
    delivery_date: utc(date).toISOString().slice(0, 10),
  });
