import type { EventDate } from "@/lib/events/dates";
import { MONTHS } from "@/lib/contacts/view";

/** "Saturday, March 14". */
export function weekdayDate(date: EventDate): string {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
  return `${weekday}, ${MONTHS[date.month - 1]} ${date.day}`;
}
