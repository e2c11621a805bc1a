import { beforeAll, describe, expect, it } from "vitest";
import { api, createUser, type TestUser } from "@/test/api";

type ContactEvent = { title: string; text: string; event_date: string; uuid: string };

let user: TestUser;
const ids: Record<string, string> = {};

async function add(key: string, body: Record<string, unknown>) {
  const res = await api.post("/contacts", { token: user.token, body });
  expect(res.status).toBe(201);
  ids[key] = res.body.data.uuid;
}

async function events(month: number | string, year: number | string): Promise<ContactEvent[]> {
  const res = await api.get(`/contacts/events?month=${month}&year=${year}`, { token: user.token });
  expect(res.status).toBe(200);
  expect(Array.isArray(res.body)).toBe(true);
  return res.body;
}

beforeAll(async () => {
  user = await createUser();
  await add("jane", {
    first_name: "Jane",
    last_name: "Smith",
    birth_month: 3,
    birth_day: 14,
    birth_year: 1985,
    anniversary_month: 4,
    anniversary_day: 31,
    anniversary_year: 2011,
    spouse_first_name: "John",
    spouse_birth_month: 3,
    spouse_birth_day: 2,
    spouse_birth_year: 1983,
    children: [
      { first_name: "Emma", birth_month: 3, birth_day: 20, birth_year: 2018 },
      { first_name: "Leo", birth_month: 3, birth_year: 2020 },
    ],
    pets: [
      { name: "Rex", secondary_type: "dog", birth_month: 3, birth_day: 1, birth_year: 2023 },
      { name: "Tom", birth_month: 3, birth_day: 20 },
    ],
  });
  await add("leap", { first_name: "Leap", last_name: "Day", birth_month: 2, birth_day: 29, birth_year: 2000 });
  await add("noday", { first_name: "No", last_name: "Day", birth_month: 3, anniversary_month: 3, spouse_birth_month: 3 });
  await add("young", { first_name: "Future", last_name: "Born", birth_month: 3, birth_day: 31, birth_year: 2030 });
  await add("couple", {
    first_name: "Ann",
    last_name: "Lee",
    spouse_first_name: "Max",
    spouse_last_name: "Park",
    anniversary_month: 4,
    anniversary_day: 30,
    anniversary_year: 2025,
    spouse_birth_month: 4,
    spouse_birth_day: 15,
  });
  await add("solo", { first_name: "Sam", last_name: "Solo", anniversary_month: 4, anniversary_day: 1, spouse_birth_month: 4, spouse_birth_day: 2 });
});

describe("GET /contacts/events", () => {
  it("lists the month's birthdays of contacts, spouses, children and pets, sorted by date, without the undated", async () => {
    const march = await events(3, 2026);
    expect(march).toEqual([
      { title: "March 1, 2026", text: "Rex's birthday (Jane Smith's dog, turns 3)", event_date: "2026-03-01T00:00:00+00:00", uuid: ids.jane },
      { title: "March 2, 2026", text: "John Smith's birthday (spouse of Jane Smith, turns 43)", event_date: "2026-03-02T00:00:00+00:00", uuid: ids.jane },
      { title: "March 14, 2026", text: "Jane Smith's birthday (turns 41)", event_date: "2026-03-14T00:00:00+00:00", uuid: ids.jane },
      { title: "March 20, 2026", text: "Emma's birthday (child of Jane Smith, turns 8)", event_date: "2026-03-20T00:00:00+00:00", uuid: ids.jane },
      { title: "March 20, 2026", text: "Tom's birthday (Jane Smith's pet)", event_date: "2026-03-20T00:00:00+00:00", uuid: ids.jane },
      { title: "March 31, 2026", text: "Future Born's birthday", event_date: "2026-03-31T00:00:00+00:00", uuid: ids.young },
    ]);
  });

  it("moves a day past the month's end to its last day: the 31st in April, Feb 29 in a common year", async () => {
    const april = await events(4, 2026);
    expect(april).toEqual([
      { title: "April 1, 2026", text: "Sam Solo's anniversary", event_date: "2026-04-01T00:00:00+00:00", uuid: ids.solo },
      { title: "April 2, 2026", text: "Sam Solo's spouse's birthday", event_date: "2026-04-02T00:00:00+00:00", uuid: ids.solo },
      { title: "April 15, 2026", text: "Max Park's birthday (spouse of Ann Lee)", event_date: "2026-04-15T00:00:00+00:00", uuid: ids.couple },
      { title: "April 30, 2026", text: "Ann Lee and Max Park's anniversary (1 year)", event_date: "2026-04-30T00:00:00+00:00", uuid: ids.couple },
      { title: "April 30, 2026", text: "Jane and John Smith's anniversary (15 years)", event_date: "2026-04-30T00:00:00+00:00", uuid: ids.jane },
    ]);

    expect(await events(2, 2026)).toEqual([
      { title: "February 28, 2026", text: "Leap Day's birthday (turns 26)", event_date: "2026-02-28T00:00:00+00:00", uuid: ids.leap },
    ]);
    expect(await events(2, 2028)).toEqual([
      { title: "February 29, 2028", text: "Leap Day's birthday (turns 28)", event_date: "2028-02-29T00:00:00+00:00", uuid: ids.leap },
    ]);
    expect((await events(2, 2100))[0]!.event_date).toBe("2100-02-28T00:00:00+00:00");
    expect((await events(2, 2000))[0]).toMatchObject({ event_date: "2000-02-29T00:00:00+00:00", text: "Leap Day's birthday" });
  });

  it("leaves the age out when the event is not after the birth year", async () => {
    const march2030 = await events("03", "2030");
    expect(march2030.find((e) => e.uuid === ids.young)?.text).toBe("Future Born's birthday");
    const march2031 = await events(3, 2031);
    expect(march2031.find((e) => e.uuid === ids.young)?.text).toBe("Future Born's birthday (turns 1)");
  });

  it("answers an empty array for a month without events", async () => {
    expect(await events(12, 2026)).toEqual([]);
  });

  it.each([
    ["", { month: ["The month field is required."], year: ["The year field is required."] }],
    ["?year=2026", { month: ["The month field is required."] }],
    ["?month=3", { year: ["The year field is required."] }],
    ["?month=0&year=2026", { month: ["The month field must be at least 1."] }],
    ["?month=13&year=2026", { month: ["The month field must not be greater than 12."] }],
    ["?month=abc&year=2026", { month: ["The month field must be a number."] }],
    ["?month=3&year=1899", { year: ["The year field must be at least 1900."] }],
    ["?month=3&year=10000", { year: ["The year field must not be greater than 9999."] }],
    ["?month=3&year=20x6", { year: ["The year field must be a number."] }],
  ])("refuses %s with 422 on the field", async (query, errors) => {
    const res = await api.get(`/contacts/events${query}`, { token: user.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(errors);
    expect(res.body.message).toMatch(/^The (month|year) field/);
  });

  it("accepts the bounds 1900 and 9999", async () => {
    expect((await api.get("/contacts/events?month=1&year=1900", { token: user.token })).status).toBe(200);
    expect((await api.get("/contacts/events?month=12&year=9999", { token: user.token })).status).toBe(200);
  });

  it("answers 401 without a token", async () => {
    const res = await api.get("/contacts/events?month=3&year=2026");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
  });

  it("shows another user none of these events", async () => {
    const stranger = await createUser();
    for (const month of [2, 3, 4]) {
      const res = await api.get(`/contacts/events?month=${month}&year=2026`, { token: stranger.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });
});
