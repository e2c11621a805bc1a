import { describe, expect, it } from "vitest";
import { addDays, startOfUtcDay, toDateOnly } from "@/lib/dates";
import { api, createUser } from "@/test/api";
import { addChild, addContact, addGroup, createAutomation } from "@/test/automation-fixtures";
import { createCard } from "@/test/order-fixtures";

const notFound = { message: "Automation not found" };

describe("automations API", () => {
  it("creates with defaults, lists, reads, changes only the fields sent and deletes", async () => {
    const user = await createUser();
    const card = await createCard();
    const other = await createCard();
    const group = await addGroup(user.id, []);
    const created = await api.post("/automations", {
      token: user.token,
      body: { name: "Birthdays", card_id: card.id, events: ["birthday", "pet_birthday"], message: "Happy birthday, {first_name}!" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      data: {
        id: expect.any(Number),
        name: "Birthdays",
        card_id: card.id,
        events: ["birthday", "pet_birthday"],
        group_id: null,
        message: "Happy birthday, {first_name}!",
        signoff: null,
        message_font: "lora",
        days_before: 0,
        active: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const id = created.body.data.id;

    const list = await api.get("/automations", { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [created.body.data] });
    expect((await api.get(`/automations/${id}`, { token: user.token })).body).toEqual(created.body);

    const patched = await api.patch(`/automations/${id}`, {
      token: user.token,
      body: { card_id: other.id, group_id: group.id, signoff: "Love, Ann", days_before: 30, active: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      name: "Birthdays",
      card_id: other.id,
      events: ["birthday", "pet_birthday"],
      group_id: group.id,
      message: "Happy birthday, {first_name}!",
      signoff: "Love, Ann",
      days_before: 30,
      active: false,
    });
    const cleared = await api.patch(`/automations/${id}`, { token: user.token, body: { group_id: null, signoff: "" } });
    expect(cleared.body.data).toMatchObject({ group_id: null, signoff: null, days_before: 30 });

    const deleted = await api.delete(`/automations/${id}`, { token: user.token });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    const gone = await api.get(`/automations/${id}`, { token: user.token });
    expect([gone.status, gone.body]).toEqual([404, notFound]);
  });

  it("answers 404 Automation not found for unknown, non-integer and another user's automations on every route", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const card = await createCard();
    const automation = await createAutomation(owner, card.id);
    for (const id of [String(automation.id), "999999999", "abc", "1.5", "99999999999"]) {
      for (const [method, path] of [
        ["get", `/automations/${id}`],
        ["patch", `/automations/${id}`],
        ["delete", `/automations/${id}`],
        ["get", `/automations/${id}/upcoming`],
        ["get", `/automations/${id}/runs`],
      ] as const) {
        const res = await api[method](path, { token: stranger.token, body: method === "patch" ? { name: "Mine now" } : undefined });
        expect([res.status, res.body], `${method} ${path}`).toEqual([404, notFound]);
      }
    }
    expect((await api.get(`/automations/${automation.id}`, { token: owner.token })).body.data.name).toBe("Birthdays");
    expect((await api.get("/automations", { token: stranger.token })).body).toEqual({ data: [] });
    expect((await api.get("/automations")).status).toBe(401);
  });

  it("refuses an inactive card, another user's group, bad events, unknown placeholders and days_before out of range, by field", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const card = await createCard();
    const retired = await createCard({ isActive: false });
    const strangersGroup = await addGroup(stranger.id, []);
    const base = { name: "Dates", card_id: card.id, events: ["birthday"], message: "Hi {first_name}" };
    const cases: [Record<string, unknown>, string][] = [
      [{ card_id: retired.id }, "card_id"],
      [{ card_id: 999_999_999 }, "card_id"],
      [{ group_id: strangersGroup.id }, "group_id"],
      [{ group_id: 999_999_999 }, "group_id"],
      [{ events: [] }, "events"],
      [{ events: ["birthday", "birthday"] }, "events"],
      [{ events: ["birthday", "anniversary", "spouse_birthday", "child_birthday", "pet_birthday", "birthday"] }, "events"],
      [{ events: ["wedding"] }, "events.0"],
      [{ message: "Hi {name}" }, "message"],
      [{ message: "" }, "message"],
      [{ message: "x".repeat(1001) }, "message"],
      [{ name: "" }, "name"],
      [{ signoff: "x".repeat(256) }, "signoff"],
      [{ days_before: 31 }, "days_before"],
      [{ days_before: -1 }, "days_before"],
    ];
    for (const [fields, field] of cases) {
      const res = await api.post("/automations", { token: user.token, body: { ...base, ...fields } });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(fields)).toEqual([field]);
    }
    const bad = await api.post("/automations", { token: user.token, body: { ...base, message: "Hi {name}" } });
    expect(bad.body.errors.message[0]).toBe("The message field may only use the placeholders {first_name}, {last_name}, {contact_first_name}, {age}, {years}; not {name}.");

    const automation = await createAutomation(user, card.id);
    const patch = await api.patch(`/automations/${automation.id}`, { token: user.token, body: { card_id: retired.id } });
    expect([patch.status, Object.keys(patch.body.errors)]).toEqual([422, ["card_id"]]);
    expect((await api.get("/automations", { token: user.token })).body.data).toHaveLength(1);
  });

  it("lists upcoming sends with their dates, rendered messages, price, total and credit, also for an inactive automation", async () => {
    const user = await createUser({ creditCents: 1_234 });
    const card = await createCard({ priceCents: 350 });
    const today = startOfUtcDay(new Date());
    const day = (n: number) => addDays(today, n);
    const dueAlready = await addContact(user.id, { firstName: "Ann", lastName: "Dale", birthMonth: day(8).getUTCMonth() + 1, birthDay: day(8).getUTCDate() });
    const later = await addContact(user.id, { firstName: "Ben", lastName: "Cole", birthMonth: day(20).getUTCMonth() + 1, birthDay: day(20).getUTCDate() });
    const tooLate = await addContact(user.id, { firstName: "Too", lastName: "Late", birthMonth: day(6).getUTCMonth() + 1, birthDay: day(6).getUTCDate() });
    await addContact(user.id, { firstName: "No", lastName: "Address", birthMonth: day(20).getUTCMonth() + 1, birthDay: day(20).getUTCDate(), city: null });
    const automation = await createAutomation(user, card.id, { days_before: 5, active: false, message: "Happy birthday {first_name} {last_name}" });

    const res = await api.get(`/automations/${automation.id}/upcoming`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          // Listed, never sent, not in the total: a card sent today would arrive a day after the date.
          event_date: toDateOnly(day(6)),
          delivery_date: toDateOnly(day(7)),
          send_date: toDateOnly(today),
          kind: "birthday",
          contact_uuid: tooLate.id,
          contact_uuids: [tooLate.id],
          name: "Too Late",
          recipient_name: "Too Late",
          message: "Happy birthday Too Late",
          price: "3.50",
          status: "too_late",
          days_early: null,
        },
        {
          // Due already: it arrives as soon as the post allows, 1 day early instead of 5.
          event_date: toDateOnly(day(8)),
          delivery_date: toDateOnly(day(7)),
          send_date: toDateOnly(today),
          kind: "birthday",
          contact_uuid: dueAlready.id,
          contact_uuids: [dueAlready.id],
          name: "Ann Dale",
          recipient_name: "Ann Dale",
          message: "Happy birthday Ann Dale",
          price: "3.50",
          status: "late",
          days_early: 1,
        },
        {
          event_date: toDateOnly(day(20)),
          delivery_date: toDateOnly(day(15)),
          send_date: toDateOnly(day(8)),
          kind: "birthday",
          contact_uuid: later.id,
          contact_uuids: [later.id],
          name: "Ben Cole",
          recipient_name: "Ben Cole",
          message: "Happy birthday Ben Cole",
          price: "3.50",
          status: "scheduled",
          days_early: 5,
        },
      ],
      total: 7,
      credit_available: 12.34,
      next_cursor: null,
    });

    const soon = await api.get(`/automations/${automation.id}/upcoming?days=1`, { token: user.token });
    expect(soon.body.data.map((o: { contact_uuid: string }) => o.contact_uuid)).toEqual([dueAlready.id]);
    expect(soon.body.total).toBe(3.5);
    for (const days of ["0", "367", "x"]) {
      const bad = await api.get(`/automations/${automation.id}/upcoming?days=${days}`, { token: user.token });
      expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ["days"]]);
    }
  });

  it("pages upcoming sends in their order with per_page and a cursor, the total always the whole window's", async () => {
    const user = await createUser();
    const card = await createCard({ priceCents: 200 });
    const today = startOfUtcDay(new Date());
    const on = (n: number) => ({ birthMonth: addDays(today, n).getUTCMonth() + 1, birthDay: addDays(today, n).getUTCDate() });
    // Same day for three people, so the name and then the kind decide; a child shares the parent's date.
    const zoe = await addContact(user.id, { firstName: "Zoe", lastName: "Alder", ...on(10) });
    const amy = await addContact(user.id, { firstName: "Amy", lastName: "Alder", ...on(10), spouseFirstName: "Bob", spouseBirthMonth: on(10).birthMonth, spouseBirthDay: on(10).birthDay });
    await addChild(user.id, amy.id, { firstName: "Cal", ...on(10) });
    const early = await addContact(user.id, { firstName: "Eve", lastName: "Early", ...on(9) });
    const late = await addContact(user.id, { firstName: "Lou", lastName: "Late", ...on(40) });
    const automation = await createAutomation(user, card.id, { events: ["birthday", "spouse_birthday", "child_birthday"], active: false });

    const all = await api.get(`/automations/${automation.id}/upcoming?days=60&per_page=100`, { token: user.token });
    const order = all.body.data.map((o: { name: string; kind: string }) => `${o.name} ${o.kind}`);
    expect(order).toEqual(["Eve Early birthday", "Amy Alder birthday", "Bob Alder spouse_birthday", "Cal Alder child_birthday", "Zoe Alder birthday", "Lou Late birthday"]);
    expect(all.body.data.map((o: { contact_uuid: string }) => o.contact_uuid)).toEqual([early.id, amy.id, amy.id, amy.id, zoe.id, late.id]);
    expect([all.body.total, all.body.next_cursor]).toEqual([12, null]);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `days=60&per_page=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await api.get(`/automations/${automation.id}/upcoming?${query}`, { token: user.token });
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(12);
      seen.push(...page.body.data.map((o: { name: string; kind: string }) => `${o.name} ${o.kind}`));
      cursor = page.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect([seen, pages]).toEqual([order, 2]);

    // Without per_page: the first 15.
    expect((await api.get(`/automations/${automation.id}/upcoming?days=60`, { token: user.token })).body.data).toHaveLength(6);
    for (const query of ["per_page=0", "per_page=101", "cursor=nope"]) {
      const bad = await api.get(`/automations/${automation.id}/upcoming?${query}`, { token: user.token });
      expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, [query.split("=")[0]]]);
    }
    const runsCursor = (await api.get(`/automations/${automation.id}/upcoming?days=60&per_page=1`, { token: user.token })).body.next_cursor;
    expect((await api.get(`/automations/${automation.id}/runs?cursor=${encodeURIComponent(runsCursor)}`, { token: user.token })).status).toBe(422);
  });

  it("pages runs with per_page and a cursor, refusing a bad one", async () => {
    const user = await createUser();
    const card = await createCard();
    const automation = await createAutomation(user, card.id);
    const res = await api.get(`/automations/${automation.id}/runs?per_page=5`, { token: user.token });
    expect(res.body).toEqual({ data: [], next_cursor: null });
    expect((await api.get(`/automations/${automation.id}/runs?per_page=101`, { token: user.token })).status).toBe(422);
    expect((await api.get(`/automations/${automation.id}/runs?cursor=nope`, { token: user.token })).status).toBe(422);
  });
});
