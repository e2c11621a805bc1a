import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { orderRecipients, orders } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { addDays, startOfUtcDay, toDateOnly } from "@/lib/dates";
import { getCalendarMonth } from "@/lib/events/calendar";
import { api, createUser, type TestUser } from "@/test/api";
import { addContact, addGroup, createAutomation } from "@/test/automation-fixtures";
import { createCard, creditOf } from "@/test/order-fixtures";
import { householdName } from "./households";
import { uncoveredDates } from "./reminder-digest";
import { runDueAutomations } from "./scheduler";
import { previewDueNow } from "./upcoming";
import { markAutomatedEntries } from "./view";

// These run on the real clock, as the routes do: every date is a number of days from today (UTC).
const today = startOfUtcDay(new Date());
const day = (n: number) => addDays(today, n);
const on = (n: number) => ({ birthMonth: day(n).getUTCMonth() + 1, birthDay: day(n).getUTCDate() });
const ctxOf = (user: TestUser): ServiceContext => ({ db: user.db, user: { id: user.id, accountType: 1 } });

async function runsOf(user: TestUser, automationId: number) {
  const res = await api.get(`/automations/${automationId}/runs`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data as { status: string; reason: string | null; order_id: number | null; recipients_count: number; credit_charged: number; credit_needed: number; households_merged: number }[];
}

async function ordersOf(userId: number) {
  const db = await getDb();
  return db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
}

/** The calendar entry of a date `n` days away, marked by the automations seen today. */
async function markedEntry(user: TestUser, n: number, name: string) {
  const date = day(n);
  const calendar = await getCalendarMonth(ctxOf(user), { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 });
  const marked = await markAutomatedEntries(ctxOf(user), calendar, toDateOnly(today));
  return marked.days.find((d) => d.day === date.getUTCDate())!.entries.find((entry) => entry.name === name)!;
}

describe("one rule of what an automation sends", () => {
  it("a birthday 4 days away is too late: upcoming says so, the calendar and the digest do not call it covered, and nothing is ordered", async () => {
    const user = await createUser({ creditCents: 5_000 });
    const card = await createCard({ priceCents: 499 });
    const nana = await addContact(user.id, { firstName: "Nana", lastName: "Rose", ...on(4) });
    // Due already with 10 days early asked: it can only arrive 1 day early.
    const sean = await addContact(user.id, { firstName: "Sean", lastName: "Doyle", ...on(8) });
    const family = await addGroup(user.id, [nana.id, sean.id]);
    const automation = await createAutomation(user, card.id, { name: "Family birthdays", group_id: family.id, days_before: 10, active: false });

    const upcoming = await api.get(`/automations/${automation.id}/upcoming`, { token: user.token });
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.data.map((o: { name: string; status: string; days_early: number | null }) => [o.name, o.status, o.days_early])).toEqual([
      ["Nana Rose", "too_late", null],
      ["Sean Doyle", "late", 1],
    ]);
    expect(upcoming.body.total).toBe(4.99);

    const turnedOn = await api.patch(`/automations/${automation.id}`, { token: user.token, body: { active: true } });
    expect(turnedOn.status).toBe(200);
    await runDueAutomations(await getDb(), { automationId: automation.id });
    const db = await getDb();
    const [run] = await runsOf(user, automation.id);
    expect(run).toMatchObject({ status: "sent", recipients_count: 1, credit_charged: 4.99 });
    const pieces = await db.select({ name: orderRecipients.name }).from(orderRecipients).where(eq(orderRecipients.orderId, run!.order_id!));
    expect(pieces.map((p) => p.name)).toEqual(["Sean Doyle"]);

    const nanaEntry = await markedEntry(user, 4, "Nana Rose");
    expect([nanaEntry.automations, nanaEntry.tooLateFor]).toEqual([[], ["Family birthdays"]]);
    const seanEntry = await markedEntry(user, 8, "Sean Doyle");
    expect([seanEntry.automations, seanEntry.tooLateFor]).toEqual([["Family birthdays"], []]);

    const digest = await uncoveredDates(db, { id: user.id, accountType: 1 }, 14, { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1, day: today.getUTCDate() });
    expect(digest.map((d) => [d.date, d.entry.name, d.entry.tooLateFor])).toEqual([[toDateOnly(day(4)), "Nana Rose", ["Family birthdays"]]]);

    // Another pass never sends her: too late is never sent.
    await runDueAutomations(db, { automationId: automation.id });
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it("a group whose only date is too late places no order at all", async () => {
    const user = await createUser({ creditCents: 5_000 });
    const card = await createCard({ priceCents: 499 });
    const nana = await addContact(user.id, { firstName: "Nana", lastName: "Rose", ...on(4) });
    const automation = await createAutomation(user, card.id, { name: "Family birthdays", group_id: (await addGroup(user.id, [nana.id])).id });
    const pass = await runDueAutomations(await getDb(), { automationId: automation.id });
    expect(pass.runs).toEqual([]);
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await creditOf(user.id)).toBe(5_000);
    const upcoming = await api.get(`/automations/${automation.id}/upcoming`, { token: user.token });
    expect([upcoming.body.data.map((o: { status: string }) => o.status), upcoming.body.total]).toEqual([["too_late"], 0]);
  });
});

describe("skip_due_now", () => {
  it("records what is due when created as a skipped run that is never sent, and sends the dates after it", async () => {
    const user = await createUser({ creditCents: 5_000 });
    const card = await createCard({ priceCents: 499 });
    await addContact(user.id, { firstName: "Due", lastName: "Now", ...on(7) });
    await addContact(user.id, { firstName: "Next", lastName: "Date", ...on(20) });
    const settings = { card_id: card.id, events: ["birthday" as const], message: "Happy birthday, {first_name}!" };
    expect(await previewDueNow(ctxOf(user), settings)).toEqual({ count: 1, totalCents: 499, creditAvailableCents: 5_000 });

    const automation = await createAutomation(user, card.id, { skip_due_now: true });
    const db = await getDb();
    await runDueAutomations(db, { automationId: automation.id });
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await creditOf(user.id)).toBe(5_000);
    const runs = await runsOf(user, automation.id);
    expect(runs).toEqual([
      expect.objectContaining({ status: "skipped", reason: "skipped_on_activation", order_id: null, recipients_count: 0, credit_charged: 0, credit_needed: 4.99, households_merged: 0 }),
    ]);
    const upcoming = await api.get(`/automations/${automation.id}/upcoming`, { token: user.token });
    expect(upcoming.body.data.map((o: { name: string }) => o.name)).toEqual(["Next Date"]);
    expect(await previewDueNow(ctxOf(user), { ...settings, automation_id: automation.id })).toEqual({ count: 0, totalCents: 0, creditAvailableCents: 5_000 });

    // Twelve days on, the next date is due and goes out.
    await runDueAutomations(db, { automationId: automation.id, now: day(13) });
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it("on PATCH goes with active: true, and skips what is due when turned back on", async () => {
    const user = await createUser({ creditCents: 5_000 });
    const card = await createCard({ priceCents: 499 });
    await addContact(user.id, { firstName: "Due", lastName: "Now", ...on(7) });
    const automation = await createAutomation(user, card.id, { active: false });

    const alone = await api.patch(`/automations/${automation.id}`, { token: user.token, body: { skip_due_now: true } });
    expect([alone.status, Object.keys(alone.body.errors)]).toEqual([422, ["skip_due_now"]]);
    const off = await api.post("/automations", { token: user.token, body: { name: "Off", card_id: card.id, events: ["birthday"], message: "Hi", active: false, skip_due_now: true } });
    expect([off.status, Object.keys(off.body.errors)]).toEqual([422, ["skip_due_now"]]);
    const notBoolean = await api.patch(`/automations/${automation.id}`, { token: user.token, body: { active: true, skip_due_now: "yes" } });
    expect([notBoolean.status, Object.keys(notBoolean.body.errors)]).toEqual([422, ["skip_due_now"]]);

    const turnedOn = await api.patch(`/automations/${automation.id}`, { token: user.token, body: { active: true, skip_due_now: true } });
    expect([turnedOn.status, turnedOn.body.data.active]).toEqual([200, true]);
    await runDueAutomations(await getDb(), { automationId: automation.id });
    expect(await ordersOf(user.id)).toEqual([]);
    expect((await runsOf(user, automation.id)).map((run) => [run.status, run.reason])).toEqual([["skipped", "skipped_on_activation"]]);
  });
});

describe("one card per household", () => {
  it("sends two contacts at one address with one anniversary one card, addressed to both", async () => {
    const user = await createUser({ creditCents: 5_000 });
    const card = await createCard({ priceCents: 499 });
    // A week away: due today.
    const anniversary = { anniversaryMonth: on(7).birthMonth, anniversaryDay: on(7).birthDay, anniversaryYear: 2010 };
    // One address written two ways: case, spacing and punctuation do not tell households apart.
    const carlos = await addContact(user.id, { firstName: "Carlos", lastName: "Martinez", address: "14 Cedar Lane", apt: "Apt. 2", zip: "53703", ...anniversary });
    const elena = await addContact(user.id, { firstName: "Elena", lastName: "Martinez", address: "14  cedar lane", apt: "apt 2", zip: "53703", ...anniversary });
    // Next door: a card of its own.
    await addContact(user.id, { firstName: "Ines", lastName: "Vega", address: "16 Cedar Lane", apt: "Apt. 2", zip: "53703", ...anniversary });
    const automation = await createAutomation(user, card.id, { events: ["anniversary"], active: false, message: "Happy {years}th anniversary to the {last_name}s, {first_name}!" });
    const years = day(7).getUTCFullYear() - 2010;

    const upcoming = await api.get(`/automations/${automation.id}/upcoming`, { token: user.token });
    expect(upcoming.body.total).toBe(9.98);
    const household = upcoming.body.data.find((o: { recipient_name: string }) => o.recipient_name === "Carlos & Elena Martinez");
    expect(household).toMatchObject({ contact_uuids: expect.arrayContaining([carlos.id, elena.id]), message: `Happy ${years}th anniversary to the Martinezes, Carlos & Elena!` });
    expect(upcoming.body.data).toHaveLength(2);

    await api.patch(`/automations/${automation.id}`, { token: user.token, body: { active: true } });
    const db = await getDb();
    await runDueAutomations(db, { automationId: automation.id });
    const [run] = await runsOf(user, automation.id);
    expect(run).toMatchObject({ status: "sent", recipients_count: 2, credit_charged: 9.98, households_merged: 1 });
    const pieces = await db
      .select({ name: orderRecipients.name, message: orderRecipients.message })
      .from(orderRecipients)
      .where(eq(orderRecipients.orderId, run!.order_id!))
      .orderBy(orderRecipients.name);
    expect(pieces).toEqual([
      { name: "Carlos & Elena Martinez", message: `Happy ${years}th anniversary to the Martinezes, Carlos & Elena!` },
      { name: "Ines Vega", message: `Happy ${years}th anniversary to the Vegas, Ines!` },
    ]);
    // Both of the household were sent their card: neither is upcoming again.
    const after = await api.get(`/automations/${automation.id}/upcoming`, { token: user.token });
    expect(after.body.data.filter((o: { event_date: string }) => o.event_date === toDateOnly(day(7)))).toEqual([]);
  });

  it("pages a household once, where its first member sorts, with all its members, though a neighbour sorts between them", async () => {
    const user = await createUser();
    const card = await createCard({ priceCents: 300 });
    const home = { address: "5 Elm St", zip: "10001", ...on(20) };
    const carlos = await addContact(user.id, { firstName: "Carlos", lastName: "Martinez", ...home });
    await addContact(user.id, { firstName: "Dan", lastName: "Other", ...on(20) });
    const elena = await addContact(user.id, { firstName: "Elena", lastName: "Ruiz", ...home });
    const automation = await createAutomation(user, card.id, { active: false });

    const seen: [string, string[]][] = [];
    let cursor: string | null = null;
    do {
      const res = await api.get(`/automations/${automation.id}/upcoming?per_page=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(6);
      for (const item of res.body.data as { recipient_name: string; contact_uuids: string[] }[]) seen.push([item.recipient_name, item.contact_uuids]);
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([
      ["Carlos Martinez & Elena Ruiz", [carlos.id, elena.id]],
      ["Dan Other", [expect.any(String)]],
    ]);
  });

  it("names a household by its first names and shared last name, or by full names when they differ", () => {
    expect(householdName([{ firstName: "Elena", lastName: "Martinez" }, { firstName: "Carlos", lastName: "Martinez" }].sort((a, b) => a.firstName.localeCompare(b.firstName)))).toBe("Carlos & Elena Martinez");
    expect(householdName([{ firstName: "Carlos", lastName: "Martinez" }, { firstName: "Elena", lastName: "Ruiz" }])).toBe("Carlos Martinez & Elena Ruiz");
    expect(householdName([{ firstName: "Ann", lastName: "Lee" }, { firstName: "Bo", lastName: "Lee" }, { firstName: "Cy", lastName: "Lee" }])).toBe("Ann, Bo & Cy Lee");
  });
});
