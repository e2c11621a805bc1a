import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { groupContacts, groups } from "@/db/schema";
import { api, createUser } from "@/test/api";

const CONTACT_FIELDS = [
  "uuid",
  "internal_id",
  "prefix",
  "first_name",
  "middle_name",
  "last_name",
  "company",
  "email",
  "phone",
  "address",
  "apt",
  "city",
  "state",
  "zip",
  "country",
  "spouse_prefix",
  "spouse_first_name",
  "spouse_middle_name",
  "spouse_last_name",
  "birth_month",
  "birth_day",
  "birth_year",
  "anniversary_month",
  "anniversary_day",
  "anniversary_year",
  "spouse_birth_month",
  "spouse_birth_day",
  "spouse_birth_year",
  "children",
  "pets",
  "notes",
  "created_at",
  "updated_at",
].sort();

const fullContact = {
  internal_id: "CRM-0001",
  prefix: "Dr.",
  first_name: "Jane",
  middle_name: "Q",
  last_name: "Smith",
  company: "Acme",
  email: "jane@example.com",
  phone: "(555) 0123",
  address: "1 Main St",
  apt: "4B",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  country: "US",
  spouse_prefix: "Mr.",
  spouse_first_name: "John",
  spouse_middle_name: "R",
  spouse_last_name: "Smith",
  birth_month: 3,
  birth_day: 14,
  birth_year: 1985,
  anniversary_month: 6,
  anniversary_day: 20,
  anniversary_year: 2011,
  spouse_birth_month: 9,
  spouse_birth_day: 2,
  spouse_birth_year: 1983,
  children: [
    { first_name: "Emma", birth_month: 5, birth_day: 1, birth_year: 2018 },
    { first_name: "Leo", birth_month: null, birth_day: null, birth_year: null },
  ],
  pets: [{ name: "Rex", birth_month: 7, birth_day: 4, birth_year: 2021, secondary_type: "dog" }],
  notes: "Likes tulips.",
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

async function createContact(token: string, body: Record<string, unknown> = { first_name: "Ann", last_name: "Lee" }) {
  const res = await api.post("/contacts", { token, body });
  expect(res.status).toBe(201);
  return res.body.data as Record<string, unknown> & { uuid: string };
}

describe("authentication", () => {
  const calls = [
    ["get", "/contacts"],
    ["post", "/contacts"],
    ["get", "/contacts/6f1c2f9e-6c1a-4b8e-9a55-0f5d8b2a7c11"],
    ["patch", "/contacts/6f1c2f9e-6c1a-4b8e-9a55-0f5d8b2a7c11"],
    ["delete", "/contacts/6f1c2f9e-6c1a-4b8e-9a55-0f5d8b2a7c11"],
    ["get", "/contacts/events?month=3&year=2026"],
  ] as const;

  it.each(calls)("%s %s answers 401 without a token or with a bad one", async (method, path) => {
    const body = method === "post" || method === "patch" ? { first_name: "A", last_name: "B" } : undefined;
    const missing = await api[method](path, { body });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: "Unauthenticated." });
    const bad = await api[method](path, { body, token: "not-a-real-token" });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ message: "Unauthenticated." });
  });
});

