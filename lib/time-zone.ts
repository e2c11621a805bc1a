/*
 * The account's time zone: an IANA name in which the web app shows every moment (when an order
 * was placed, a piece changed status, a token was last used). Calendar days (delivery dates,
 * birthdays, an automation's send date) are not moments: they stay the UTC day they are stored
 * as, whatever the zone. The API always answers in UTC.
 */

export const DEFAULT_TIME_ZONE = "UTC";

/** The zone's canonical name as this runtime's Intl knows it, or null when it is not a zone. */
export function canonicalTimeZone(value: string): string | null {
  const name = value.trim();
  if (name === "" || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The zones offered in the account's list: UTC first, then every IANA zone by name. */
export function timeZoneNames(): string[] {
  const zones = Intl.supportedValuesOf("timeZone").filter((zone) => zone !== DEFAULT_TIME_ZONE);
  return [DEFAULT_TIME_ZONE, ...zones.sort()];
}

const REGION_NAMES: Record<string, string> = {
  Africa: "Africa",
  America: "Americas",
  Antarctica: "Antarctica",
  Arctic: "Arctic",
  Asia: "Asia",
  Atlantic: "Atlantic Ocean",
  Australia: "Australia",
  Europe: "Europe",
  Indian: "Indian Ocean",
  Pacific: "Pacific",
};

/** A zone as a person picks it: its region, and "New York: Eastern Time (GMT-5)". */
export type TimeZoneOption = { zone: string; region: string; label: string };

let optionsOfDay: { day: string; options: TimeZoneOption[] } | null = null;

/**
 * Every zone of timeZoneNames() with a friendly label (its city, the zone's own name and today's
 * offset from Intl, in English) and its region, UTC first, then by region and city. Offsets move
 * with daylight saving time, so the list is made once a day (418 zones take Intl about 90 ms).
 */
export function timeZoneOptions(now: Date = new Date()): TimeZoneOption[] {
  const day = now.toISOString().slice(0, 10);
  if (optionsOfDay?.day === day) return optionsOfDay.options;
  const part = (zone: string, timeZoneName: "longGeneric" | "shortOffset") =>
    new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName }).formatToParts(now).find((p) => p.type === "timeZoneName")?.value ?? "";
  const options = timeZoneNames().map((zone): TimeZoneOption => {
    if (zone === DEFAULT_TIME_ZONE) return { zone, region: "UTC", label: "UTC: Coordinated Universal Time" };
    const [area = zone] = zone.split("/");
    const city = zone.split("/").at(-1)!.replace(/_/g, " ");
    const offset = part(zone, "shortOffset");
    const name = part(zone, "longGeneric");
    // Intl names some zones only by their offset ("GMT-05:00"): the offset alone says it.
    const described = name === "" || /^GMT[+-]/.test(name) ? offset : `${name} (${offset})`;
    return { zone, region: REGION_NAMES[area] ?? area, label: `${city}: ${described}` };
  });
  const rest = options.slice(1).sort((a, b) => a.region.localeCompare(b.region) || a.label.localeCompare(b.label));
  optionsOfDay = { day, options: [options[0]!, ...rest] };
  return optionsOfDay.options;
}

/** "America/New_York" reads "America/New York" in the list. */
export const timeZoneLabel = (zone: string) => zone.replace(/_/g, " ");

/**
 * How a moment is written: `date` "March 14, 2026"; `shortDate` "Mar 14, 2026"; `dateTime`
 * "March 14, 2026 at 3:04 PM EDT" (the zone named, so a reader never has to guess it).
 */
export type InstantStyle = "date" | "shortDate" | "dateTime";

const STYLES: Record<InstantStyle, Intl.DateTimeFormatOptions> = {
  date: { year: "numeric", month: "long", day: "numeric" },
  shortDate: { year: "numeric", month: "short", day: "numeric" },
  dateTime: { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
};

// Building a DateTimeFormat costs far more than using one: one per zone and style, kept.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string, style: InstantStyle): Intl.DateTimeFormat {
  const key = `${zone}|${style}`;
  let format = formats.get(key);
  if (!format) {
    const timeZone = canonicalTimeZone(zone) ?? DEFAULT_TIME_ZONE;
    format = new Intl.DateTimeFormat("en-US", { ...STYLES[style], timeZone });
    formats.set(key, format);
  }
  return format;
}

/** A moment written in a time zone (an unknown zone reads as UTC rather than failing a page). */
export function formatInstant(value: Date | string | number, zone: string, style: InstantStyle = "dateTime"): string {
  return formatFor(zone, style).format(new Date(value));
}

const dayParts = new Map<string, Intl.DateTimeFormat>();

/** The calendar day and the hour (0 to 23) it is in a zone at `now`. */
export function localTimeIn(zone: string, now: Date = new Date()): { year: number; month: number; day: number; hour: number } {
  let format = dayParts.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      // Midnight is hour 0: "en-US" alone may write it as 24 of the day before.
      hourCycle: "h23",
      timeZone: canonicalTimeZone(zone) ?? DEFAULT_TIME_ZONE,
    });
    dayParts.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) };
}

/** The calendar day it is in a zone at `now` (the calendar's "today" is the account's today). */
export function todayIn(zone: string, now: Date = new Date()): { year: number; month: number; day: number } {
  const { year, month, day } = localTimeIn(zone, now);
  return { year, month, day };
}
