import { describe, expect, it } from "vitest";
import { toCalendarEntry } from "./calendar";
import { eventText, type EventRow } from "./service";
import { upcomingContactEvents, type DatedContact } from "./upcoming";
import { CALENDAR_KIND_LABELS, eventHeadline, possessive, yearsText } from "./wording";

const today = { year: 2026, month: 1, day: 1 };

const row = (fields: Partial<EventRow> & Pick<EventRow, "kind">): EventRow => ({
  contact_id: "00000000-0000-4000-8000-000000000001",
  day: 14,
  year: null,
  first_name: "James",
  last_name: "Jones",
  spouse_first_name: "Doris",
  spouse_last_name: null,
  name: null,
  secondary_type: null,
  ...fields,
});

// The contact the rows above are read from, as the contact page gets it.
const james: DatedContact = {
  birthMonth: 3,
  birthDay: 14,
  birthYear: 1980,
  anniversaryMonth: 6,
  anniversaryDay: 1,
  anniversaryYear: 2010,
  spouseFirstName: "Doris",
  spouseBirthMonth: 4,
  spouseBirthDay: 2,
  spouseBirthYear: null,
  children: [{ firstName: "Charles", birthMonth: 5, birthDay: 3, birthYear: 2018 }],
  pets: [{ name: "Boots", secondaryType: "cat", birthMonth: 7, birthDay: 9, birthYear: null }],
};

describe("event wording", () => {
  it("writes 's after every name, s-ending ones too", () => {
    expect(possessive("James")).toBe("James's");
    expect(eventHeadline("birthday", "James")).toBe("James's birthday");
    expect(eventHeadline("anniversary", null)).toBe("Anniversary");
    expect(CALENDAR_KIND_LABELS).toEqual({
      birthday: "Birthday",
      anniversary: "Anniversary",
      spouse: "Spouse's birthday",
      child: "Child's birthday",
      pet: "Pet's birthday",
    });
  });

  it("gives the API, the calendar and the contact page the same text for the same event", () => {
    const page = upcomingContactEvents(james, today);
    const onPage = (kind: string) => page.find((event) => event.kind === kind)!;
    const cases: { event: EventRow; api: string; pageLabel: string }[] = [
      { event: row({ kind: "birthday", year: 1980 }), api: "James Jones's birthday (turns 46)", pageLabel: "Birthday" },
      { event: row({ kind: "anniversary", year: 2010 }), api: "James and Doris Jones's anniversary (16 years)", pageLabel: "Anniversary" },
      { event: row({ kind: "spouse_birthday" }), api: "Doris Jones's birthday (spouse of James Jones)", pageLabel: "Doris's birthday" },
      { event: row({ kind: "child_birthday", name: "Charles", year: 2018 }), api: "Charles's birthday (child of James Jones, turns 8)", pageLabel: "Charles's birthday" },
      { event: row({ kind: "pet_birthday", name: "Boots", secondary_type: "cat" }), api: "Boots's birthday (James Jones's cat)", pageLabel: "Boots's birthday" },
    ];
    for (const { event, api, pageLabel } of cases) {
      const text = eventText(event, 2026);
      const calendar = toCalendarEntry(event, 2026);
      const shown = onPage(event.kind);
      expect(text).toBe(api);
      expect(calendar.text).toBe(text);
      expect(shown.label).toBe(pageLabel);
      expect(text.startsWith(eventHeadline(event.kind, calendar.name))).toBe(true);
      // The contact's page leaves out the contact's name, and the spouse's last name.
      if (event.kind === "child_birthday" || event.kind === "pet_birthday") expect(text.startsWith(shown.label)).toBe(true);
      const years = yearsText(event.kind, shown.years);
      if (years) expect(text).toContain(years);
      expect(yearsText(calendar.kind, calendar.years)).toBe(yearsText(event.kind, calendar.years));
    }
  });
});