describe("POST /contacts", () => {
  it("creates a contact with spouse, children and pets, answering 201 with every field", async () => {
    const user = await createUser();
    const res = await api.post("/contacts", { token: user.token, body: fullContact });
    expect(res.status).toBe(201);
    const contact = res.body.data;
    expect(Object.keys(contact).sort()).toEqual(CONTACT_FIELDS);
    expect(contact).toMatchObject(fullContact);
    expect(contact.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(contact.created_at).toMatch(ISO_DATE_TIME);
    expect(contact.updated_at).toMatch(ISO_DATE_TIME);

    const read = await api.get(`/contacts/${contact.uuid}`, { token: user.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ data: contact });
  });

  it("returns every field as null (lists empty) when only the names are sent", async () => {
    const user = await createUser();
    const contact = await createContact(user.token, { first_name: " Ann ", last_name: "Lee" });
    expect(Object.keys(contact).sort()).toEqual(CONTACT_FIELDS);
    for (const field of CONTACT_FIELDS) {
      if (["uuid", "first_name", "last_name", "created_at", "updated_at"].includes(field)) continue;
      expect(contact[field], field).toEqual(field === "children" || field === "pets" ? [] : null);
    }
    expect(contact.first_name).toBe("Ann");
  });

  it("requires the first and last names", async () => {
    const user = await createUser();
    const res = await api.post("/contacts", { token: user.token, body: { first_name: "  ", email: "a@example.com" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      first_name: ["The first name field is required."],
      last_name: ["The last name field is required."],
    });
    expect(res.body.message).toBe("The first name field is required. (and 1 more error)");
  });

  it.each([
    ["birth_month", 0, "The birth month field must be at least 1."],
    ["birth_month", 13, "The birth month field must not be greater than 12."],
    ["birth_month", "abc", "The birth month field must be a number."],
    ["anniversary_month", 0, "The anniversary month field must be at least 1."],
    ["anniversary_month", 13, "The anniversary month field must not be greater than 12."],
    ["anniversary_month", "abc", "The anniversary month field must be a number."],
    ["spouse_birth_month", 0, "The spouse birth month field must be at least 1."],
    ["spouse_birth_month", 13, "The spouse birth month field must not be greater than 12."],
    ["spouse_birth_month", "abc", "The spouse birth month field must be a number."],
    ["birth_day", 0, "The birth day field must be at least 1."],
    ["birth_day", 32, "The birth day field must not be greater than 31."],
    ["anniversary_day", 0, "The anniversary day field must be at least 1."],
    ["anniversary_day", 32, "The anniversary day field must not be greater than 31."],
    ["spouse_birth_day", 0, "The spouse birth day field must be at least 1."],
    ["spouse_birth_day", 32, "The spouse birth day field must not be greater than 31."],
    ["birth_month", 2.5, "The birth month field must be an integer."],
    ["internal_id", "x".repeat(21), "The internal id field must not be greater than 20 characters."],
    ["email", "not-an-email", "The email field must be a valid email address."],
  ])("refuses %s = %j with 422", async (field, value, message) => {
    const user = await createUser();
    const res = await api.post("/contacts", { token: user.token, body: { first_name: "Ann", last_name: "Lee", [field]: value } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
    expect(res.body.message).toBe(message);
  });

  it("accepts the bounds: months 1 and 12, days 1 and 31, a 20-character internal_id", async () => {
    const user = await createUser();
    const contact = await createContact(user.token, {
      first_name: "Ann",
      last_name: "Lee",
      internal_id: "x".repeat(20),
      birth_month: 1,
      birth_day: 31,
      anniversary_month: 12,
      anniversary_day: 1,
      spouse_birth_month: "12",
      spouse_birth_day: "31",
    });
    expect(contact).toMatchObject({ internal_id: "x".repeat(20), birth_month: 1, birth_day: 31, anniversary_month: 12, spouse_birth_month: 12, spouse_birth_day: 31 });
  });

  it("names the failing element of children and pets", async () => {
    const user = await createUser();
    const res = await api.post("/contacts", {
      token: user.token,
      body: {
        first_name: "Ann",
        last_name: "Lee",
        children: [{ birth_month: 3 }, { first_name: "Bo", birth_day: 32 }],
        pets: [{ name: "Rex" }, { name: "Tom", birth_month: 13 }, { birth_month: 0 }],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      "children.0.first_name": ["The first name field is required."],
      "children.1.birth_day": ["The birth day field must not be greater than 31."],
      "pets.1.birth_month": ["The birth month field must not be greater than 12."],
      "pets.2.name": ["The name field is required."],
      "pets.2.birth_month": ["The birth month field must be at least 1."],
    });
  });

  it("refuses a duplicate internal_id of the same user, but not of another user", async () => {
    const user = await createUser();
    await createContact(user.token, { first_name: "Ann", last_name: "Lee", internal_id: "CRM-7" });
    const again = await api.post("/contacts", { token: user.token, body: { first_name: "Bo", last_name: "Lee", internal_id: "CRM-7" } });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      message: "The internal id has already been taken.",
      errors: { internal_id: ["The internal id has already been taken."] },
    });
    const other = await createUser();
    await createContact(other.token, { first_name: "Cy", last_name: "Lee", internal_id: "CRM-7" });
  });

  it("answers 400 to a malformed JSON body", async () => {
    const user = await createUser();
    const res = await api.post("/contacts", { token: user.token, rawBody: "{ not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "The request body is not valid JSON." });
  });

  it("replays the first response for a repeated Idempotency-Key and creates the contact once", async () => {
    const user = await createUser();
    const headers = { "Idempotency-Key": "create-ann-1" };
    const body = { first_name: "Ann", last_name: "Once", internal_id: "ONCE-1" };
    const first = await api.post("/contacts", { token: user.token, body, headers });
    const second = await api.post("/contacts", { token: user.token, body, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const list = await api.get("/contacts?query=once", { token: user.token });
    expect(list.body.data).toHaveLength(1);

    const changed = await api.post("/contacts", { token: user.token, body: { ...body, first_name: "Bo" }, headers });
    expect(changed.status).toBe(422);
    expect(Object.keys(changed.body.errors)).toEqual(["Idempotency-Key"]);
  });

  it("answers a duplicate internal_id sent with an Idempotency-Key with 422, and stores nothing for the key", async () => {
    const user = await createUser();
    await createContact(user.token, { first_name: "Ann", last_name: "Lee", internal_id: "KEYED-1" });
    const headers = { "Idempotency-Key": "dup-1" };
    const body = { first_name: "Bo", last_name: "Lee", internal_id: "KEYED-1" };
    const res = await api.post("/contacts", { token: user.token, body, headers });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ internal_id: ["The internal id has already been taken."] });
    const retry = await api.post("/contacts", { token: user.token, body: { ...body, internal_id: "KEYED-2" }, headers });
    expect(retry.status).toBe(201);
  });
});

describe("GET /contacts/{uuid}", () => {
  it("answers 404 for an unknown uuid and for a path that is not a uuid", async () => {
    const user = await createUser();
    for (const id of ["6f1c2f9e-6c1a-4b8e-9a55-0f5d8b2a7c11", "not-a-uuid", "123"]) {
      const res = await api.get(`/contacts/${id}`, { token: user.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Contact not found" });
    }
  });
});

describe("PATCH /contacts/{uuid}", () => {
  it("changes only the fields sent and clears those sent as null or empty", async () => {
    const user = await createUser();
    const created = await createContact(user.token, fullContact);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await api.patch(`/contacts/${created.uuid}`, {
      token: user.token,
      body: { city: "Chicago", company: null, notes: "", birth_year: null, uuid: "ignored" },
    });
    expect(res.status).toBe(200);
    const updated = res.body.data;
    expect(Object.keys(updated).sort()).toEqual(CONTACT_FIELDS);
    expect(updated).toEqual({
      ...created,
      city: "Chicago",
      company: null,
      notes: null,
      birth_year: null,
      updated_at: updated.updated_at,
    });
    expect(new Date(updated.updated_at).getTime()).toBeGreaterThan(new Date(created.updated_at as string).getTime());
    expect((await api.get(`/contacts/${created.uuid}`, { token: user.token })).body.data).toEqual(updated);
  });

  it("replaces children and pets only when they are sent", async () => {
    const user = await createUser();
    const created = await createContact(user.token, fullContact);
    const kids = await api.patch(`/contacts/${created.uuid}`, { token: user.token, body: { children: [{ first_name: "Mia", birth_month: 2 }] } });
    expect(kids.status).toBe(200);
    expect(kids.body.data.children).toEqual([{ first_name: "Mia", birth_month: 2, birth_day: null, birth_year: null }]);
    expect(kids.body.data.pets).toEqual(fullContact.pets);

    const none = await api.patch(`/contacts/${created.uuid}`, { token: user.token, body: { pets: [], children: null } });
    expect(none.body.data.pets).toEqual([]);
    expect(none.body.data.children).toEqual([]);
  });

  it("validates like create: names can't be cleared, bounds apply", async () => {
    const user = await createUser();
    const created = await createContact(user.token);
    const res = await api.patch(`/contacts/${created.uuid}`, { token: user.token, body: { first_name: "", last_name: null, birth_day: 32 } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      first_name: ["The first name field is required."],
      last_name: ["The last name field is required."],
      birth_day: ["The birth day field must not be greater than 31."],
    });
  });

  it("refuses an internal_id another contact of the user has", async () => {
    const user = await createUser();
    await createContact(user.token, { first_name: "Ann", last_name: "Lee", internal_id: "DUP-1" });
    const second = await createContact(user.token, { first_name: "Bo", last_name: "Lee", internal_id: "DUP-2" });
    const res = await api.patch(`/contacts/${second.uuid}`, { token: user.token, body: { internal_id: "DUP-1" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ internal_id: ["The internal id has already been taken."] });
    const same = await api.patch(`/contacts/${second.uuid}`, { token: user.token, body: { internal_id: "DUP-2" } });
    expect(same.status).toBe(200);
  });

  it("answers 404 for an unknown contact", async () => {
    const user = await createUser();
    for (const id of ["6f1c2f9e-6c1a-4b8e-9a55-0f5d8b2a7c11", "nope"]) {
      const res = await api.patch(`/contacts/${id}`, { token: user.token, body: { city: "Chicago" } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Contact not found" });
    }
  });
});

describe("DELETE /contacts/{uuid}", () => {
  it("answers 204, removes the contact and its group memberships", async () => {
    const user = await createUser();
    const contact = await createContact(user.token, fullContact);
    const db = await getDb();
    const [group] = await db.insert(groups).values({ userId: user.id, name: "Family" }).returning();
    await db.insert(groupContacts).values({ groupId: group!.id, contactId: contact.uuid, userId: user.id });

    const res = await api.delete(`/contacts/${contact.uuid}`, { token: user.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await api.get(`/contacts/${contact.uuid}`, { token: user.token })).status).toBe(404);
    const links = await db.select().from(groupContacts).where(and(eq(groupContacts.groupId, group!.id), eq(groupContacts.contactId, contact.uuid)));
    expect(links).toEqual([]);

    const again = await api.delete(`/contacts/${contact.uuid}`, { token: user.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: "Contact not found" });
    expect((await api.delete("/contacts/not-a-uuid", { token: user.token })).status).toBe(404);
  });
});

describe("method not allowed", () => {
  it("answers 405 in JSON for a method the route does not serve", async () => {
    const user = await createUser();
    const res = await api.put("/contacts", { token: user.token, body: {} });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ message: "The method is not supported for this route." });
  });
});

describe("tenant isolation", () => {
  it("hides one user's contacts from another: 404 on read, update and delete; absent from list, search and events", async () => {
    const owner = await createUser();
    const contact = await createContact(owner.token, { ...fullContact, internal_id: null });
    const stranger = await createUser();
    await createContact(stranger.token, { first_name: "Own", last_name: "Contact", birth_month: 3, birth_day: 1 });

    const read = await api.get(`/contacts/${contact.uuid}`, { token: stranger.token });
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ message: "Contact not found" });
    const patch = await api.patch(`/contacts/${contact.uuid}`, { token: stranger.token, body: { city: "Elsewhere" } });
    expect(patch.status).toBe(404);
    const del = await api.delete(`/contacts/${contact.uuid}`, { token: stranger.token });
    expect(del.status).toBe(404);

    const list = await api.get("/contacts", { token: stranger.token });
    expect(list.body.data.map((c: { last_name: string }) => c.last_name)).toEqual(["Contact"]);
    for (const query of ["jane", "smith", "jane@example.com", "5550123"]) {
      const search = await api.get(`/contacts?query=${encodeURIComponent(query)}`, { token: stranger.token });
      expect(search.body.data, query).toEqual([]);
    }
    const events = await api.get("/contacts/events?month=3&year=2026", { token: stranger.token });
    expect(events.body.map((e: { uuid: string }) => e.uuid)).not.toContain(contact.uuid);
    expect(events.body).toHaveLength(1);

    const untouched = await api.get(`/contacts/${contact.uuid}`, { token: owner.token });
    expect(untouched.body.data.city).toBe("Springfield");
  });
});
