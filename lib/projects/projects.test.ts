import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts, groupContacts, groups, orderRecipients, orders, projectRecipients } from "@/db/schema";
import { api, createUser, type TestUser } from "@/test/api";
import { createCard, createCategory, createOccasion, createProject, type CardFixture } from "@/test/fixtures";
import { addContactsToProject, addGroupToProject, getProjectCost, removeRecipient, updateProject } from "./service";

let owner: TestUser;
let card: CardFixture;
let categoryIds: number[];
let occasionIds: number[];

beforeAll(async () => {
  const db = await getDb();
  owner = await createUser();
  const [c2, c1] = [await createCategory(db), await createCategory(db)];
  const [o1, o2] = [await createOccasion(db), await createOccasion(db)];
  categoryIds = [c2.id, c1.id];
  occasionIds = [o1.id, o2.id];
  card = await createCard(db, { categoryIds: [c1.id, c2.id], occasionIds: [o2.id, o1.id], isBox: true, isPostcard: false, priceCents: 450 });
});

const ctxOf = (user: TestUser) => ({ db: user.db, user: { id: user.id, accountType: 1 } });

async function addContact(user: TestUser, firstName: string, lastName: string) {
  const [row] = await user.db.insert(contacts).values({ userId: user.id, firstName, lastName }).returning();
  return row!;
}

describe("POST /projects", () => {
  it("creates a project whose category, occasion and format come from the card", async () => {
    const res = await api.post("/projects", {
      token: owner.token,
      headers: { "x-forwarded-host": "evil.example" },
      body: { card_id: card.id, name: "  Spring mailing ", automation_message: "Happy spring!", automation_signoff: "The Smiths" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      card_id: card.id,
      name: "Spring mailing",
      created_at: expect.any(String),
      updated_at: expect.any(String),
      is_box: true,
      is_postcard: false,
      category_id: Math.min(...categoryIds),
      occasion_id: Math.min(...occasionIds),
      image_url: `http://localhost:3000/card-art/${card.slug}/front.svg`,
      thumbnail_url: `http://localhost:3000/card-art/${card.slug}/thumbnail.svg`,
      automation_message: "Happy spring!",
      automation_signoff: "The Smiths",
      message_font: "lora",
    });
    expect(new Date(res.body.data.created_at).toISOString()).toBe(res.body.data.created_at);
  });

  it("leaves unset fields null, including images the card lacks", async () => {
    const bare = await createCard(owner.db, { imageTypes: ["inside"] });
    const res = await api.post("/projects", { token: owner.token, body: { card_id: bare.id, name: "Bare" } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ category_id: null, occasion_id: null, image_url: null, thumbnail_url: null, automation_message: null, automation_signoff: null });
  });

  it("refuses an unknown or inactive card on card_id", async () => {
    const inactive = await createCard(owner.db, { isActive: false });
    for (const cardId of [inactive.id, 999_999, 99_999_999_999]) {
      const res = await api.post("/projects", { token: owner.token, body: { card_id: cardId, name: "X" } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: "The selected card id is invalid.", errors: { card_id: ["The selected card id is invalid."] } });
    }
  });

  it("validates name, message and sign-off", async () => {
    const res = await api.post("/projects", {
      token: owner.token,
      body: { card_id: "one", name: "x".repeat(256), automation_message: "m".repeat(5001), automation_signoff: "s".repeat(501) },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      card_id: ["The card id field must be a number."],
      name: ["The name field must not be greater than 255 characters."],
      automation_message: ["The automation message field must not be greater than 5000 characters."],
      automation_signoff: ["The automation signoff field must not be greater than 500 characters."],
    });
    const missing = await api.post("/projects", { token: owner.token, body: { card_id: card.id, name: "   " } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ name: ["The name field is required."] });
  });
});

describe("GET /projects", () => {
  it("walks the user's projects newest first, ties broken by uuid, without gaps or duplicates", async () => {
    const user = await createUser();
    const other = await createUser();
    await createProject(owner.db, other.id, card.id);
    const sameInstant = new Date("2026-03-01T10:00:00.123Z");
    const made = [
      await createProject(owner.db, user.id, card.id, { createdAt: new Date("2026-01-01T00:00:00Z") }),
      await createProject(owner.db, user.id, card.id, { createdAt: sameInstant }),
      await createProject(owner.db, user.id, card.id, { createdAt: sameInstant }),
      await createProject(owner.db, user.id, card.id, { createdAt: sameInstant }),
      await createProject(owner.db, user.id, card.id, { createdAt: new Date("2026-05-01T00:00:00Z") }),
    ];
    const expected = [...made]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((project) => project.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `per_page=2&cursor=${encodeURIComponent(cursor)}` : "per_page=2";
      const res = await api.get(`/projects?${query}`, { token: user.token });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((project: { uuid: string }) => project.uuid));
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);
  });

  it("keeps microsecond timestamps apart when paginating", async () => {
    const user = await createUser();
    const rows = [];
    for (let i = 0; i < 4; i++) rows.push(await createProject(owner.db, user.id, card.id));
    const first = await api.get("/projects?per_page=2", { token: user.token });
    const second = await api.get(`/projects?per_page=2&cursor=${encodeURIComponent(first.body.next_cursor)}`, { token: user.token });
    const uuids = [...first.body.data, ...second.body.data].map((project: { uuid: string }) => project.uuid);
    expect(new Set(uuids).size).toBe(4);
    expect(uuids.sort()).toEqual(rows.map((row) => row.id).sort());
    expect(second.body.next_cursor).toBeNull();
  });

  it("returns an empty page for a user without projects, and every Project field", async () => {
    const user = await createUser();
    const empty = await api.get("/projects", { token: user.token });
    expect(empty.body).toEqual({ data: [], next_cursor: null });
    await createProject(owner.db, user.id, card.id, { name: "Listed" });
    const res = await api.get("/projects", { token: user.token });
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      ["uuid", "card_id", "name", "created_at", "updated_at", "is_box", "is_postcard", "category_id", "occasion_id", "image_url", "thumbnail_url", "automation_message", "automation_signoff", "message_font"].sort(),
    );
  });

  it("refuses bad per_page and cursors with 422", async () => {
    for (const query of ["per_page=0", "per_page=101", "per_page=x"]) {
      const res = await api.get(`/projects?${query}`, { token: owner.token });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(["per_page"]);
    }
    const cardsPage = await api.get("/cards?per_page=1", { token: owner.token });
    await createCard(owner.db);
    const other = await api.get("/cards?per_page=1", { token: owner.token });
    const foreignCursor = other.body.next_cursor ?? cardsPage.body.next_cursor;
    const res = await api.get(`/projects?cursor=${encodeURIComponent(foreignCursor)}`, { token: owner.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ cursor: ["The cursor is invalid."] });
  });
});

