import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, getDbHandle, rowsPerStatement, withQueryCounter } from "@/db/client";
import { contactBookVersions, contactChildren, contactPets, contacts, projectRecipients, projects } from "@/db/schema";
import { api, createUser, type TestUser } from "@/test/api";
import { createCard, createProject, type CardFixture } from "@/test/fixtures";
import { addRecipients } from "./recipients";

let card: CardFixture;

beforeAll(async () => {
  card = await createCard(await getDb());
});

const recipient = (n: number, extra: Record<string, unknown> = {}) => ({
  first_name: `First${n}`,
  last_name: `Last${n}`,
  address: `${n} Main St`,
  city: "Springfield",
  state: "IL",
  zip: "62701",
  ...extra,
});

async function setup(): Promise<{ user: TestUser; projectId: string }> {
  const user = await createUser();
  const project = await createProject(user.db, user.id, card.id);
  return { user, projectId: project.id };
}

const add = (user: TestUser, projectId: string, recipients: unknown[], headers?: Record<string, string>) =>
  api.post(`/projects/add-recipients/${projectId}`, { token: user.token, body: { recipients }, headers });

async function contactsOf(user: TestUser) {
  return user.db.select().from(contacts).where(eq(contacts.userId, user.id)).orderBy(contacts.lastName, contacts.firstName);
}

async function recipientsOf(user: TestUser, projectId: string) {
  return user.db.select().from(projectRecipients).where(eq(projectRecipients.projectId, projectId));
}

