import { and, eq, isNull, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { apiTokens, contacts, groupContacts, idempotencyKeys, projectRecipients } from "@/db/schema";
import { addContactsToGroup } from "@/lib/groups/service";
import { addContactsToProject } from "@/lib/projects/service";
import { api, createUser, type TestUser } from "@/test/api";
import { createCard, createProject, type CardFixture } from "@/test/fixtures";
import { overrideQuotasForTests, QUOTAS } from "./quotas";

let card: CardFixture;
let restore: (() => void) | undefined;

beforeAll(async () => {
  card = await createCard(await getDb());
});

afterEach(() => restore?.());

const lower = (values: Parameters<typeof overrideQuotasForTests>[0]) => void (restore = overrideQuotasForTests(values));

const person = (n: number, extra: Record<string, unknown> = {}) => ({
  first_name: `First${n}`,
  last_name: `Last${n}`,
  address: `${n} Main St`,
  city: "Springfield",
  state: "IL",
  zip: "62701",
  ...extra,
});

const countOf = async (user: TestUser) => (await user.db.select().from(contacts).where(eq(contacts.userId, user.id))).length;

async function insertContacts(user: TestUser, n: number): Promise<string[]> {
  const rows = await user.db
    .insert(contacts)
    .values(Array.from({ length: n }, (_, i) => ({ userId: user.id, firstName: `Pre${i}`, lastName: "Existing" })))
    .returning({ id: contacts.id });
  return rows.map((r) => r.id);
}

function expectQuota422(res: { status: number; body: { message: string; errors: Record<string, string[]> } }, field: string, text: RegExp): void {
  expect(res.status).toBe(422);
  expect(Object.keys(res.body.errors)).toEqual([field]);
  expect(res.body.errors[field]![0]).toMatch(text);
  expect(res.body.message).toBe(res.body.errors[field]![0]);
}

describe("the quotas", () => {
  it("are the documented numbers, and allow the benchmark's 100,000 contacts", () => {
    expect(QUOTAS).toEqual({
      contactsPerAccount: 200_000,
      recipientsPerProject: 10_000,
      membersPerGroup: 200_000,
      liveTokensPerAccount: 100,
      idempotencyKeysPerDay: 10_000,
    });
  });
});

describe("contacts per account", () => {
  it("refuses a contact past the quota with a 422 on contacts, and keeps the book as it was", async () => {
    lower({ contactsPerAccount: 3 });
    const user = await createUser();
    await insertContacts(user, 2);
    expect((await api.post("/contacts", { token: user.token, body: person(1) })).status).toBe(201);
    const over = await api.post("/contacts", { token: user.token, body: person(2, { children: [{ first_name: "Kid" }] }) });
    expectQuota422(over, "contacts", /^An address book can hold at most 3 contacts\.$/);
    expect(await countOf(user)).toBe(3);
    // Another account's book is its own.
    const other = await createUser();
    expect((await api.post("/contacts", { token: other.token, body: person(3) })).status).toBe(201);
  });

  it("counts what add-recipients would create: over it nothing is written, updates of existing contacts still go through", async () => {
    lower({ contactsPerAccount: 3 });
    const user = await createUser();
    const project = await createProject(user.db, user.id, card.id);
    const first = await api.post(`/projects/add-recipients/${project.id}`, { token: user.token, body: { recipients: [person(1, { internal_id: "a" }), person(2, { internal_id: "b" })] } });
    expect(first.status).toBe(200);

    const over = await api.post(`/projects/add-recipients/${project.id}`, { token: user.token, body: { recipients: [person(3, { internal_id: "a", city: "Changed" }), person(4), person(5)] } });
    expectQuota422(over, "recipients", /^An address book can hold at most 3 contacts; these recipients would make 4\.$/);
    expect(await countOf(user)).toBe(2);
    const [a] = await user.db.select().from(contacts).where(and(eq(contacts.userId, user.id), eq(contacts.internalId, "a")));
    expect(a!.city).toBe("Springfield");

    const fits = await api.post(`/projects/add-recipients/${project.id}`, { token: user.token, body: { recipients: [person(3, { internal_id: "a", city: "Changed" }), person(4)] } });
    expect(fits.body).toEqual({ data: { message: expect.any(String), contacts_created: 1, contacts_updated: 1 } });
    const full = await api.post(`/projects/add-recipients/${project.id}`, { token: user.token, body: { recipients: [person(5, { internal_id: "b", city: "Again" })] } });
    expect(full.status).toBe(200);
  });

  it("holds when requests race: never more contacts than the quota", async () => {
    lower({ contactsPerAccount: 3 });
    const user = await createUser();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => api.post("/contacts", { token: user.token, body: person(i) })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 422)).toHaveLength(3);
    expect(await countOf(user)).toBe(3);
  });
});