describe("GET /projects/{uuid}", () => {
  it("returns the project with its recipients by last, then first name, with their override message", async () => {
    const project = await createProject(owner.db, owner.id, card.id);
    const zed = await addContact(owner, "Zed", "Adams");
    const amy = await addContact(owner, "Amy", "Brown");
    const abe = await addContact(owner, "Abe", "Adams");
    await owner.db.insert(projectRecipients).values([
      { projectId: project.id, contactId: amy.id, userId: owner.id, overrideMessage: "Dear Amy" },
      { projectId: project.id, contactId: zed.id, userId: owner.id },
      { projectId: project.id, contactId: abe.id, userId: owner.id },
    ]);
    const res = await api.get(`/projects/${project.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.uuid).toBe(project.id);
    expect(res.body.data.recipients.map((r: { uuid: string }) => r.uuid)).toEqual([abe.id, zed.id, amy.id]);
    expect(res.body.data.recipients[2]).toMatchObject({ first_name: "Amy", last_name: "Brown", override_message: "Dear Amy", children: [], pets: [], internal_id: null });
    expect(res.body.data.recipients[0].override_message).toBeNull();
  });

  it("returns an empty recipient list for a new project", async () => {
    const project = await createProject(owner.db, owner.id, card.id);
    const res = await api.get(`/projects/${project.id}`, { token: owner.token });
    expect(res.body.data.recipients).toEqual([]);
  });

  it("answers 404 Project not found for unknown, malformed and other users' projects", async () => {
    const other = await createUser();
    const theirs = await createProject(owner.db, other.id, card.id);
    for (const id of [theirs.id, "3f0e8a52-1111-4222-8333-944445555666", "not-a-uuid"]) {
      const res = await api.get(`/projects/${id}`, { token: owner.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Project not found" });
    }
  });
});

describe("project services for the web app", () => {
  it("adds contacts once, skipping other users' contacts, and counts what was added", async () => {
    const ctx = ctxOf(owner);
    const project = await createProject(owner.db, owner.id, card.id);
    const a = await addContact(owner, "A", "One");
    const b = await addContact(owner, "B", "Two");
    const stranger = await createUser();
    const theirs = await addContact(stranger, "C", "Three");
    expect(await addContactsToProject(ctx, project.id, [a.id, b.id, theirs.id, "junk"])).toBe(2);
    expect(await addContactsToProject(ctx, project.id, [a.id, b.id])).toBe(0);
    const rows = await owner.db.select().from(projectRecipients).where(eq(projectRecipients.projectId, project.id));
    expect(rows.map((row) => row.contactId).sort()).toEqual([a.id, b.id].sort());
    await expect(addContactsToProject(ctxOf(stranger), project.id, [theirs.id])).rejects.toMatchObject({ status: 404, message: "Project not found" });
  });

  it("adds a whole group", async () => {
    const ctx = ctxOf(owner);
    const project = await createProject(owner.db, owner.id, card.id);
    const [group] = await owner.db.insert(groups).values({ userId: owner.id, name: "Family" }).returning();
    const members = [await addContact(owner, "G1", "Member"), await addContact(owner, "G2", "Member")];
    await owner.db.insert(groupContacts).values(members.map((m) => ({ groupId: group!.id, contactId: m.id, userId: owner.id })));
    await addContactsToProject(ctx, project.id, [members[0]!.id]);
    expect(await addGroupToProject(ctx, project.id, group!.id)).toBe(1);
    await expect(addGroupToProject(ctx, project.id, 999_999)).rejects.toMatchObject({ status: 404, message: "Group not found" });
    const stranger = await createUser();
    await expect(addGroupToProject(ctxOf(stranger), project.id, group!.id)).rejects.toMatchObject({ status: 404, message: "Project not found" });
  });

  it("removes a recipient, but not one already ordered", async () => {
    const ctx = ctxOf(owner);
    const project = await createProject(owner.db, owner.id, card.id);
    const kept = await addContact(owner, "Ordered", "Person");
    const removed = await addContact(owner, "Removed", "Person");
    await addContactsToProject(ctx, project.id, [kept.id, removed.id]);
    const [link] = await owner.db
      .select()
      .from(projectRecipients)
      .where(and(eq(projectRecipients.projectId, project.id), eq(projectRecipients.contactId, kept.id)));
    const [order] = await owner.db.insert(orders).values({ userId: owner.id, totalCents: 450 }).returning();
    await owner.db.insert(orderRecipients).values({
      orderId: order!.id,
      userId: owner.id,
      projectId: project.id,
      projectRecipientId: link!.id,
      contactId: kept.id,
      name: "Ordered Person",
      priceCents: 450,
      scheduledDeliveryDate: new Date(),
    });

    expect(await getProjectCost(ctx, project.id)).toEqual({ recipients: 2, unordered_recipients: 1, price_cents: 450, total_cents: 450 });
    await expect(removeRecipient(ctx, project.id, kept.id)).rejects.toMatchObject({ status: 422, message: "This recipient has already been ordered." });
    await removeRecipient(ctx, project.id, removed.id);
    await expect(removeRecipient(ctx, project.id, removed.id)).rejects.toMatchObject({ status: 404 });
    expect(await getProjectCost(ctx, project.id)).toEqual({ recipients: 1, unordered_recipients: 0, price_cents: 450, total_cents: 0 });
    await expect(removeRecipient(ctxOf(await createUser()), project.id, kept.id)).rejects.toMatchObject({ status: 404, message: "Project not found" });
  });

  it("prices an empty project at zero and refuses unknown ones", async () => {
    const ctx = ctxOf(owner);
    const project = await createProject(owner.db, owner.id, card.id);
    expect(await getProjectCost(ctx, project.id)).toEqual({ recipients: 0, unordered_recipients: 0, price_cents: 450, total_cents: 0 });
    await expect(getProjectCost(ctx, "nope")).rejects.toMatchObject({ status: 404 });
  });

  it("updates the fields sent and keeps the others", async () => {
    const ctx = ctxOf(owner);
    const project = await createProject(owner.db, owner.id, card.id, { name: "Old", automationMessage: "Hello", automationSignoff: "Me" });
    const renamed = await updateProject(ctx, project.id, { name: "New" });
    expect(renamed).toMatchObject({ name: "New", automationMessage: "Hello", automationSignoff: "Me" });
    expect(renamed.updatedAt.getTime()).toBeGreaterThanOrEqual(project.updatedAt.getTime());
    const cleared = await updateProject(ctx, project.id, { automation_message: null, automation_signoff: "You" });
    expect(cleared).toMatchObject({ name: "New", automationMessage: "", automationSignoff: "You" });
    await expect(updateProject(ctxOf(await createUser()), project.id, { name: "Theirs" })).rejects.toMatchObject({ status: 404, message: "Project not found" });
  });
});
