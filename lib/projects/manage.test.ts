import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { cards, contacts, orderRecipients, projectRecipients, projects } from "@/db/schema";
import { MESSAGE_LIMITS } from "@/lib/cards/message-fit";
import { checkoutProject } from "@/lib/orders/service";
import { api, createUser, type TestUser } from "@/test/api";
import { createCard, createProject, type CardFixture } from "@/test/fixtures";
import { changeProjectCard, deleteProject, duplicateProject, setRecipientMessage } from "./manage";

let owner: TestUser;
let folded: CardFixture;
let postcard: CardFixture;

beforeAll(async () => {
  const db = await getDb();
  owner = await createUser({ creditCents: 10_000 });
  folded = await createCard(db, { priceCents: 300 });
  postcard = await createCard(db, { isPostcard: true, priceCents: 200 });
});

const ctxOf = (user: TestUser) => ({ db: user.db, user: { id: user.id, accountType: 1 } });

async function addContact(user: TestUser, projectId: string, firstName: string, lastName: string, overrideMessage: string | null = null) {
  const [contact] = await user.db
    .insert(contacts)
    .values({ userId: user.id, firstName, lastName, address: "1 Main St", city: "Springfield", state: "IL", zip: "62701" })
    .returning();
  await user.db.insert(projectRecipients).values({ projectId, contactId: contact!.id, userId: user.id, overrideMessage });
  return contact!;
}

describe("the message a card holds", () => {
  it("refuses an over-long message on create with a 422 naming the field and by how much", async () => {
    const over = "a".repeat(MESSAGE_LIMITS.postcard + 140);
    const res = await api.post("/projects", { token: owner.token, body: { card_id: postcard.id, name: "Too long", automation_message: over } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: "This message is 140 characters too long for this card",
      errors: { automation_message: ["This message is 140 characters too long for this card"] },
    });
    // The same text fits a folded card.
    const ok = await api.post("/projects", { token: owner.token, body: { card_id: folded.id, name: "Fits", automation_message: over } });
    expect(ok.status).toBe(201);
  });

  it("counts an emoji as one character and refuses a long sign-off", async () => {
    const atLimit = "🎉".repeat(MESSAGE_LIMITS.postcard);
    const res = await api.post("/projects", { token: owner.token, body: { card_id: postcard.id, name: "Emoji", automation_message: atLimit, automation_signoff: "s".repeat(81) } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ automation_signoff: ["This sign-off is 1 character too long for this card"] });
  });

  it("refuses a recipient's own message too long for the project's card on add-recipients", async () => {
    const project = await createProject(owner.db, owner.id, postcard.id, { isPostcard: true });
    const recipient = { first_name: "Ada", last_name: "Lovelace", address: "1 Main St", city: "Springfield", state: "IL", zip: "62701" };
    const res = await api.post(`/projects/add-recipients/${project.id}`, {
      token: owner.token,
      body: { recipients: [recipient, { ...recipient, first_name: "Alan", override_message: "x".repeat(MESSAGE_LIMITS.postcard + 2) }] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "recipients.1.override_message": ["This message is 2 characters too long for this card"] });
  });
});

describe("changing a project's card", () => {
  it("puts another card on a project whose card was retired, and checkout then goes through with the placeholder filled", async () => {
    const db = await getDb();
    const retiring = await createCard(db, { priceCents: 500 });
    const project = await createProject(owner.db, owner.id, retiring.id, { automationMessage: "Dear {first_name} {last_name}" });
    const grace = await addContact(owner, project.id, "Grace", "Hopper", "For you, {first_name}!");
    await db.update(cards).set({ isActive: false }).where(eq(cards.id, retiring.id));
    await expect(checkoutProject(ctxOf(owner), project.id)).rejects.toMatchObject({ status: 422 });

    await changeProjectCard(ctxOf(owner), project.id, folded.id);
    const [row] = await db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ cardId: folded.id, isPostcard: false, isBox: false });

    const order = await checkoutProject(ctxOf(owner), project.id);
    expect(order.creditChargedCents).toBe(300);
    const [piece] = await db.select().from(orderRecipients).where(eq(orderRecipients.orderId, order.orderId));
    expect(piece).toMatchObject({ contactId: grace.id, message: "For you, Grace!" });
  });

  it("refuses once something is ordered, an inactive card, a message the new card can't hold, and another user's project", async () => {
    const db = await getDb();
    const inactive = await createCard(db, { isActive: false });
    const long = await createProject(owner.db, owner.id, folded.id, { automationMessage: "m".repeat(MESSAGE_LIMITS.postcard + 5) });
    await expect(changeProjectCard(ctxOf(owner), long.id, postcard.id)).rejects.toMatchObject({ status: 422, details: { errors: { automation_message: ["This message is 5 characters too long for this card"] } } });
    await expect(changeProjectCard(ctxOf(owner), long.id, inactive.id)).rejects.toMatchObject({ status: 422, details: { errors: { card_id: ["The selected card id is invalid."] } } });
    await expect(changeProjectCard(ctxOf(await createUser()), long.id, folded.id)).rejects.toMatchObject({ status: 404, message: "Project not found" });

    const ordered = await createProject(owner.db, owner.id, folded.id, { automationMessage: "Hi" });
    await addContact(owner, ordered.id, "Alan", "Turing");
    await checkoutProject(ctxOf(owner), ordered.id);
    await expect(changeProjectCard(ctxOf(owner), ordered.id, postcard.id)).rejects.toMatchObject({ status: 422 });
  });
});

