import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts } from "@/db/schema";
import { checkoutProject } from "@/lib/orders/service";
import { createUser, type TestUser } from "@/test/api";
import { createCard, createProject, type CardFixture } from "@/test/fixtures";
import { getProjectSummaries, listOrderedRecipients } from "./overview";
import { addContactsToProject } from "./service";

let owner: TestUser;
let stranger: TestUser;
let card: CardFixture;
const ctxOf = (user: TestUser) => ({ db: user.db, user: { id: user.id, accountType: 1 } });

async function addContact(user: TestUser, firstName: string) {
  const [row] = await user.db.insert(contacts).values({ userId: user.id, firstName, lastName: "Tester", address: "1 Main St", city: "Springfield", state: "IL", zip: "62701" }).returning();
  return row!;
}

beforeAll(async () => {
  const db = await getDb();
  owner = await createUser({ creditCents: 10_000 });
  stranger = await createUser();
  card = await createCard(db, { name: "Sunny Days", priceCents: 450 });
});

describe("getProjectSummaries", () => {
  it("gives each of the user's projects its card, recipient counts and orders", async () => {
    const ctx = ctxOf(owner);
    const mailed = await createProject(owner.db, owner.id, card.id);
    const empty = await createProject(owner.db, owner.id, card.id);
    const [ann, ben, cleo] = [await addContact(owner, "Ann"), await addContact(owner, "Ben"), await addContact(owner, "Cleo")];
    await addContactsToProject(ctx, mailed.id, [ann.id, ben.id]);
    const first = await checkoutProject(ctx, mailed.id);
    await addContactsToProject(ctx, mailed.id, [cleo.id]);
    const theirs = await createProject(stranger.db, stranger.id, card.id);

    const summaries = await getProjectSummaries(ctx, [mailed.id, empty.id, theirs.id, "not-a-uuid"]);

    expect([...summaries.keys()].sort()).toEqual([mailed.id, empty.id].sort());
    expect(summaries.get(mailed.id)).toEqual({
      projectId: mailed.id,
      cardId: card.id,
      cardName: "Sunny Days",
      priceCents: 450,
      isCardActive: true,
      recipientsCount: 3,
      orderedCount: 2,
      orderIds: [first.orderId],
    });
    expect(summaries.get(empty.id)).toMatchObject({ recipientsCount: 0, orderedCount: 0, orderIds: [] });
  });
});

describe("listOrderedRecipients", () => {
  it("names the order of each recipient already ordered, for the user's own project only", async () => {
    const ctx = ctxOf(owner);
    const project = await createProject(owner.db, owner.id, card.id);
    const [dana, eli] = [await addContact(owner, "Dana"), await addContact(owner, "Eli")];
    await addContactsToProject(ctx, project.id, [dana.id]);
    const order = await checkoutProject(ctx, project.id);
    await addContactsToProject(ctx, project.id, [eli.id]);

    expect(await listOrderedRecipients(ctx, project.id)).toEqual(new Map([[dana.id, order.orderId]]));
    expect(await listOrderedRecipients(ctxOf(stranger), project.id)).toEqual(new Map());
    expect(await listOrderedRecipients(ctx, "nope")).toEqual(new Map());
  });
});
