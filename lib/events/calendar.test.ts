import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/context";
import { api, createUser, type TestUser } from "@/test/api";
import { getCalendarMonth, monthWeeks, resolveCalendarMonth, shiftMonth } from "./calendar";

let user: TestUser;
let ctx: ServiceContext;
const ids: Record<string, string> = {};

async function add(owner: TestUser, key: string, body: Record<string, unknown>) {
  const res = await api.post("/contacts", { token: owner.token, body });
  expect(res.status).toBe(201);
  ids[key] = res.body.data.uuid;
}

beforeAll(async () => {
  user = await createUser();
  ctx = { db: user.db, user: { id: user.id, accountType: 1 } };
  await add(user, "jane", {
    first_name: "Jane",
    last_name: "Smith",
    birth_month: 3,
    birth_day: 14,
    birth_year: 1985,
    anniversary_month: 3,
    anniversary_day: 20,
    anniversary_year: 2011,
    spouse_first_name: "John",
    spouse_birth_month: 3,
    spouse_birth_day: 2,
    children: [
      { first_name: "Emma", birth_month: 3, birth_day: 20, birth_year: 2018 },
      { first_name: "Leo", birth_month: 3, birth_year: 2020 },
    ],
    pets: [{ name: "Rex", secondary_type: "dog", birth_month: 3, birth_day: 20, birth_year: 2023 }],
  });
  await add(user, "leap", { first_name: "Leap", last_name: "Day", birth_month: 2, birth_day: 29, birth_year: 2000 });
  await add(user, "couple", { first_name: "Ann", last_name: "Lee", spouse_first_name: "Max", spouse_last_name: "Park", anniversary_month: 3, anniversary_day: 31 });
  const other = await createUser();
  await add(other, "stranger", { first_name: "Not", last_name: "Mine", birth_month: 3, birth_day: 14 });
});

describe("getCalendarMonth", () => {
  it("groups the month's events by day with their kind, whose day it is and the contact to write to", async () => {
    const march = await getCalendarMonth(ctx, { year: 2026, month: 3 });
    expect(march.count).toBe(6);
    expect(march.days.map((d) => d.day)).toEqual([2, 14, 20, 31]);

    const [spouseDay, birthday, busyDay, anniversary] = march.days;
    expect(spouseDay!.entries).toEqual([
      { kind: "spouse", contactUuid: ids.jane, contactName: "Jane Smith", name: "John Smith", relation: "spouse of Jane Smith", years: null, text: "John Smith's birthday (spouse of Jane Smith)" },
    ]);
    expect(birthday!.entries).toEqual([
      { kind: "birthday", contactUuid: ids.jane, contactName: "Jane Smith", name: "Jane Smith", relation: null, years: 41, text: "Jane Smith's birthday (turns 41)" },
    ]);
    expect(busyDay!.entries.map((e) => [e.kind, e.name, e.relation, e.years])).toEqual([
      ["child", "Emma", "child of Jane Smith", 8],
      ["anniversary", "Jane and John Smith", null, 15],
      ["pet", "Rex", "Jane Smith's dog", 3],
    ]);
    expect(busyDay!.entries.every((e) => e.contactUuid === ids.jane)).toBe(true);
    expect(anniversary!.entries[0]).toMatchObject({ kind: "anniversary", contactUuid: ids.couple, name: "Ann Lee and Max Park", years: null });
  });

  it("moves February 29 to the 28th in a common year and keeps it in a leap year", async () => {
    expect((await getCalendarMonth(ctx, { year: 2027, month: 2 })).days.map((d) => d.day)).toEqual([28]);
    expect((await getCalendarMonth(ctx, { year: 2028, month: 2 })).days.map((d) => d.day)).toEqual([29]);
  });

  it("is empty for a month without events", async () => {
    expect(await getCalendarMonth(ctx, { year: 2026, month: 7 })).toEqual({ year: 2026, month: 7, days: [], count: 0 });
  });
});

describe("resolveCalendarMonth", () => {
  const today = { year: 2026, month: 5, day: 9 };

  it("reads the month and year of the query string", () => {
    expect(resolveCalendarMonth({ month: "12", year: "2025" }, today)).toEqual({ year: 2025, month: 12 });
    expect(resolveCalendarMonth({ month: ["1", "2"], year: "2030" }, today)).toEqual({ year: 2030, month: 1 });
  });

  it("falls back to the current month on anything missing or invalid", () => {
    for (const query of [{}, { month: "13", year: "2026" }, { month: "0", year: "2026" }, { month: "3" }, { month: "x", year: "2026" }, { month: "3", year: "1800" }, { month: "3", year: "2026.5" }]) {
      expect(resolveCalendarMonth(query, today)).toEqual({ year: 2026, month: 5 });
    }
  });
});

describe("monthWeeks", () => {
  it("lays a month out in Sunday-first weeks padded with the neighbouring months", () => {
    // March 2026 starts on a Sunday and ends on a Tuesday.
    const march = monthWeeks(2026, 3);
    expect(march).toHaveLength(5);
    expect(march[0]![0]).toEqual({ year: 2026, month: 3, day: 1, inMonth: true });
    expect(march[4]!.map((d) => `${d.month}/${d.day}:${d.inMonth}`)).toEqual(["3/29:true", "3/30:true", "3/31:true", "4/1:false", "4/2:false", "4/3:false", "4/4:false"]);

    // January 2027 starts on a Friday: the first week opens with December 2026.
    const january = monthWeeks(2027, 1);
    expect(january[0]!.slice(0, 6).map((d) => `${d.year}-${d.month}-${d.day}:${d.inMonth}`)).toEqual([
      "2026-12-27:false",
      "2026-12-28:false",
      "2026-12-29:false",
      "2026-12-30:false",
      "2026-12-31:false",
      "2027-1-1:true",
    ]);
    expect(january.flat().filter((d) => d.inMonth)).toHaveLength(31);
    expect(january.every((week) => week.length === 7)).toBe(true);
  });
});

describe("shiftMonth", () => {
  it("steps across year ends and stops at the range the events accept", () => {
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 6, 1)).toEqual({ year: 2026, month: 7 });
    expect(shiftMonth(1900, 1, -1)).toBeNull();
    expect(shiftMonth(9999, 12, 1)).toBeNull();
  });
});