describe("recipients per project", () => {
  it("refuses recipients past the quota with a 422 on recipients, and adds none of them", async () => {
    lower({ recipientsPerProject: 3 });
    const user = await createUser();
    const project = await createProject(user.db, user.id, card.id);
    const add = (recipients: unknown[]) => api.post(`/projects/add-recipients/${project.id}`, { token: user.token, body: { recipients } });
    expect((await add([person(1), person(2)])).status).toBe(200);
    const over = await add([person(3), person(4)]);
    expectQuota422(over, "recipients", /^A project can have at most 3 recipients; this would make 4\.$/);
    const onProject = await user.db.select().from(projectRecipients).where(eq(projectRecipients.projectId, project.id));
    expect(onProject).toHaveLength(2);
    expect(await countOf(user)).toBe(2);
    expect((await add([person(3)])).status).toBe(200);
    // Another project has its own room.
    const second = await createProject(user.db, user.id, card.id);
    expect((await api.post(`/projects/add-recipients/${second.id}`, { token: user.token, body: { recipients: [person(5), person(6), person(7)] } })).status).toBe(200);
  });

  it("applies to contacts added from the web app too", async () => {
    lower({ recipientsPerProject: 2 });
    const user = await createUser();
    const project = await createProject(user.db, user.id, card.id);
    const ids = await insertContacts(user, 3);
    const ctx = { db: user.db, user: { id: user.id, accountType: 1 } };
    await expect(addContactsToProject(ctx, project.id, ids)).rejects.toMatchObject({ code: "validation", details: { errors: { recipients: [expect.stringContaining("at most 2 recipients")] } } });
    expect(await addContactsToProject(ctx, project.id, ids.slice(0, 2))).toBe(2);
  });
});

describe("members per group", () => {
  it("refuses a member past the quota with a 422 on contact_id; adding a member again stays a 204", async () => {
    lower({ membersPerGroup: 2 });
    const user = await createUser();
    const group = (await api.post("/groups", { token: user.token, body: { name: "Family" } })).body as { id: number };
    const [a, b, c] = await insertContacts(user, 3);
    for (const id of [a, b]) expect((await api.post(`/groups/${group.id}/contacts/${id}`, { token: user.token })).status).toBe(204);
    const over = await api.post(`/groups/${group.id}/contacts/${c}`, { token: user.token });
    expectQuota422(over, "contact_id", /^A group can hold at most 2 contacts; this would make 3\.$/);
    expect((await api.post(`/groups/${group.id}/contacts/${a}`, { token: user.token })).status).toBe(204);
    expect(await user.db.select().from(groupContacts).where(eq(groupContacts.groupId, group.id))).toHaveLength(2);
  });

  it("checks the total a bulk add would make, and adds none past it", async () => {
    lower({ membersPerGroup: 2 });
    const user = await createUser();
    const group = (await api.post("/groups", { token: user.token, body: { name: "Friends" } })).body as { id: number };
    const ids = await insertContacts(user, 3);
    const ctx = { db: user.db, user: { id: user.id, accountType: 1 } };
    await expect(addContactsToGroup(ctx, group.id, ids)).rejects.toMatchObject({ code: "validation", details: { errors: { contact_ids: [expect.any(String)] } } });
    expect(await user.db.select().from(groupContacts).where(eq(groupContacts.groupId, group.id))).toHaveLength(0);
    expect(await addContactsToGroup(ctx, group.id, ids.slice(0, 2))).toEqual({ added: 2 });
  });
});

describe("live API tokens per account", () => {
  it("refuses a login with a new app_id past the quota with a 422 on app_id; known app_ids and freed places still log in", async () => {
    lower({ liveTokensPerAccount: 2 });
    const user = await createUser({ appId: "first" });
    const login = (appId: string) => api.post("/auth/login", { body: { app_id: appId, email: user.email, password: user.password } });
    const second = await login("second");
    expect(second.status).toBe(200);
    const over = await login("third");
    expectQuota422(over, "app_id", /^An account can have at most 2 active API tokens, one per app_id/);
    // The refused login revoked nothing.
    expect((await api.get("/account", { token: user.token })).status).toBe(200);
    expect(await user.db.select().from(apiTokens).where(and(eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt)))).toHaveLength(2);
    // A login with an app_id in use replaces its token.
    expect((await login("first")).status).toBe(200);
    // Logging out frees a place.
    expect((await api.post("/auth/logout", { token: second.body.data.token })).status).toBe(200);
    expect((await login("third")).status).toBe(200);
  });
});

describe("Idempotency-Keys per account a day", () => {
  it("refuses a new key past the quota with a 422 on Idempotency-Key; replays and requests without a key still work", async () => {
    lower({ idempotencyKeysPerDay: 2 });
    const user = await createUser();
    const post = (n: number, key?: string) => api.post("/contacts", { token: user.token, body: person(n), headers: key ? { "Idempotency-Key": key } : {} });
    const first = await post(1, "k1");
    expect(first.status).toBe(201);
    expect((await post(2, "k2")).status).toBe(201);
    const over = await post(3, "k3");
    expectQuota422(over, "Idempotency-Key", /^An account can use at most 2 Idempotency-Keys in 24 hours/);
    expect(await countOf(user)).toBe(2);
    const replay = await post(1, "k1");
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect((await post(3)).status).toBe(201);

    // Keys older than 24 hours no longer count.
    await user.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, "k1")));
    expect((await post(4, "k4")).status).toBe(201);
    expect(await user.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))).toHaveLength(3);
  });
});
