import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { eq } from "drizzle-orm";
import { automationSends, contacts, groupContacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { createUser, type TestUser } from "@/test/api";
import { addChild, addContact, addGroup, addPet, createAutomation } from "@/test/automation-fixtures";
import { createCard } from "@/test/order-fixtures";
import { listUpcoming, type UpcomingSends } from "./upcoming";

// Day T: 2027-02-01. With days=366 and days_before=30 the event dates run from 2027-02-08 to
// 2028-03-10: Feb 29 falls on Feb 28 in 2027 and on Feb 29 in 2028, and the year ends between.
const NOW = new Date("2027-02-01T10:00:00Z");

const contextOf = (user: TestUser): ServiceContext => ({ db: user.db, user: { id: user.id, accountType: 1 } });
const line = (o: UpcomingSends["occurrences"][number]) => `${o.eventDate} ${o.name} ${o.kind}`;

/** Every page of `perPage` from the first, following next_cursor. */
async function allPages(ctx: ServiceContext, automationId: number, days: number, perPage: number) {
  const pages: UpcomingSends[] = [];
  let cursor: string | undefined;
  do {
    const page = await listUpcoming(ctx, automationId, { days, per_page: perPage, cursor }, NOW);
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

describe("upcoming sends, paged", () => {
  it("pages a year across the year's end, Feb 29 and ties on one day exactly as the whole list orders them, the count the whole window's less what was sent", async () => {
    const user = await createUser();
    const ctx = contextOf(user);
    const card = await createCard({ priceCents: 100 });
    await addContact(user.id, { firstName: "Ivy", lastName: "Irwin", birthMonth: 2, birthDay: 10 });
    const ana = await addContact(user.id, { firstName: "Ana", lastName: "Alpha", birthMonth: 2, birthDay: 29 });
    await addPet(user.id, ana.id, { name: "Pip", birthMonth: 2, birthDay: 29 });
    await addContact(user.id, { firstName: "Ben", lastName: "Beta", birthMonth: 2, birthDay: 28, spouseFirstName: "Bea", spouseBirthMonth: 1, spouseBirthDay: 1 });
    const cy = await addContact(user.id, { firstName: "Cy", lastName: "Crane", birthMonth: 12, birthDay: 31 });
    const di = await addContact(user.id, { firstName: "Di", lastName: "Dunn", birthMonth: 12, birthDay: 31 });
    // Two people of one name on one day: the contact decides; one person twice on a day: the kind.
    await addContact(user.id, { firstName: "Ed", lastName: "Eads", birthMonth: 12, birthDay: 31 });
    await addContact(user.id, { firstName: "Ed", lastName: "Eads", birthMonth: 12, birthDay: 31 });
    await addContact(user.id, { firstName: "Jo", lastName: "Jay", birthMonth: 12, birthDay: 31, spouseFirstName: "Jo", spouseBirthMonth: 12, spouseBirthDay: 31 });
    const fay = await addContact(user.id, { firstName: "Fay", lastName: "Fox", birthMonth: 1, birthDay: 1 });
    await addChild(user.id, fay.id, { firstName: "Gus", birthMonth: 1, birthDay: 1 });
    await addContact(user.id, { firstName: "Hal", lastName: "Hart", birthMonth: 12, birthDay: 31, city: null });
    const automation = await createAutomation(user, card.id, {
      events: ["birthday", "spouse_birthday", "child_birthday", "pet_birthday"],
      days_before: 30,
      active: false,
    });
    const db = await getDb();
    await db.insert(automationSends).values([
      // Sent already: neither listed nor counted.
      { automationId: automation.id, userId: user.id, contactId: cy.id, kind: "birthday", personId: 0, eventDate: "2027-12-31" },
      // A date the contact no longer has, and a kind the automation no longer sends: they take nothing away.
      { automationId: automation.id, userId: user.id, contactId: di.id, kind: "birthday", personId: 0, eventDate: "2027-12-30" },
      { automationId: automation.id, userId: user.id, contactId: di.id, kind: "anniversary", personId: 0, eventDate: "2027-12-31" },
    ]);

    const all = await listUpcoming(ctx, automation.id, { days: 366 }, NOW);
    expect(all.occurrences.map(line)).toEqual([
      "2027-02-10 Ivy Irwin birthday",
      "2027-02-28 Ana Alpha birthday",
      "2027-02-28 Ben Beta birthday",
      "2027-02-28 Pip pet_birthday",
      "2027-12-31 Di Dunn birthday",
      "2027-12-31 Ed Eads birthday",
      "2027-12-31 Ed Eads birthday",
      "2027-12-31 Jo Jay birthday",
      "2027-12-31 Jo Jay spouse_birthday",
      "2028-01-01 Bea Beta spouse_birthday",
      "2028-01-01 Fay Fox birthday",
      "2028-01-01 Gus Fox child_birthday",
      "2028-02-10 Ivy Irwin birthday",
      "2028-02-28 Ben Beta birthday",
      "2028-02-29 Ana Alpha birthday",
      "2028-02-29 Pip pet_birthday",
    ]);
    // Already due: sent today, to arrive as soon as the post allows.
    expect(all.occurrences[0]).toMatchObject({ sendDate: "2027-02-01", deliveryDate: "2027-02-08" });
    expect([all.count, all.totalCents]).toEqual([16, 1600]);

    const whole = all.occurrences.map((o) => `${line(o)} ${o.contactId} ${o.sendDate} ${o.deliveryDate}`);
    for (const perPage of [1, 2, 3, 5, 15, 16, 100]) {
      const pages = await allPages(ctx, automation.id, 366, perPage);
      expect(pages.flatMap((page) => page.occurrences.map((o) => `${line(o)} ${o.contactId} ${o.sendDate} ${o.deliveryDate}`)), `per_page ${perPage}`).toEqual(whole);
      expect(pages.length).toBe(Math.ceil(16 / perPage));
      expect(pages.every((page) => page.count === 16 && page.totalCents === 1600)).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it("counts only the group's contacts with an address, and nothing for a window without dates", async () => {
    const user = await createUser();
    const ctx = contextOf(user);
    const card = await createCard({ priceCents: 250 });
    const inside = await addContact(user.id, { firstName: "In", lastName: "Side", birthMonth: 3, birthDay: 1, anniversaryMonth: 3, anniversaryDay: 2 });
    const noAddress = await addContact(user.id, { firstName: "No", lastName: "Zip", birthMonth: 3, birthDay: 1, zip: "" });
    await addChild(user.id, inside.id, { firstName: "Kid", birthMonth: 3, birthDay: 3 });
    const outside = await addContact(user.id, { firstName: "Out", lastName: "Side", birthMonth: 3, birthDay: 1 });
    await addChild(user.id, outside.id, { firstName: "Other", birthMonth: 3, birthDay: 3 });
    const group = await addGroup(user.id, [inside.id, noAddress.id]);
    const automation = await createAutomation(user, card.id, { events: ["birthday", "anniversary", "child_birthday"], group_id: group.id, active: false });

    const pages = await allPages(ctx, automation.id, 366, 1);
    expect(pages.flatMap((page) => page.occurrences.map(line))).toEqual(["2027-03-01 In Side birthday", "2027-03-02 In Side anniversary", "2027-03-03 Kid Side child_birthday"]);
    expect(pages.map((page) => page.count)).toEqual([3, 3, 3]);
    expect(pages[0]!.totalCents).toBe(750);

    // From Feb 1 with days=20: event dates up to Feb 28, none of theirs.
    const none = await listUpcoming(ctx, automation.id, { days: 20, per_page: 15 }, NOW);
    expect([none.occurrences, none.count, none.nextCursor]).toEqual([[], 0, null]);
  });
  it("keeps the count true as the book and the group's members change, writes straight to the database included", async () => {
    const user = await createUser();
    const ctx = contextOf(user);
    const card = await createCard({ priceCents: 100 });
    const ann = await addContact(user.id, { firstName: "Ann", lastName: "Ames", birthMonth: 3, birthDay: 1, address: "1 Shared Lane" });
    const bo = await addContact(user.id, { firstName: "Bo", lastName: "Bell", birthMonth: 3, birthDay: 1 });
    const group = await addGroup(user.id, [ann.id]);
    const automation = await createAutomation(user, card.id, { group_id: group.id, active: false });
    const everyone = await createAutomation(user, card.id, { active: false });
    const count = async (id: number) => (await listUpcoming(ctx, id, { days: 366, per_page: 1 }, NOW)).count;
    expect([await count(automation.id), await count(everyone.id)]).toEqual([1, 2]);
    // Asked twice: the same answer.
    expect([await count(automation.id), await count(everyone.id)]).toEqual([1, 2]);

    const db = await getDb();
    await db.insert(groupContacts).values({ groupId: group.id, contactId: bo.id, userId: user.id });
    expect(await count(automation.id)).toBe(2);

    // One household: Bo moves in with Ann.
    await db.update(contacts).set({ address: "1 shared lane." }).where(eq(contacts.id, bo.id));
    expect([await count(automation.id), await count(everyone.id)]).toEqual([1, 1]);

    await db.delete(groupContacts).where(eq(groupContacts.contactId, ann.id));
    await db.update(contacts).set({ address: "9 Elsewhere Road" }).where(eq(contacts.id, bo.id));
    expect([await count(automation.id), await count(everyone.id)]).toEqual([1, 2]);

    await db.delete(groupContacts).where(eq(groupContacts.groupId, group.id));
    expect([await count(automation.id), await count(everyone.id)]).toEqual([0, 2]);
  });
});
