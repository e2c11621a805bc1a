import { describe, expect, it } from "vitest";
import { UNDATED } from "@/test/fixtures";
import { ageOn, daysAwayText, nextOccurrence, upcomingContactEvents, type DatedContact } from "./upcoming";

const blank: DatedContact = UNDATED;

describe("nextOccurrence", () => {
  it("is today when the day is today, and next year once the day has passed", () => {
    const today = { year: 2026, month: 3, day: 14 };
    expect(nextOccurrence(3, 14, today)).toEqual({ year: 2026, month: 3, day: 14 });
    expect(nextOccurrence(3, 13, today)).toEqual({ year: 2027, month: 3, day: 13 });
    expect(nextOccurrence(12, 31, today)).toEqual({ year: 2026, month: 12, day: 31 });
  });

  it("moves Feb 29 to Feb 28 in a common year", () => {
    expect(nextOccurrence(2, 29, { year: 2026, month: 1, day: 1 })).toEqual({ year: 2026, month: 2, day: 28 });
    expect(nextOccurrence(2, 29, { year: 2028, month: 1, day: 1 })).toEqual({ year: 2028, month: 2, day: 29 });
  });
});

describe("upcomingContactEvents", () => {
  it("lists every dated event of the contact and its family, nearest first, with ages and years", () => {
    const contact: DatedContact = {
      ...blank,
      birthMonth: 1,
      birthDay: 5,
      birthYear: 1980,
      anniversaryMonth: 6,
      anniversaryDay: 20,
      anniversaryYear: 2010,
      spouseFirstName: "Maria",
      spouseBirthMonth: 3,
      spouseBirthDay: 15,
      spouseBirthYear: null,
      children: [{ firstName: "Emma", birthMonth: 3, birthDay: 14, birthYear: 2015 }],
      pets: [
        { name: "Rex", secondaryType: "dog", birthMonth: 4, birthDay: 1, birthYear: null },
        { name: "Moss", secondaryType: null, birthMonth: null, birthDay: 2, birthYear: null },
      ],
    };
    const events = upcomingContactEvents(contact, { year: 2026, month: 3, day: 14 });
    expect(events.map((e) => [e.label, e.relation, e.daysAway, e.years])).toEqual([
      ["Emma's birthday", "child", 0, 11],
      ["Maria's birthday", "spouse", 1, null],
      ["Rex's birthday", "dog", 18, null],
      ["Anniversary", null, 98, 16],
      ["Birthday", null, 297, 47],
    ]);
    expect(events[4]!.date).toEqual({ year: 2027, month: 1, day: 5 });
  });

  it("has nothing for a contact without dates", () => {
    expect(upcomingContactEvents(blank, { year: 2026, month: 1, day: 1 })).toEqual([]);
  });
});

describe("words", () => {
  it("says how far away a day is", () => {
    expect([0, 1, 12].map(daysAwayText)).toEqual(["today", "tomorrow", "in 12 days"]);
  });

  it("counts an age in whole years, before and after the birthday", () => {
    const today = { year: 2026, month: 3, day: 14 };
    expect(ageOn({ year: 2015, month: 3, day: 14 }, today)).toBe(11);
    expect(ageOn({ year: 2015, month: 3, day: 15 }, today)).toBe(10);
    expect(ageOn({ year: 2015, month: null, day: null }, today)).toBe(11);
    expect(ageOn({ year: null, month: 3, day: 1 }, today)).toBeNull();
  });
});