describe("POST /projects/add-recipients/{uuid}", () => {
  it("creates contacts, puts them on the project and reports exact counts", async () => {
    const { user, projectId } = await setup();
    const res = await add(user, projectId, [
      recipient(1, { internal_id: "crm-1", apt: "Apt 2", company: "Acme", email: "one@example.com", override_message: "Dear One" }),
      recipient(2),
      recipient(3, { country: "CA", phone: "555-0100", birth_month: 4, birth_day: 9, children: [{ first_name: "Kid" }], pets: [{ name: "Rex", secondary_type: "dog" }] }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: "Recipients added to project", contacts_updated: 0, contacts_created: 3 } });

    const rows = await contactsOf(user);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ internalId: "crm-1", firstName: "First1", apt: "Apt 2", company: "Acme", email: "one@example.com", country: "US" });
    expect(rows[1]).toMatchObject({ internalId: null, country: "US" });
    expect(rows[2]).toMatchObject({ country: "CA", phone: "555-0100", birthMonth: 4, birthDay: 9 });
    const children = await user.db.select().from(contactChildren).where(eq(contactChildren.contactId, rows[2]!.id));
    expect(children).toMatchObject([{ firstName: "Kid", position: 0, userId: user.id }]);
    const pets = await user.db.select().from(contactPets).where(eq(contactPets.contactId, rows[2]!.id));
    expect(pets).toMatchObject([{ name: "Rex", secondaryType: "dog", userId: user.id }]);

    const onProject = await recipientsOf(user, projectId);
    expect(onProject.map((r) => r.contactId).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(onProject.find((r) => r.contactId === rows[0]!.id)!.overrideMessage).toBe("Dear One");

    const detail = await api.get(`/projects/${projectId}`, { token: user.token });
    expect(detail.body.data.recipients.map((r: { first_name: string }) => r.first_name)).toEqual(["First1", "First2", "First3"]);
    expect(detail.body.data.recipients[0].override_message).toBe("Dear One");
    expect(detail.body.data.recipients[2]).toMatchObject({ children: [{ first_name: "Kid" }], pets: [{ name: "Rex", secondary_type: "dog" }] });
  });

  it("updates the user's contacts matched by internal_id and creates the others", async () => {
    const { user, projectId } = await setup();
    const batch = [recipient(1, { internal_id: "a" }), recipient(2, { internal_id: "b" }), recipient(3)];
    const first = await add(user, projectId, batch);
    expect(first.body.data).toMatchObject({ contacts_created: 3, contacts_updated: 0 });

    const second = await add(user, projectId, [recipient(1, { internal_id: "a", city: "Shelbyville" }), recipient(2, { internal_id: "b" }), recipient(3)]);
    expect(second.body.data).toMatchObject({ contacts_created: 1, contacts_updated: 2 });
    const rows = await contactsOf(user);
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.internalId === "a")!.city).toBe("Shelbyville");

    const third = await add(user, projectId, [recipient(1, { internal_id: "a" }), recipient(2, { internal_id: "b" })]);
    expect(third.body.data).toMatchObject({ contacts_created: 0, contacts_updated: 2 });
    expect(await contactsOf(user)).toHaveLength(4);
  });

  it("keeps fields a recipient leaves out, clears fields sent empty, and overwrites the rest", async () => {
    const { user, projectId } = await setup();
    const [existing] = await user.db
      .insert(contacts)
      .values({ userId: user.id, internalId: "crm-9", firstName: "Old", lastName: "Name", phone: "555-1", notes: "VIP", apt: "4B", company: "Old Co", country: "FR", birthMonth: 2, spouseFirstName: "Sam" })
      .returning();
    await user.db.insert(contactChildren).values({ contactId: existing!.id, userId: user.id, position: 0, firstName: "Kept child" });
    await user.db.insert(contactPets).values({ contactId: existing!.id, userId: user.id, position: 0, name: "Old pet" });

    const res = await add(user, projectId, [recipient(9, { internal_id: "crm-9", apt: null, company: "", email: "new@example.com", birth_month: 7, pets: [] })]);
    expect(res.body.data).toMatchObject({ contacts_created: 0, contacts_updated: 1 });
    const [row] = await user.db.select().from(contacts).where(eq(contacts.id, existing!.id));
    expect(row).toMatchObject({
      firstName: "First9",
      lastName: "Last9",
      address: "9 Main St",
      apt: null,
      company: null,
      email: "new@example.com",
      birthMonth: 7,
      phone: "555-1",
      notes: "VIP",
      country: "FR",
      spouseFirstName: "Sam",
    });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(existing!.updatedAt.getTime());
    expect(await user.db.select().from(contactChildren).where(eq(contactChildren.contactId, existing!.id))).toMatchObject([{ firstName: "Kept child" }]);
    expect(await user.db.select().from(contactPets).where(eq(contactPets.contactId, existing!.id))).toEqual([]);
  });

  it("replaces children and pets of the recipients that send them", async () => {
    const { user, projectId } = await setup();
    await add(user, projectId, [recipient(1, { internal_id: "fam", children: [{ first_name: "A" }, { first_name: "B" }], pets: [{ name: "P" }] })]);
    await add(user, projectId, [recipient(1, { internal_id: "fam", children: [{ first_name: "C", birth_month: 5 }] })]);
    const [row] = await contactsOf(user);
    const children = await user.db.select().from(contactChildren).where(eq(contactChildren.contactId, row!.id));
    expect(children).toMatchObject([{ firstName: "C", birthMonth: 5, position: 0 }]);
    expect(await user.db.select().from(contactPets).where(eq(contactPets.contactId, row!.id))).toMatchObject([{ name: "P" }]);
  });

  it("leaves a contact sent again as it is untouched, and writes one whose fields or family changed", async () => {
    const { user, projectId } = await setup();
    const same = recipient(1, { internal_id: "same", email: "same@example.com" });
    const moved = recipient(2, { internal_id: "moved" });
    const grown = recipient(3, { internal_id: "grown" });
    expect((await add(user, projectId, [same, moved, grown])).status).toBe(200);
    const before = new Map((await contactsOf(user)).map((c) => [c.internalId, c]));
    const version = async () => (await user.db.select().from(contactBookVersions).where(eq(contactBookVersions.userId, user.id)))[0]!.version;
    const etagBefore = await version();

    expect((await add(user, projectId, [same])).body.data).toMatchObject({ contacts_updated: 1, contacts_created: 0 });
    expect((await contactsOf(user)).find((c) => c.internalId === "same")!.updatedAt).toEqual(before.get("same")!.updatedAt);
    expect(await version()).toBe(etagBefore);

    const res = await add(user, projectId, [same, { ...moved, city: "Shelbyville" }, { ...grown, children: [{ first_name: "Newborn" }] }]);
    expect(res.body.data).toMatchObject({ contacts_updated: 3 });
    const after = new Map((await contactsOf(user)).map((c) => [c.internalId, c]));
    expect(after.get("same")!.updatedAt).toEqual(before.get("same")!.updatedAt);
    expect(after.get("moved")!.city).toBe("Shelbyville");
    expect(after.get("moved")!.updatedAt.getTime()).toBeGreaterThan(before.get("moved")!.updatedAt.getTime());
    expect(JSON.parse(after.get("grown")!.apiJson).children).toMatchObject([{ first_name: "Newborn" }]);
    expect(after.get("grown")!.searchText).toContain("newborn");
  });

  it("puts a contact on a project once, updating its override message", async () => {
    const { user, projectId } = await setup();
    await add(user, projectId, [recipient(1, { internal_id: "once", override_message: "First note" })]);
    await add(user, projectId, [recipient(1, { internal_id: "once", override_message: "Second note" })]);
    const onProject = await recipientsOf(user, projectId);
    expect(onProject).toHaveLength(1);
    expect(onProject[0]!.overrideMessage).toBe("Second note");
  });

  it("matches internal_id within the user's own contacts only", async () => {
    const { user, projectId } = await setup();
    const other = await createUser();
    await other.db.insert(contacts).values({ userId: other.id, internalId: "shared", firstName: "Their", lastName: "Contact" });
    const res = await add(user, projectId, [recipient(1, { internal_id: "shared" })]);
    expect(res.body.data).toMatchObject({ contacts_created: 1, contacts_updated: 0 });
    const [theirs] = await other.db.select().from(contacts).where(eq(contacts.userId, other.id));
    expect(theirs!.firstName).toBe("Their");
  });

  it("bumps the project's updated_at", async () => {
    const { user, projectId } = await setup();
    await user.db.update(projects).set({ updatedAt: new Date("2020-01-01T00:00:00Z") }).where(eq(projects.id, projectId));
    await add(user, projectId, [recipient(1)]);
    const [project] = await user.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project!.updatedAt.getFullYear()).toBeGreaterThan(2020);
  });

  it("answers 403 for another user's project and 404 for unknown or malformed ones", async () => {
    const { projectId } = await setup();
    const intruder = await createUser();
    const forbidden = await add(intruder, projectId, [recipient(1)]);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: "You do not have permission to update this project" });
    expect(await contactsOf(intruder)).toEqual([]);
    for (const id of ["5b8f2a10-0000-4000-8000-000000000000", "nope"]) {
      const res = await add(intruder, id, [recipient(1)]);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Project not found" });
    }
  });

  it("names invalid fields with dotted paths", async () => {
    const { user, projectId } = await setup();
    const res = await add(user, projectId, [
      recipient(0, { birth_month: 13 }),
      recipient(1),
      recipient(2, { email: "not-an-email", children: [{ birth_month: 2 }] }),
      { ...recipient(3), zip: undefined },
      recipient(4, { internal_id: "x".repeat(21), override_message: "m".repeat(5001) }),
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      "recipients.0.birth_month": ["The birth month field must not be greater than 12."],
      "recipients.2.email": ["The email field must be a valid email address."],
      "recipients.2.children.0.first_name": ["The first name field is required."],
      "recipients.3.zip": ["The zip field is required."],
      "recipients.4.internal_id": ["The internal id field must not be greater than 20 characters."],
      "recipients.4.override_message": ["The override message field must not be greater than 5000 characters."],
    });
    expect(await contactsOf(user)).toEqual([]);
  });

  it("requires the address fields", async () => {
    const { user, projectId } = await setup();
    const res = await add(user, projectId, [{ first_name: "Only" }]);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(["recipients.0.address", "recipients.0.city", "recipients.0.last_name", "recipients.0.state", "recipients.0.zip"]);
  });

  it("refuses the same internal_id twice in one request", async () => {
    const { user, projectId } = await setup();
    const res = await add(user, projectId, [recipient(0, { internal_id: "dup" }), recipient(1, { internal_id: "other" }), recipient(2, { internal_id: "dup" })]);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "recipients.2.internal_id": ["The internal id appears more than once in this request."] });
  });

  it("takes 1 to 1000 recipients", async () => {
    const { user, projectId } = await setup();
    const none = await add(user, projectId, []);
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ recipients: ["The recipients field must have at least 1 item."] });
    const missing = await api.post(`/projects/add-recipients/${projectId}`, { token: user.token, body: {} });
    expect(missing.body.errors).toEqual({ recipients: ["The recipients field is required."] });
    const tooMany = await add(user, projectId, Array.from({ length: 1001 }, (_, i) => recipient(i)));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ recipients: ["The recipients field must not have more than 1000 items."] });
    expect(await contactsOf(user)).toEqual([]);
  });

  it("replays a request sent again with the same Idempotency-Key, and refuses the key for another body", async () => {
    const { user, projectId } = await setup();
    const batch = [recipient(1, { internal_id: "idem-1" }), recipient(2)];
    const first = await add(user, projectId, batch, { "Idempotency-Key": "batch-42" });
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const replay = await add(user, projectId, batch, { "Idempotency-Key": "batch-42" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(replay.body.data).toMatchObject({ contacts_created: 2, contacts_updated: 0 });
    expect(await contactsOf(user)).toHaveLength(2);

    const different = await add(user, projectId, [recipient(3)], { "Idempotency-Key": "batch-42" });
    expect(different.status).toBe(422);
    expect(Object.keys(different.body.errors)).toEqual(["Idempotency-Key"]);
    expect(await contactsOf(user)).toHaveLength(2);
  });

  it("allows POST only", async () => {
    const { user, projectId } = await setup();
    const res = await api.get(`/projects/add-recipients/${projectId}`, { token: user.token });
    expect(res.status).toBe(405);
  });
});

