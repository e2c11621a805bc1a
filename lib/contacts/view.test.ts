import { describe, expect, it } from "vitest";
import { UNDATED } from "@/test/fixtures";
import type { ContactWithFamily } from "./mapper";
import { partialDate, toContactListItem } from "./view";

const contact = (fields: Partial<ContactWithFamily>): ContactWithFamily =>
  ({
    id: "6f1c1c3e-8d4a-4a53-9b7e-1f2a3b4c5d6e",
    prefix: null,
    firstName: "Ann",
    middleName: null,
    lastName: "Lee",
    company: null,
    email: null,
    phone: null,
    city: null,
    state: null,
    ...UNDATED,
    ...fields,
  }) as ContactWithFamily;

const today = { year: 2026, month: 3, day: 10 };

describe("toContactListItem", () => {
  it("shows the full name, the place and the nearest family date within a month", () => {
    const item = toContactListItem(
      contact({ prefix: "Dr.", middleName: "Q", city: "Austin", state: "TX", birthMonth: 4, birthDay: 1, children: [{ firstName: "Emma", birthMonth: 3, birthDay: 12, birthYear: null }] }),
      today,
    );
    expect(item).toMatchObject({ name: "Dr. Ann Q Lee", place: "Austin, TX", next: { text: "Emma's birthday in 2 days", isSoon: true } });
  });

  it("shows no date badge for dates more than a month away or unknown", () => {
    expect(toContactListItem(contact({ birthMonth: 6, birthDay: 1 }), today).next).toBeNull();
    expect(toContactListItem(contact({ birthMonth: 3 }), today).next).toBeNull();
    expect(toContactListItem(contact({}), today).place).toBeNull();
  });
});

describe("partialDate", () => {
  it("writes only the parts that are known", () => {
    expect(partialDate(3, 14, 1980)).toBe("March 14, 1980");
    expect(partialDate(3, 14, null)).toBe("March 14");
    expect(partialDate(3, null, 1980)).toBe("March 1980");
    expect(partialDate(null, null, 1980)).toBe("1980");
    expect(partialDate(null, null, null)).toBeNull();
  });
});
