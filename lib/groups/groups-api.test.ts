import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactChildren, contacts, groupContacts, groups } from "@/db/schema";
import { api, createUser, type TestUser } from "@/test/api";

const GROUP_KEYS = ["created_at", "description", "id", "name", "updated_at"];
const MISSING_UUID = "00000000-0000-4000-8000-000000000000";

async function addContact(user: TestUser, firstName: string, lastName: string): Promise<string> {
  const [row] = await user.db.insert(contacts).values({ userId: user.id, firstName, lastName }).returning({ id: contacts.id });
  return row!.id;
}

async function createGroup(user: TestUser, body: Record<string, unknown> = { name: "Family" }): Promise<{ id: number; name: string; description: string | null; created_at: string; updated_at: string }> {
  const res = await api.post("/groups", { token: user.token, body });
  expect(res.status).toBe(201);
  return res.body;
}

async function memberships(user: TestUser, groupId: number) {
  return user.db.select().from(groupContacts).where(eq(groupContacts.groupId, groupId));
}

describe("authentication and methods", () => {
  const paths = ["/groups", "/groups/1", "/groups/1/contacts", `/groups/1/contacts/${MISSING_UUID}`];

  it("answers 401 without a token or with a bad one, on every group operation", async () => {
    const calls = [
      () => api.get("/groups"),
      () => api.post("/groups", { body: { name: "x" } }),
      () => api.get("/groups/1"),
      () => api.put("/groups/1", { body: { name: "x" } }),
      () => api.delete("/groups/1"),
      () => api.get("/groups/1/contacts"),
      () => api.post(`/groups/1/contacts/${MISSING_UUID}`),
      () => api.delete(`/groups/1/contacts/${MISSING_UUID}`),
      () => api.get("/groups", { token: "not-a-jwt" }),
    ];
    for (const send of calls) {
      const res = await send();
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthenticated." });
    }
  });

  it("answers a wrong method with a JSON 405 naming the allowed ones", async () => {
    const user = await createUser();
    const cases: [string, () => ReturnType<typeof api.get>, string][] = [
      [paths[0]!, () => api.patch(paths[0]!, { token: user.token, body: {} }), "GET, POST"],
      [paths[1]!, () => api.post(paths[1]!, { token: user.token, body: {} }), "GET, PUT, DELETE"],
      [paths[2]!, () => api.post(paths[2]!, { token: user.token }), "GET"],
      [paths[3]!, () => api.get(paths[3]!, { token: user.token }), "POST, DELETE"],
    ];
    for (const [, send, allow] of cases) {
      const res = await send();
      expect(res.status).toBe(405);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("allow")).toBe(allow);
      expect(typeof res.body.message).toBe("string");
    }
  });
});