describe("addRecipients", () => {
  it("runs the same number of SQL statements for 10 and for 1,000 recipients (per batch of rows on PGlite)", async () => {
    const counter = await withQueryCounter(await getDbHandle());
    const user = await createUser();
    const ctx = { db: counter.db, user: { id: user.id, accountType: 1 } };
    const batch = (size: number, prefix: string) =>
      Array.from({ length: size }, (_, i) => ({
        ...recipient(i),
        internal_id: i % 2 === 0 ? `${prefix}-${i}` : null,
        phone: "555-0100",
        override_message: i % 3 === 0 ? "Hi" : null,
        children: [{ first_name: "Kid" }],
        pets: [{ name: "Pet" }],
      }));
    const { addRecipientsSchema } = await import("./schema");

    const counts: number[] = [];
    for (const size of [10, 1000]) {
      const project = await createProject(user.db, user.id, card.id);
      const input = addRecipientsSchema.parse({ recipients: batch(size, `n${size}`) });
      counter.reset();
      const created = await addRecipients(ctx, project.id, input);
      counts.push(counter.count());
      expect(created).toEqual({ contactsCreated: size, contactsUpdated: 0 });
      counter.reset();
      const updated = await addRecipients(ctx, project.id, input);
      counts.push(counter.count());
      expect(updated).toEqual({ contactsCreated: size / 2, contactsUpdated: size / 2 });
      expect(await recipientsOf(user, project.id)).toHaveLength(size + size / 2);
    }
    // The account's lock, the project, the contacts' internal ids; the family's switch and
    // references, children, pets, contacts, the switch back; the project's recipients, the
    // totals, the project's time.
    expect(counts[0]).toBeLessThanOrEqual(13);
    // PostgreSQL takes the 1,000 rows in one statement; PGlite in batches (rowsPerStatement),
    // each with the statements one batch of 10 needs at most.
    const batches = Math.max(1, Math.ceil(1000 / rowsPerStatement(counter.db)));
    if (batches === 1) {
      expect(counts[2]).toBe(counts[0]);
      expect(counts[3]).toBe(counts[1]);
    } else {
      expect(counts[2]).toBeLessThanOrEqual(counts[0]! * batches);
      expect(counts[3]).toBeLessThanOrEqual(counts[1]! * batches);
    }

    const ids = (await contactsOf(user)).map((c) => c.id);
    const children = await user.db.select({ id: contactChildren.id }).from(contactChildren).where(and(eq(contactChildren.userId, user.id), inArray(contactChildren.contactId, ids)));
    expect(children).toHaveLength(ids.length);
  });
});
