import { describe, expect, it } from "vitest";
import { updateAccountSettingsSchema } from "@/lib/account/schema";
import { signUpSchema } from "@/lib/auth/schema";
import { checkInput } from "@/lib/validation";
import { canonicalTimeZone, formatInstant, localTimeIn, timeZoneNames, timeZoneOptions, todayIn } from "./time-zone";

// ICU writes a narrow no-break space before AM/PM; a reader sees a space.
const shown = (at: string, zone: string, style?: Parameters<typeof formatInstant>[2]) => formatInstant(at, zone, style).replace(/\s+/g, " ");

describe("formatInstant", () => {
  it("writes a moment in the account's zone, with the zone's name", () => {
    expect(shown("2026-01-01T00:00:00Z", "UTC")).toBe("January 1, 2026 at 12:00 AM UTC");
    expect(shown("2026-06-01T00:00:00Z", "Asia/Kathmandu")).toBe("June 1, 2026 at 5:45 AM GMT+5:45");
    expect(shown("2026-07-04T16:05:00Z", "America/Los_Angeles")).toBe("July 4, 2026 at 9:05 AM PDT");
  });

  it("skips the hour that daylight saving time leaves out, and tells the repeated hour apart", () => {
    // New York springs forward at 2:00 on March 8, 2026: 1:59 EST is followed by 3:00 EDT.
    expect(shown("2026-03-08T06:59:00Z", "America/New_York")).toBe("March 8, 2026 at 1:59 AM EST");
    expect(shown("2026-03-08T07:00:00Z", "America/New_York")).toBe("March 8, 2026 at 3:00 AM EDT");
    // ...and falls back at 2:00 on November 1: 1:30 comes twice, once in each offset.
    expect(shown("2026-11-01T05:30:00Z", "America/New_York")).toBe("November 1, 2026 at 1:30 AM EDT");
    expect(shown("2026-11-01T06:30:00Z", "America/New_York")).toBe("November 1, 2026 at 1:30 AM EST");
    // London moves at 1:00 UTC on March 29; Lord Howe Island by half an hour.
    expect(shown("2026-03-29T00:59:00Z", "Europe/London")).toBe("March 29, 2026 at 12:59 AM GMT");
    expect(shown("2026-03-29T01:00:00Z", "Europe/London")).toBe("March 29, 2026 at 2:00 AM GMT+1");
    expect(shown("2026-04-04T14:59:00Z", "Australia/Lord_Howe")).toBe("April 5, 2026 at 1:59 AM GMT+11");
    expect(shown("2026-04-04T15:00:00Z", "Australia/Lord_Howe")).toBe("April 5, 2026 at 1:30 AM GMT+10:30");
  });

  it("puts a moment on the day it is in the zone, which may not be the UTC day", () => {
    const lateEvening = "2026-03-14T03:30:00Z";
    expect(shown(lateEvening, "UTC", "date")).toBe("March 14, 2026");
    expect(shown(lateEvening, "America/Chicago", "date")).toBe("March 13, 2026");
    expect(shown(lateEvening, "Pacific/Kiritimati", "shortDate")).toBe("Mar 14, 2026");
    expect(shown("2026-12-31T23:30:00Z", "Asia/Tokyo", "shortDate")).toBe("Jan 1, 2027");
  });

  it("reads an unknown zone as UTC rather than failing the page", () => {
    expect(shown("2026-01-01T00:00:00Z", "Mars/Olympus_Mons")).toBe("January 1, 2026 at 12:00 AM UTC");
  });
});

describe("todayIn", () => {
  it("is the calendar day in the zone", () => {
    const now = new Date("2026-01-01T03:00:00Z");
    expect(todayIn("UTC", now)).toEqual({ year: 2026, month: 1, day: 1 });
    expect(todayIn("America/Los_Angeles", now)).toEqual({ year: 2025, month: 12, day: 31 });
    expect(todayIn("Pacific/Auckland", new Date("2026-06-30T12:00:00Z"))).toEqual({ year: 2026, month: 7, day: 1 });
  });
});