describe("duplicating and deleting a project", () => {
  it("copies the card, message and, when asked, the recipients with their own messages; nothing of the copy is ordered", async () => {
    const db = await getDb();
    const source = await createProject(owner.db, owner.id, folded.id, { name: "Spring", automationMessage: "Hello", automationSignoff: "Us" });
    const ada = await addContact(owner, source.id, "Ada", "Lovelace", "Just for Ada");
    await checkoutProject(ctxOf(owner), source.id);

    const bare = await duplicateProject(ctxOf(owner), source.id, { withRecipients: false });
    const full = await duplicateProject(ctxOf(owner), source.id, { withRecipients: true });
    const [copy] = await db.select().from(projects).where(eq(projects.id, full));
    expect(copy).toMatchObject({ name: "Copy of Spring", cardId: folded.id, automationMessage: "Hello", automationSignoff: "Us" });
    expect(await db.select().from(projectRecipients).where(eq(projectRecipients.projectId, bare))).toHaveLength(0);
    const copied = await db.select().from(projectRecipients).where(eq(projectRecipients.projectId, full));
    expect(copied.map((r) => [r.contactId, r.overrideMessage])).toEqual([[ada.id, "Just for Ada"]]);
    expect(await db.select().from(orderRecipients).where(eq(orderRecipients.projectId, full))).toHaveLength(0);
  });

  it("deletes a project nothing of which is ordered, keeping its contacts; refuses an ordered one", async () => {
    const db = await getDb();
    const draft = await createProject(owner.db, owner.id, folded.id);
    const kept = await addContact(owner, draft.id, "Katherine", "Johnson");
    await deleteProject(ctxOf(owner), draft.id);
    expect(await db.select().from(projects).where(eq(projects.id, draft.id))).toHaveLength(0);
    expect(await db.select().from(contacts).where(eq(contacts.id, kept.id))).toHaveLength(1);
    await expect(deleteProject(ctxOf(owner), draft.id)).rejects.toMatchObject({ status: 404 });

    const ordered = await createProject(owner.db, owner.id, folded.id, { automationMessage: "Hi" });
    await addContact(owner, ordered.id, "Dorothy", "Vaughan");
    await checkoutProject(ctxOf(owner), ordered.id);
    await expect(deleteProject(ctxOf(owner), ordered.id)).rejects.toMatchObject({ status: 422 });
    expect(await db.select().from(projects).where(eq(projects.id, ordered.id))).toHaveLength(1);
  });
});

describe("a recipient's own message", () => {
  it("is set, cleared and checked against the card; an ordered recipient's stays", async () => {
    const db = await getDb();
    const project = await createProject(owner.db, owner.id, postcard.id, { isPostcard: true, automationMessage: "Hi all" });
    const mary = await addContact(owner, project.id, "Mary", "Jackson");
    const ctx = ctxOf(owner);
    await setRecipientMessage(ctx, project.id, mary.id, "Dear {first_name}");
    const read = async () => (await db.select().from(projectRecipients).where(eq(projectRecipients.contactId, mary.id)))[0]!.overrideMessage;
    expect(await read()).toBe("Dear {first_name}");
    await expect(setRecipientMessage(ctx, project.id, mary.id, "x".repeat(MESSAGE_LIMITS.postcard + 1))).rejects.toMatchObject({
      status: 422,
      details: { errors: { override_message: ["This message is 1 character too long for this card"] } },
    });
    await setRecipientMessage(ctx, project.id, mary.id, "  ");
    expect(await read()).toBeNull();
    await expect(setRecipientMessage(ctx, project.id, "00000000-0000-4000-8000-000000000000", "Hi")).rejects.toMatchObject({ status: 404, message: "Contact not found" });

    await setRecipientMessage(ctx, project.id, mary.id, "Thank you, {first_name} {last_name}");
    const order = await checkoutProject(ctx, project.id);
    const [piece] = await db.select().from(orderRecipients).where(eq(orderRecipients.orderId, order.orderId));
    expect(piece!.message).toBe("Thank you, Mary Jackson");
    await expect(setRecipientMessage(ctx, project.id, mary.id, "Too late")).rejects.toMatchObject({ status: 422 });
  });
});
