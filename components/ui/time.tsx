"use client";

import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_TIME_ZONE, formatInstant, type InstantStyle } from "@/lib/time-zone";

const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/** The signed-in account's time zone, for every <Time> below (the signed-in layout sets it). */
export function TimeZoneProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  return <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>;
}

export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}

/**
 * A moment (when something happened), written in the account's time zone; the element carries
 * the exact instant for machines. Server and browser format it in the same zone, so the text
 * never changes on hydration. Calendar days (delivery dates, birthdays) are not moments: they
 * are written in UTC by their own formatters.
 */
export function Time({ value, style = "dateTime", className }: { value: Date | string; style?: InstantStyle; className?: string }) {
  const timeZone = useTimeZone();
  const at = new Date(value);
  return (
    <time dateTime={at.toISOString()} className={className}>
      {formatInstant(at, timeZone, style)}
    </time>
  );
}
