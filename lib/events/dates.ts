export type EventDate = { year: number; month: number; day: number };

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** Midnight UTC with an explicit offset, e.g. `2026-03-14T00:00:00+00:00`. */
export function eventDateString(date: EventDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}T00:00:00+00:00`;
}

/** "March 14, 2026". */
export function eventTitle(date: EventDate): string {
  return `${MONTH_NAMES[date.month - 1]} ${date.day}, ${date.year}`;
}
