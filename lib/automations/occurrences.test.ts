import { fillPlaceholders } from "@/lib/placeholders";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { createUser } from "@/test/api";
import { addChild, addContact, addPet } from "@/test/automation-fixtures";
import { planOccurrence } from "./coverage";
import { findOccurrences } from "./occurrence-sql";
import { dayKeyRanges, eventDateIn, eventDatesInWindow, eventWindow, monthsOf, occurrenceDates, unknownPlaceholders, yearsSince } from "./occurrences";

// The rule's answers (coverage.ts) one at a time.
const isDue = (today: string, eventDate: string, daysBefore: number) => planOccurrence(today, eventDate, daysBefore).due;
const deliveryWhenSent = (today: string, eventDate: string, daysBefore: number) => planOccurrence(today, eventDate, daysBefore).deliveryDate;
const plannedDates = (today: string, eventDate: string, daysBefore: number) => {
  const { sendDate, deliveryDate } = planOccurrence(today, eventDate, daysBefore);
  return { eventDate, sendDate, deliveryDate };
};

describe("occurrence rules", () => {
  it("puts Feb 29 on Feb 28 in a common year and keeps it in a leap year", () => {
    expect(eventDateIn(2027, 2, 29)).toBe("2027-02-28");
    expect(eventDateIn(2028, 2, 29)).toBe("2028-02-29");
    expect(eventDateIn(2027, 4, 31)).toBe("2027-04-30");
  });

  it("sends 7 days before the delivery date, days_before 0 and 30", () => {
    expect(occurrenceDates("2027-03-10", 0)).toEqual({ eventDate: "2027-03-10", deliveryDate: "2027-03-10", sendDate: "2027-03-03" });
    expect(occurrenceDates("2027-03-10", 30)).toEqual({ eventDate: "2027-03-10", deliveryDate: "2027-02-08", sendDate: "2027-02-01" });
  });

  it("is due from the send date until 7 days before the event date, never after (missed occurrences are never sent)", () => {
    expect(isDue("2027-03-02", "2027-03-10", 0)).toBe(false);
    expect(isDue("2027-03-03", "2027-03-10", 0)).toBe(true);
    expect(isDue("2027-03-04", "2027-03-10", 0)).toBe(false);
    expect(isDue("2027-01-31", "2027-03-10", 30)).toBe(false);
    expect(isDue("2027-02-01", "2027-03-10", 30)).toBe(true);
    expect(isDue("2027-03-03", "2027-03-10", 30)).toBe(true);
    expect(isDue("2027-03-04", "2027-03-10", 30)).toBe(false);
  });

  it("sends a late occurrence to arrive as soon as the post allows, never after the date itself", () => {
    expect(deliveryWhenSent("2027-02-01", "2027-03-10", 30)).toBe("2027-02-08");
    expect(deliveryWhenSent("2027-02-20", "2027-03-10", 30)).toBe("2027-02-27");
    expect(deliveryWhenSent("2027-03-03", "2027-03-10", 30)).toBe("2027-03-10");
    expect(plannedDates("2027-02-20", "2027-03-10", 30)).toEqual({ eventDate: "2027-03-10", sendDate: "2027-02-20", deliveryDate: "2027-02-27" });
    expect(plannedDates("2027-01-01", "2027-03-10", 30)).toEqual({ eventDate: "2027-03-10", sendDate: "2027-02-01", deliveryDate: "2027-02-08" });
  });

  it("finds early January dates from late December, across the year's end", () => {
    expect(isDue("2026-12-27", "2027-01-03", 0)).toBe(true);
    const window = eventWindow("2026-12-20", 30);
    expect(window).toEqual({ from: "2026-12-27", to: "2027-01-26" });
    expect(monthsOf(window)).toEqual([1, 12]);
    expect(eventDatesInWindow(1, 3, window)).toEqual(["2027-01-03"]);
    expect(eventDatesInWindow(12, 28, window)).toEqual(["2026-12-28"]);
  });

  it("fills {age} and {years} only when the year is known, in one pass", () => {
    const values = { first_name: "{age}", last_name: "Ellis", contact_first_name: "Margaret", age: yearsSince("2027-04-12", 1987), years: "" };
    expect(fillPlaceholders("Happy {age}th, {first_name} {last_name}! Love to {contact_first_name}. {years}", values)).toBe("Happy 40th, {age} Ellis! Love to Margaret. ");
    expect(yearsSince("2027-04-12", null)).toBe("");
  });

  it("names every brace that is not a placeholder", () => {
    expect(unknownPlaceholders("Hi {first_name} {name}, {name} and {}")).toEqual(["{name}", "{}"]);
    expect(unknownPlaceholders("{first_name} {last_name} {contact_first_name} {age} {years}")).toEqual([]);
  });
});

