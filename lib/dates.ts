import { z } from "zod";

/*
 * Days without a time, as the API writes them (`YYYY-MM-DD`, UTC): scheduled deliveries,
 * automations' occurrences and the calendar count in whole UTC days.
 */

const DAY_MS = 86_400_000;

/** A calendar date written `YYYY-MM-DD`, checked to exist (no February 30). */
export const dateOnly = (message = "Must be a date written YYYY-MM-DD.") => z.iso.date({ error: message }).meta({ format: "date", example: "2026-12-24" });

/** Midnight UTC of the day `at` falls on. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** `YYYY-MM-DD` of the UTC day `at` falls on. */
export function toDateOnly(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Midnight UTC of a `YYYY-MM-DD` date. */
export function fromDateOnly(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

export function addDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * DAY_MS);
}

/** Whole days from `from` to `to`, both taken as their UTC days. */
export function daysBetween(from: Date, to: Date): number {
  return Math.round((startOfUtcDay(to).getTime() - startOfUtcDay(from).getTime()) / DAY_MS);
}