describe("localTimeIn", () => {
  it("is the day and the hour in the zone, midnight as hour 0", () => {
    const now = new Date("2026-01-01T08:30:00Z");
    expect(localTimeIn("UTC", now)).toEqual({ year: 2026, month: 1, day: 1, hour: 8 });
    expect(localTimeIn("America/Los_Angeles", now)).toEqual({ year: 2026, month: 1, day: 1, hour: 0 });
    expect(localTimeIn("Pacific/Auckland", now)).toEqual({ year: 2026, month: 1, day: 1, hour: 21 });
    expect(localTimeIn("Asia/Kolkata", now)).toEqual({ year: 2026, month: 1, day: 1, hour: 14 });
    // An unknown zone reads as UTC, as the rest of the app shows it.
    expect(localTimeIn("Mars/Olympus_Mons", now)).toEqual({ year: 2026, month: 1, day: 1, hour: 8 });
  });
});

describe("time zone names", () => {
  it("lists UTC first, then every IANA zone once", () => {
    const names = timeZoneNames();
    expect(names[0]).toBe("UTC");
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(["America/New_York", "Europe/Berlin", "Asia/Tokyo", "Australia/Lord_Howe"]));
    expect(names.every((name) => canonicalTimeZone(name) !== null)).toBe(true);
  });

  it("knows a zone whatever its case, and nothing that is not one", () => {
    expect(canonicalTimeZone("america/new_york")).toBe("America/New_York");
    expect(canonicalTimeZone(" Europe/Paris ")).toBe("Europe/Paris");
    for (const value of ["", "Mars/Olympus_Mons", "New York", "+05:00x", "x".repeat(65)]) expect(canonicalTimeZone(value)).toBeNull();
  });

  it("takes a zone chosen in the account only from the list, in its canonical spelling", () => {
    expect(checkInput(updateAccountSettingsSchema, { username: "Ada", time_zone: "europe/berlin" })).toEqual({ ok: true, data: { username: "Ada", time_zone: "Europe/Berlin" } });
    expect(checkInput(updateAccountSettingsSchema, { username: "Ada", time_zone: "Nowhere/Town" })).toEqual({ ok: false, errors: { time_zone: ["Choose a time zone from the list."] } });
    expect(checkInput(updateAccountSettingsSchema, { username: " ", time_zone: "UTC" })).toEqual({ ok: false, errors: { username: ["The username field is required."] } });
  });

  it("takes the browser's guess at sign-up when it is a zone, and UTC otherwise", () => {
    const account = { username: "Ada", email: "ada@example.com", password: "analytical-engine-1843" };
    const zoneOf = (time_zone: unknown) => {
      const result = checkInput(signUpSchema, { ...account, time_zone });
      return result.ok ? result.data.time_zone : result.errors;
    };
    expect(zoneOf("America/Denver")).toBe("America/Denver");
    expect(zoneOf("not a zone")).toBe("UTC");
    expect(zoneOf("")).toBe("UTC");
    expect(zoneOf(undefined)).toBe("UTC");
  });

  it("offers every zone once, UTC first, then by region with its city, name and offset of the day", () => {
    const winter = timeZoneOptions(new Date("2026-01-15T12:00:00Z"));
    expect(winter.map((option) => option.zone).sort()).toEqual([...timeZoneNames()].sort());
    expect(winter[0]).toEqual({ zone: "UTC", region: "UTC", label: "UTC: Coordinated Universal Time" });
    const find = (options: typeof winter, zone: string) => options.find((option) => option.zone === zone);
    expect(find(winter, "America/New_York")).toEqual({ zone: "America/New_York", region: "Americas", label: "New York: Eastern Time (GMT-5)" });
    expect(find(winter, "America/Argentina/Rio_Gallegos")?.label).toMatch(/^Rio Gallegos: .+ \(GMT-3\)$/);
    expect(find(winter, "Indian/Maldives")?.region).toBe("Indian Ocean");
    const regions = winter.slice(1).map((option) => option.region);
    expect(regions).toEqual([...regions].sort((a, b) => a.localeCompare(b)));
    // In July New York keeps daylight time: the list of that day says so.
    expect(find(timeZoneOptions(new Date("2026-07-15T12:00:00Z")), "America/New_York")?.label).toBe("New York: Eastern Time (GMT-4)");
  });
});