describe("POST /groups", () => {
  it("creates a group: 201, the spec's fields only, server-set id and timestamps", async () => {
    const user = await createUser();
    const res = await api.post("/groups", {
      token: user.token,
      body: { id: 999_999, name: "  Book club  ", description: "Monthly", created_at: "2001-01-01T00:00:00Z", updated_at: "2001-01-01T00:00:00Z" },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(GROUP_KEYS);
    expect(res.body.id).not.toBe(999_999);
    expect(Number.isInteger(res.body.id)).toBe(true);
    expect(res.body.name).toBe("Book club");
    expect(res.body.description).toBe("Monthly");
    expect(res.body.created_at).not.toMatch(/^2001/);
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
    expect(res.body.updated_at).toBe(res.body.created_at);

    const fetched = await api.get(`/groups/${res.body.id}`, { token: user.token });
    expect(fetched.body).toEqual(res.body);
  });

  it("stores a missing or blank description as null", async () => {
    const user = await createUser();
    expect((await createGroup(user, { name: "A" })).description).toBeNull();
    expect((await createGroup(user, { name: "B", description: "   " })).description).toBeNull();
    expect((await createGroup(user, { name: "C", description: null })).description).toBeNull();
  });

  it("accepts a 255-character name", async () => {
    const user = await createUser();
    expect((await createGroup(user, { name: "n".repeat(255) })).name).toBe("n".repeat(255));
  });

  it("refuses an invalid name or description with 422 and field messages", async () => {
    const user = await createUser();
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ["The name field is required."] }],
      [{ name: "   " }, { name: ["The name field is required."] }],
      [{ name: null }, { name: ["The name field is required."] }],
      [{ name: "n".repeat(256) }, { name: ["The name field must not be greater than 255 characters."] }],
      [{ name: 42 }, { name: ["The name field must be a string."] }],
      [{ name: ["Family"] }, { name: ["The name field must be a string."] }],
      [{ name: "ok", description: "d".repeat(2001) }, { description: ["The description field must not be greater than 2000 characters."] }],
      [{ name: "ok", description: 7 }, { description: ["The description field must be a string."] }],
    ];
    for (const [body, errors] of cases) {
      const res = await api.post("/groups", { token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toEqual(errors);
      expect(res.body.message).toBe(Object.values(errors)[0]![0]);
    }
    expect((await api.get("/groups", { token: user.token })).body).toEqual([]);
  });

  it("refuses malformed JSON with 400", async () => {
    const user = await createUser();
    const res = await api.post("/groups", { token: user.token, rawBody: "{name:", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
  });
});

describe("GET /groups", () => {
  it("returns a plain array of the user's groups ordered by name, then id", async () => {
    const user = await createUser();
    const zeta = await createGroup(user, { name: "Zeta" });
    const firstAlpha = await createGroup(user, { name: "Alpha", description: "first" });
    const secondAlpha = await createGroup(user, { name: "Alpha" });
    const mid = await createGroup(user, { name: "Mid" });

    const res = await api.get("/groups", { token: user.token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((g: { id: number }) => g.id)).toEqual([firstAlpha.id, secondAlpha.id, mid.id, zeta.id]);
    expect(res.body[0]).toEqual(firstAlpha);
    for (const group of res.body) expect(Object.keys(group).sort()).toEqual(GROUP_KEYS);
  });

  it("is an empty array for a user without groups", async () => {
    const user = await createUser();
    const res = await api.get("/groups", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe("GET /groups/{groupId}", () => {
  it("returns the group", async () => {
    const user = await createUser();
    const group = await createGroup(user, { name: "Neighbours", description: "Street party list" });
    const res = await api.get(`/groups/${group.id}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(group);
  });

  it("answers 404 Group not found for unknown or malformed ids", async () => {
    const user = await createUser();
    for (const id of ["999999", "abc", "1.5", "-1", "0", "1e3", "99999999999", "%20"]) {
      const res = await api.get(`/groups/${id}`, { token: user.token });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: "Group not found" });
    }
  });
});

describe("PUT /groups/{groupId}", () => {
  it("replaces name and description, keeps created_at, bumps updated_at", async () => {
    const user = await createUser();
    const group = await createGroup(user, { name: "Old", description: "Old description" });
    const past = new Date("2020-01-01T00:00:00Z");
    await user.db.update(groups).set({ createdAt: past, updatedAt: past }).where(eq(groups.id, group.id));

    const res = await api.put(`/groups/${group.id}`, {
      token: user.token,
      body: { id: 12345, name: " New ", description: "New description", created_at: "2030-01-01T00:00:00Z" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: group.id, name: "New", description: "New description", created_at: past.toISOString() });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(past.getTime());
    expect((await api.get(`/groups/${group.id}`, { token: user.token })).body).toEqual(res.body);
  });

  it("clears the description when it is left out", async () => {
    const user = await createUser();
    const group = await createGroup(user, { name: "Team", description: "Work" });
    const res = await api.put(`/groups/${group.id}`, { token: user.token, body: { name: "Team" } });
    expect(res.status).toBe(200);
    expect(res.body.description).toBeNull();
  });

  it("refuses an invalid body with 422 and leaves the group unchanged", async () => {
    const user = await createUser();
    const group = await createGroup(user, { name: "Keep" });
    for (const body of [{}, { description: "only" }, { name: "n".repeat(256) }, { name: 1 }]) {
      const res = await api.put(`/groups/${group.id}`, { token: user.token, body });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(["name"]);
    }
    expect((await api.get(`/groups/${group.id}`, { token: user.token })).body).toEqual(group);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const user = await createUser();
    for (const id of ["999999", "abc"]) {
      const res = await api.put(`/groups/${id}`, { token: user.token, body: { name: "x" } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Group not found" });
    }
  });
});

describe("DELETE /groups/{groupId}", () => {
  it("deletes the group with 204 and keeps its contacts", async () => {
    const user = await createUser();
    const group = await createGroup(user);
    const contactId = await addContact(user, "Ada", "Lovelace");
    expect((await api.post(`/groups/${group.id}/contacts/${contactId}`, { token: user.token })).status).toBe(204);

    const res = await api.delete(`/groups/${group.id}`, { token: user.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await api.get(`/groups/${group.id}`, { token: user.token })).status).toBe(404);
    expect(await memberships(user, group.id)).toEqual([]);
    const [contact] = await user.db.select().from(contacts).where(eq(contacts.id, contactId));
    expect(contact?.firstName).toBe("Ada");
  });

  it("answers 404 for an unknown, already deleted or malformed id", async () => {
    const user = await createUser();
    const group = await createGroup(user);
    expect((await api.delete(`/groups/${group.id}`, { token: user.token })).status).toBe(204);
    for (const id of [String(group.id), "abc", "999999"]) {
      const res = await api.delete(`/groups/${id}`, { token: user.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Group not found" });
    }
  });
});

describe("group members", () => {
  it("adds contacts (204), lists them as Contacts ordered by last name, first name, and removes them", async () => {
    const user = await createUser();
    const group = await createGroup(user);
    const other = await createGroup(user, { name: "Other" });
    const smithJohn = await addContact(user, "John", "Smith");
    const brownZoe = await addContact(user, "Zoe", "Brown");
    const smithAnna = await addContact(user, "Anna", "Smith");
    const outsider = await addContact(user, "Not", "Member");
    await user.db.insert(contactChildren).values({ contactId: brownZoe, userId: user.id, position: 0, firstName: "Milo", birthMonth: 4 });

    for (const id of [smithJohn, brownZoe, smithAnna]) {
      const res = await api.post(`/groups/${group.id}/contacts/${id}`, { token: user.token });
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
    }
    expect((await api.post(`/groups/${other.id}/contacts/${outsider}`, { token: user.token })).status).toBe(204);

    const res = await api.get(`/groups/${group.id}/contacts`, { token: user.token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((c: { uuid: string }) => c.uuid)).toEqual([brownZoe, smithAnna, smithJohn]);
    const zoe = res.body[0];
    expect(zoe).toMatchObject({ first_name: "Zoe", last_name: "Brown", email: null, internal_id: null, pets: [] });
    expect(zoe.children).toEqual([{ first_name: "Milo", birth_month: 4, birth_day: null, birth_year: null }]);
    expect(Object.keys(zoe)).toContain("spouse_birth_year");

    const removed = await api.delete(`/groups/${group.id}/contacts/${smithAnna}`, { token: user.token });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    const after = await api.get(`/groups/${group.id}/contacts`, { token: user.token });
    expect(after.body.map((c: { uuid: string }) => c.uuid)).toEqual([brownZoe, smithJohn]);
    // The contact itself stays in the address book.
    expect(await user.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, smithAnna))).toHaveLength(1);
  });

  it("lists an empty group as an empty array", async () => {
    const user = await createUser();
    const group = await createGroup(user);
    await addContact(user, "Not", "Member");
    const res = await api.get(`/groups/${group.id}/contacts`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("treats adding a contact twice as success and keeps one membership", async () => {
    const user = await createUser();
    const group = await createGroup(user);
    const contactId = await addContact(user, "Ada", "Lovelace");
    expect((await api.post(`/groups/${group.id}/contacts/${contactId}`, { token: user.token })).status).toBe(204);
    expect((await api.post(`/groups/${group.id}/contacts/${contactId.toUpperCase()}`, { token: user.token })).status).toBe(204);
    expect(await memberships(user, group.id)).toHaveLength(1);
    expect((await api.get(`/groups/${group.id}/contacts`, { token: user.token })).body).toHaveLength(1);
  });

  it("treats removing a contact that is not a member as success", async () => {
    const user = await createUser();
    const group = await createGroup(user);
    const contactId = await addContact(user, "Ada", "Lovelace");
    const res = await api.delete(`/groups/${group.id}/contacts/${contactId}`, { token: user.token });
    expect(res.status).toBe(204);
  });

  it("answers 404 Group not found / Contact not found for unknown or malformed ids", async () => {
    const user = await createUser();
    const group = await createGroup(user);
    const contactId = await addContact(user, "Ada", "Lovelace");
    for (const send of [api.post, api.delete]) {
      for (const groupId of ["999999", "abc"]) {
        const res = await send(`/groups/${groupId}/contacts/${contactId}`, { token: user.token });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: "Group not found" });
      }
      for (const id of [MISSING_UUID, "not-a-uuid", "123", `${contactId}x`]) {
        const res = await send(`/groups/${group.id}/contacts/${id}`, { token: user.token });
        expect(res.status, id).toBe(404);
        expect(res.body).toEqual({ message: "Contact not found" });
      }
    }
    for (const groupId of ["999999", "abc"]) {
      const res = await api.get(`/groups/${groupId}/contacts`, { token: user.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Group not found" });
    }
    expect(await memberships(user, group.id)).toEqual([]);
  });

  it("drops a deleted contact from its groups", async () => {
    const user = await createUser();
    const group = await createGroup(user);
    const gone = await addContact(user, "Gone", "Away");
    const stays = await addContact(user, "Still", "Here");
    for (const id of [gone, stays]) await api.post(`/groups/${group.id}/contacts/${id}`, { token: user.token });

    const res = await api.delete(`/contacts/${gone}`, { token: user.token });
    expect(res.status).toBe(204);

    const list = await api.get(`/groups/${group.id}/contacts`, { token: user.token });
    expect(list.body.map((c: { uuid: string }) => c.uuid)).toEqual([stays]);
    expect((await memberships(user, group.id)).map((m) => m.contactId)).toEqual([stays]);
  });
});

describe("tenant isolation", () => {
  it("keeps another user's groups and contacts out of reach", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const group = await createGroup(owner, { name: "Private", description: "Mine" });
    const ownerContact = await addContact(owner, "Ada", "Lovelace");
    await api.post(`/groups/${group.id}/contacts/${ownerContact}`, { token: owner.token });
    const intruderGroup = await createGroup(intruder, { name: "Theirs" });
    const intruderContact = await addContact(intruder, "Eve", "Intruder");

    expect((await api.get("/groups", { token: intruder.token })).body.map((g: { id: number }) => g.id)).toEqual([intruderGroup.id]);

    const attempts = [
      () => api.get(`/groups/${group.id}`, { token: intruder.token }),
      () => api.put(`/groups/${group.id}`, { token: intruder.token, body: { name: "Hijacked" } }),
      () => api.delete(`/groups/${group.id}`, { token: intruder.token }),
      () => api.get(`/groups/${group.id}/contacts`, { token: intruder.token }),
      () => api.post(`/groups/${group.id}/contacts/${intruderContact}`, { token: intruder.token }),
      () => api.delete(`/groups/${group.id}/contacts/${ownerContact}`, { token: intruder.token }),
      () => api.post(`/groups/${group.id}/contacts/${ownerContact}`, { token: intruder.token }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Group not found" });
    }

    for (const send of [api.post, api.delete]) {
      const res = await send(`/groups/${intruderGroup.id}/contacts/${ownerContact}`, { token: intruder.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Contact not found" });
    }

    // Nothing changed for the owner.
    expect((await api.get(`/groups/${group.id}`, { token: owner.token })).body).toEqual(group);
    const members = await api.get(`/groups/${group.id}/contacts`, { token: owner.token });
    expect(members.body.map((c: { uuid: string }) => c.uuid)).toEqual([ownerContact]);
    expect(await memberships(intruder, intruderGroup.id)).toEqual([]);
  });
});
