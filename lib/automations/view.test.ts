import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/context";
import { getCalendarMonth } from "@/lib/events/calendar";
import { api, createUser, type TestUser } from "@/test/api";
import { addContact, addGroup, createAutomation } from "@/test/automation-fixtures";
import { createCard } from "@/test/order-fixtures";
import { createCard as createCatalogCard, createOccasion } from "@/test/fixtures";
import { getDb } from "@/db/client";
import { coveringAutomations, getAutomationFormOptions, listAutomationOverviews, markAutomatedEntries } from "./view";
import { eventsInWords, skipReasonInWords, upcomingCostInWords } from "./wording";

let user: TestUser;
let ctx: ServiceContext;

beforeAll(async () => {
  user = await createUser();
  ctx = { db: user.db, user: { id: user.id, accountType: 1 } };
});

/** The names of the automations marked on each entry of the month, by whose day it is. */
function marks(calendar: Awaited<ReturnType<typeof markAutomatedEntries>>) {
  return Object.fromEntries(calendar.days.flatMap((day) => day.entries.map((entry) => [`${entry.name} ${entry.kind}`, entry.automations])));
}

describe("markAutomatedEntries", () => {
  it("marks the entries an active automation sends a card for: its kinds, of its group's contacts or of everyone", async () => {
    const card = await createCard();
    const jane = await addContact(user.id, { firstName: "Jane", lastName: "Smith", birthMonth: 5, birthDay: 3, anniversaryMonth: 5, anniversaryDay: 9, spouseFirstName: "John", spouseBirthMonth: 5, spouseBirthDay: 12 });
    await addContact(user.id, { firstName: "Bob", lastName: "Stone", birthMonth: 5, birthDay: 20 });
    const family = await addGroup(user.id, [jane.id]);
    await createAutomation(user, card.id, { name: "Family birthdays", events: ["birthday", "spouse_birthday"], group_id: family.id });
    await createAutomation(user, card.id, { name: "Anniversaries", events: ["anniversary"], message: "Happy anniversary!" });
    await createAutomation(user, card.id, { name: "Everyone, off", events: ["birthday"], active: false });
    const other = await createUser();
    await createAutomation(other, (await createCard()).id, { name: "Not mine", events: ["birthday", "anniversary", "spouse_birthday"] });

    // Seen from the new year: every May date is still to come, in time.
    const may = await markAutomatedEntries(ctx, await getCalendarMonth(ctx, { year: 2026, month: 5 }), "2026-01-01");
    expect(marks(may)).toEqual({
      "Jane Smith birthday": ["Family birthdays"],
      "Jane and John Smith anniversary": ["Anniversaries"],
      "John Smith spouse": ["Family birthdays"],
      "Bob Stone birthday": [],
    });
  });

  it("leaves a month without entries as it is", async () => {
    const empty = await createUser();
    const emptyCtx = { db: empty.db, user: { id: empty.id, accountType: 1 } };
    const month = await getCalendarMonth(emptyCtx, { year: 2026, month: 1 });
    expect(await markAutomatedEntries(emptyCtx, month)).toEqual(month);
  });
});

describe("coveringAutomations", () => {
  const covers = [
    { name: "Everyone", events: ["birthday", "pet_birthday"] as const, groupId: null },
    { name: "Family", events: ["child_birthday"] as const, groupId: 7 },
  ];
  it("matches the calendar's kind to the automation's event and the contact to its group", () => {
    const names = (found: { name: string }[]) => found.map((cover) => cover.name);
    expect(names(coveringAutomations(covers, new Set([7]), "child"))).toEqual(["Family"]);
    expect(names(coveringAutomations(covers, undefined, "child"))).toEqual([]);
    expect(names(coveringAutomations(covers, undefined, "pet"))).toEqual(["Everyone"]);
    expect(names(coveringAutomations(covers, new Set([7]), "anniversary"))).toEqual([]);
  });
});

describe("the automation pages' data", () => {
  it("offers each card with its list picture and its occasions, for the form's picture picker", async () => {
    const owner = await createUser();
    const db = await getDb();
    const occasion = await createOccasion(db);
    const card = await createCatalogCard(db, { occasionIds: [occasion.id], isBox: true });
    const offered = (await getAutomationFormOptions({ db: owner.db, user: { id: owner.id, accountType: 1 } })).cards.find((c) => c.id === card.id);
    expect(offered).toMatchObject({ occasions: [occasion.slug], isBox: true, picture: expect.stringMatching(/\/thumbnail\.svg$/) });
  });

  it("lists automations with their card and group, and offers active cards and the user's groups", async () => {
    const owner = await createUser();
    const ownerCtx = { db: owner.db, user: { id: owner.id, accountType: 1 } };
    const card = await createCard();
    const group = await addGroup(owner.id, []);
    const automation = await createAutomation(owner, card.id, { group_id: group.id });
    const retired = await createCard({ isActive: false });

    const [overview] = await listAutomationOverviews(ownerCtx);
    expect(overview).toMatchObject({ id: automation.id, cardId: card.id, groupName: expect.stringMatching(/^Group /), cardName: expect.any(String) });

    const options = await getAutomationFormOptions(ownerCtx, retired.id);
    expect(options.cards.map((c) => c.id)).toContain(card.id);
    expect(options.cards[0]!.id).toBe(retired.id);
    expect(options.groups).toEqual([{ id: group.id, name: expect.stringMatching(/^Group /) }]);
    expect((await getAutomationFormOptions(ownerCtx)).cards.map((c) => c.id)).not.toContain(retired.id);
    expect((await api.get("/automations", { token: owner.token })).body.data).toHaveLength(1);
  });
});

describe("automation wording", () => {
  it("words the events, the skip reasons and the cost against the credit", () => {
    expect(eventsInWords(["pet_birthday", "birthday", "anniversary", "child_birthday", "spouse_birthday"])).toBe(
      "Birthdays, anniversaries, spouses', children's and pets' birthdays",
    );
    expect(eventsInWords(["child_birthday"])).toBe("Children's birthdays");
    expect(eventsInWords(["birthday", "anniversary"])).toBe("Birthdays and anniversaries");
    expect(skipReasonInWords("insufficient_credit", 1200)).toBe("Not enough credit: $12.00 needed");
    expect(skipReasonInWords("card_unavailable", 0)).toBe("The card is no longer available");
    expect(upcomingCostInWords(2394, 6, 90, 10000)).toBe("$23.94 for 6 cards in the next 90 days; your credit is $100.00");
  });
});
