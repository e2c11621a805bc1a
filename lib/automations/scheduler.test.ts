import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execute, getDb } from "@/db/client";
import { automationSends, cards, contactChildren, contactPets, creditLedger, orderRecipients, orderStatusEvents, users } from "@/db/schema";
import { grantCredit } from "@/lib/credit/service";
import { api, createUser, type TestUser } from "@/test/api";
import { addChild, addContact, addGroup, addPet, createAutomation } from "@/test/automation-fixtures";
import { createCard, creditOf } from "@/test/order-fixtures";
import { runDueAutomations } from "./scheduler";

// Day T of every pass below: 2030-03-03, so an occurrence dated 2030-03-10 with days_before 0 is due.
const NOW = new Date("2030-03-03T09:30:00Z");
const LATER_THAT_DAY = new Date("2030-03-03T18:00:00Z");
const NEXT_DAY = new Date("2030-03-04T09:30:00Z");

async function piecesOf(orderId: number) {
  const db = await getDb();
  return db.select().from(orderRecipients).where(eq(orderRecipients.orderId, orderId)).orderBy(asc(orderRecipients.id));
}

async function runsOf(user: TestUser, automationId: number) {
  const res = await api.get(`/automations/${automationId}/runs`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data as {
    id: number;
    status: string;
    reason: string | null;
    order_id: number | null;
    recipients_count: number;
    credit_charged: number;
    credit_needed: number;
    left_out: unknown[];
  }[];
}

async function sendsOf(automationId: number) {
  const db = await getDb();
  return db.select().from(automationSends).where(eq(automationSends.automationId, automationId));
}

describe("runDueAutomations", () => {
  it("orders everything one automation has due as one order, charged and recorded like a checkout", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const card = await createCard({ priceCents: 250 });
    const margaret = await addContact(user.id, { firstName: "Margaret", lastName: "Ellis", birthMonth: 3, birthDay: 10, birthYear: 1970 });
    const tom = await addContact(user.id, { firstName: "Tom", lastName: "Reed", birthMonth: 3, birthDay: 10 });
    await addChild(user.id, tom.id, { firstName: "Lily", birthMonth: 3, birthDay: 12, birthYear: 2020 });
    await addContact(user.id, { firstName: "Later", birthMonth: 3, birthDay: 20 });
    await addContact(user.id, { firstName: "Missed", birthMonth: 3, birthDay: 9 });
    const automation = await createAutomation(user, card.id, {
      events: ["birthday", "child_birthday"],
      message: "Happy {age} birthday, {first_name} {last_name}! Love to {contact_first_name}.",
      days_before: 2,
    });

    const pass = await runDueAutomations(await getDb(), { now: NOW });
    const mine = pass.runs.filter((run) => run.automationId === automation.id);
    expect(mine).toEqual([{ automationId: automation.id, status: "sent", reason: null, orderId: expect.any(Number), recipientsCount: 3 }]);
    const orderId = mine[0]!.orderId!;

    const pieces = await piecesOf(orderId);
    expect(pieces.map((p) => [p.name, p.message, p.scheduledDeliveryDate.toISOString(), p.status, p.priceCents])).toEqual([
      ["Margaret Ellis", "Happy 60 birthday, Margaret Ellis! Love to Margaret.", "2030-03-10T00:00:00.000Z", "pending", 250],
      ["Tom Reed", "Happy  birthday, Tom Reed! Love to Tom.", "2030-03-10T00:00:00.000Z", "pending", 250],
      ["Tom Reed", "Happy 10 birthday, Lily Reed! Love to Tom.", "2030-03-10T00:00:00.000Z", "pending", 250],
    ]);
    expect(pieces.map((p) => p.contactId)).toEqual([margaret.id, tom.id, tom.id]);
    const db = await getDb();
    const events = await db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderRecipientId, pieces[0]!.id));
    expect(events.map((e) => e.status)).toEqual(["pending"]);
    const ledger = await db.select().from(creditLedger).where(and(eq(creditLedger.userId, user.id), eq(creditLedger.orderId, orderId)));
    expect(ledger.map((e) => [e.kind, e.amountCents, e.balanceAfterCents])).toEqual([["order", -750, 9_250]]);
    expect(await creditOf(user.id)).toBe(9_250);

    const sends = await sendsOf(automation.id);
    expect(new Set(sends.map((s) => s.orderRecipientId))).toEqual(new Set(pieces.map((p) => p.id)));

    const runs = await runsOf(user, automation.id);
    expect(runs).toEqual([
      { id: expect.any(Number), created_at: expect.any(String), status: "sent", reason: null, order_id: orderId, recipients_count: 3, credit_charged: 7.5, credit_needed: 7.5, left_out: [], households_merged: 0 },
    ]);

    // The order is the user's like any other: tracked under the automation's project, which the project list leaves out.
    const tracking = await api.get(`/orders/track/${orderId}`, { token: user.token });
    expect(tracking.status).toBe(200);
    expect(tracking.body.data[0].recipients).toHaveLength(3);
    const projects = await api.get("/projects", { token: user.token });
    expect(projects.body.data).toEqual([]);
  });

  it("never orders an occurrence twice: two passes at once, then a pass after a restart", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const card = await createCard({ priceCents: 100 });
    for (let i = 0; i < 5; i++) await addContact(user.id, { birthMonth: 3, birthDay: 10 });
    const automation = await createAutomation(user, card.id);
    const db = await getDb();

    await Promise.all([runDueAutomations(db, { now: NOW }), runDueAutomations(db, { now: NOW })]);
    await runDueAutomations(db, { now: LATER_THAT_DAY });
    await runDueAutomations(db, { now: NEXT_DAY });

    const runs = await runsOf(user, automation.id);
    expect(runs.map((r) => [r.status, r.recipients_count])).toEqual([["sent", 5]]);
    expect(await sendsOf(automation.id)).toHaveLength(5);
    expect(await creditOf(user.id)).toBe(9_500);
  });

  it("skips a run without enough credit, once a day however often it retries, and sends after a top-up", async () => {
    const user = await createUser({ creditCents: 100 });
    const admin = await createUser({ accountType: 3 });
    const card = await createCard({ priceCents: 300 });
    await addContact(user.id, { birthMonth: 3, birthDay: 12 });
    await addContact(user.id, { birthMonth: 3, birthDay: 13 });
    const automation = await createAutomation(user, card.id, { days_before: 3 });
    const db = await getDb();

    await runDueAutomations(db, { now: NOW });
    await runDueAutomations(db, { now: LATER_THAT_DAY });
    let runs = await runsOf(user, automation.id);
    expect(runs.map((r) => [r.status, r.reason, r.order_id, r.recipients_count, r.credit_charged, r.credit_needed])).toEqual([
      ["skipped", "insufficient_credit", null, 0, 0, 6],
    ]);
    expect(await creditOf(user.id)).toBe(100);
    expect(await sendsOf(automation.id)).toEqual([]);

    await grantCredit({ db, user: { id: admin.id, accountType: 3 } }, user.id, 1_000);
    await runDueAutomations(db, { now: NEXT_DAY });
    runs = await runsOf(user, automation.id);
    expect(runs.map((r) => [r.status, r.reason, r.recipients_count, r.credit_charged])).toEqual([
      ["sent", null, 2, 6],
      ["skipped", "insufficient_credit", 0, 0],
    ]);
    expect(await creditOf(user.id)).toBe(500);
    const pieces = await piecesOf(runs[0]!.order_id!);
    // Sent a day late, the cards meant for the 9th and 10th arrive as soon as the post allows: the 11th.
    expect(pieces.map((p) => p.scheduledDeliveryDate.toISOString())).toEqual(["2030-03-11T00:00:00.000Z", "2030-03-11T00:00:00.000Z"]);
  });

  it("skips a run whose card was retired, charging nothing", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const card = await createCard();
    await addContact(user.id, { birthMonth: 3, birthDay: 10 });
    const automation = await createAutomation(user, card.id);
    const db = await getDb();
    await db.update(cards).set({ isActive: false }).where(eq(cards.id, card.id));

    await runDueAutomations(db, { now: NOW });
    const runs = await runsOf(user, automation.id);
    expect(runs.map((r) => [r.status, r.reason, r.order_id, r.credit_charged])).toEqual([["skipped", "card_unavailable", null, 0]]);
    expect(await creditOf(user.id)).toBe(10_000);
  });

  it("leaves out and reports contacts without a full address, once", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const card = await createCard({ priceCents: 100 });
    await addContact(user.id, { birthMonth: 3, birthDay: 10 });
    const noZip = await addContact(user.id, { birthMonth: 3, birthDay: 10, zip: null });
    const noStreet = await addContact(user.id, { birthMonth: 3, birthDay: 10, address: "" });
    const automation = await createAutomation(user, card.id);
    const db = await getDb();

    await runDueAutomations(db, { now: NOW });
    await runDueAutomations(db, { now: LATER_THAT_DAY });
    const runs = await runsOf(user, automation.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.recipients_count).toBe(1);
    expect(runs[0]!.credit_charged).toBe(1);
    expect(runs[0]!.left_out).toEqual(
      expect.arrayContaining([
        { contact_uuid: noZip.id, kind: "birthday", reason: "missing_address" },
        { contact_uuid: noStreet.id, kind: "birthday", reason: "missing_address" },
      ]),
    );
    expect(runs[0]!.left_out).toHaveLength(2);
  });

  it("orders only the automation's group, only the owner's contacts, and nothing for an inactive automation", async () => {
    const alice = await createUser({ creditCents: 10_000 });
    const bob = await createUser({ creditCents: 10_000 });
    const card = await createCard({ priceCents: 100 });
    const inGroup = await addContact(alice.id, { birthMonth: 3, birthDay: 10 });
    await addContact(alice.id, { birthMonth: 3, birthDay: 10 });
    const group = await addGroup(alice.id, [inGroup.id]);
    const bobs = [await addContact(bob.id, { birthMonth: 3, birthDay: 10 }), await addContact(bob.id, { birthMonth: 3, birthDay: 10 })];
    const aliceAutomation = await createAutomation(alice, card.id, { group_id: group.id });
    const bobAutomation = await createAutomation(bob, card.id);
    const carol = await createUser({ creditCents: 10_000 });
    await addContact(carol.id, { birthMonth: 3, birthDay: 10 });
    const idle = await createAutomation(carol, card.id, { active: false });

    await runDueAutomations(await getDb(), { now: NOW });
    const [aliceRun] = await runsOf(alice, aliceAutomation.id);
    expect((await piecesOf(aliceRun!.order_id!)).map((p) => p.contactId)).toEqual([inGroup.id]);
    const [bobRun] = await runsOf(bob, bobAutomation.id);
    const bobPieces = await piecesOf(bobRun!.order_id!);
    expect(bobPieces.map((p) => p.contactId).sort()).toEqual(bobs.map((c) => c.id).sort());
    expect(bobPieces.every((p) => p.userId === bob.id)).toBe(true);
    expect(await runsOf(carol, idle.id)).toEqual([]);
    expect(await creditOf(carol.id)).toBe(10_000);

    // Deleting the group deletes its automation rather than widening it to every contact.
    const db = await getDb();
    await execute(db, sql`delete from groups where id = ${group.id}::int`);
    expect((await api.get(`/automations/${aliceAutomation.id}`, { token: alice.token })).status).toBe(404);
    const [balance] = await db.select({ creditCents: users.creditCents }).from(users).where(eq(users.id, alice.id));
    expect(balance!.creditCents).toBe(9_900);
  });

  it("sends a child's or a pet's birthday once although the contact is edited after it was sent", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const card = await createCard({ priceCents: 100 });
    const contact = await addContact(user.id, { firstName: "Tom", lastName: "Reed", internalId: "reed-1" });
    const lily = await addChild(user.id, contact.id, { firstName: "Lily", birthMonth: 3, birthDay: 10 });
    const rex = await addPet(user.id, contact.id, { name: "Rex", birthMonth: 3, birthDay: 10 });
    const automation = await createAutomation(user, card.id, { events: ["child_birthday", "pet_birthday"], message: "Happy birthday, {first_name}!" });
    const first = await runDueAutomations(await getDb(), { now: NOW });
    expect(first.runs.find((run) => run.automationId === automation.id)?.recipientsCount).toBe(2);

    // Another child first in the list, the pet's name re-cased, a child renamed on the same birthday.
    const edited = await api.patch(`/contacts/${contact.id}`, {
      token: user.token,
      body: {
        children: [
          { first_name: "Max", birth_month: 8, birth_day: 1 },
          { first_name: "lily ", birth_month: 3, birth_day: 10, birth_year: 2021 },
        ],
        pets: [{ name: "REX", birth_month: 3, birth_day: 10 }],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.children.map((child: { first_name: string }) => child.first_name)).toEqual(["Max", "lily"]);
    expect(edited.body.data.pets.map((pet: { name: string }) => pet.name)).toEqual(["REX"]);
    const db = await getDb();
    const childIds = (await db.select().from(contactChildren).where(eq(contactChildren.contactId, contact.id)).orderBy(asc(contactChildren.position))).map((c) => c.id);
    expect(childIds[1]).toBe(lily.id);
    const [pet] = await db.select().from(contactPets).where(eq(contactPets.contactId, contact.id));
    expect(pet!.id).toBe(rex.id);
    expect((await runDueAutomations(db, { now: LATER_THAT_DAY })).runs.filter((run) => run.automationId === automation.id)).toEqual([]);

    // Recipients added to a project update the contact of the same internal_id: a new spelling of
    // the child's name on her birthday is still her.
    const project = await api.post("/projects", { token: user.token, body: { card_id: card.id, name: "Reeds" } });
    const added = await api.post(`/projects/add-recipients/${project.body.data.uuid}`, {
      token: user.token,
      body: {
        recipients: [
          {
            internal_id: "reed-1",
            first_name: "Tom",
            last_name: "Reed",
            address: "12 Analytical Way",
            city: "Springfield",
            state: "IL",
            zip: "62701",
            children: [{ first_name: "Lilly", birth_month: 3, birth_day: 10 }],
            pets: [{ name: "Rex", birth_month: 3, birth_day: 10 }],
          },
        ],
      },
    });
    expect(added.status).toBeLessThan(300);
    const [child] = await db.select().from(contactChildren).where(eq(contactChildren.contactId, contact.id));
    expect([child!.id, child!.firstName]).toEqual([lily.id, "Lilly"]);
    expect((await runDueAutomations(db, { now: LATER_THAT_DAY })).runs.filter((run) => run.automationId === automation.id)).toEqual([]);
    expect((await sendsOf(automation.id)).map((send) => send.personId).sort()).toEqual([lily.id, rex.id].sort());

    // A child who is new is someone new: her birthday is sent.
    await api.patch(`/contacts/${contact.id}`, {
      token: user.token,
      body: { children: [{ first_name: "Lilly", birth_month: 3, birth_day: 10 }, { first_name: "Rose", birth_month: 3, birth_day: 10 }] },
    });
    const third = await runDueAutomations(db, { now: LATER_THAT_DAY });
    expect(third.runs.find((run) => run.automationId === automation.id)?.recipientsCount).toBe(1);
  });
});
