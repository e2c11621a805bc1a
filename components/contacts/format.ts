import type { EventDate } from "@/lib/events/dates";

export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "March 14, 1980", "March 14" (year unknown), "March" (month only), or null when unset. */
export function partialDate(month: number | null, day: number | null, year: number | null): string | null {
  const monthName = month !== null ? MONTHS[month - 1] : undefined;
  if (!monthName) return year !== null ? String(year) : null;
  if (day === null) return year !== null ? `${monthName} ${year}` : monthName;
  return year !== null ? `${monthName} ${day}, ${year}` : `${monthName} ${day}`;
}

/** "Saturday, March 14". */
export function weekdayDate(date: EventDate): string {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
  return `${weekday}, ${MONTHS[date.month - 1]} ${date.day}`;
}