describe("day-of-year ranges", () => {
  it("reads the days a window touches, across the new year, and a whole year as everything", () => {
    expect(dayKeyRanges({ from: "2027-03-10", to: "2027-03-10" })).toEqual([[310, 310]]);
    expect(dayKeyRanges({ from: "2026-12-27", to: "2027-01-26" })).toEqual([
      [1227, 1231],
      [101, 126],
    ]);
    expect(dayKeyRanges({ from: "2027-03-10", to: "2028-03-09" })).toEqual(null);
    expect(dayKeyRanges({ from: "2027-03-10", to: "2028-04-12" })).toEqual(null);
  });

  it("reaches the end of a month a window ends on, where days past a month's end land", () => {
    expect(dayKeyRanges({ from: "2027-02-21", to: "2027-02-28" })).toEqual([[221, 231]]);
    expect(dayKeyRanges({ from: "2028-02-22", to: "2028-02-28" })).toEqual([[222, 228]]);
    expect(dayKeyRanges({ from: "2027-04-23", to: "2027-04-30" })).toEqual([[423, 431]]);
  });
});

describe("the same rules in SQL", () => {
  const dates: [number, number][] = [
    [2, 29],
    [2, 28],
    [1, 3],
    [12, 28],
    [12, 31],
    [3, 10],
    [4, 31],
    [7, 15],
  ];
  const windows = [
    eventWindow("2026-12-20", 30),
    eventWindow("2026-12-27", 0),
    eventWindow("2027-02-21", 0),
    eventWindow("2027-04-23", 0),
    eventWindow("2027-04-23", 3),
    eventWindow("2027-02-21", 30),
    eventWindow("2028-02-22", 0),
    eventWindow("2027-03-03", 0, 366),
    eventWindow("2027-06-01", 30, 366),
  ];

  it("finds exactly the event dates the rules give, for every kind of person", async () => {
    const user = await createUser();
    const db = await getDb();
    const people = [];
    for (const [month, day] of dates) {
      const contact = await addContact(user.id, { birthMonth: month, birthDay: day, spouseBirthMonth: month, spouseBirthDay: day, spouseFirstName: "Sam" });
      await addChild(user.id, contact.id, { firstName: "Kid", birthMonth: month, birthDay: day });
      await addPet(user.id, contact.id, { name: "Rex", birthMonth: month, birthDay: day });
      people.push({ id: contact.id, month, day });
    }
    const kinds = ["birthday", "spouse_birthday", "child_birthday", "pet_birthday"] as const;
    for (const window of windows) {
      const rows = await findOccurrences(db, { automationId: 0, userId: user.id, groupId: null, events: kinds, window });
      const found = rows.map((row) => `${row.contact_id} ${row.kind} ${row.event_date}`).sort();
      const expected = people.flatMap((p) => eventDatesInWindow(p.month, p.day, window).flatMap((date) => kinds.map((kind) => `${p.id} ${kind} ${date}`))).sort();
      expect(found, JSON.stringify(window)).toEqual(expected);
    }
  });
});
