import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { groupContacts, orderRecipients, orders, projectRecipients } from "@/db/schema";
import { createCard, createProject } from "@/test/fixtures";
import { api, createUser, type TestUser } from "@/test/api";
import { eq, inArray } from "drizzle-orm";

async function contact(user: TestUser, body: Record<string, unknown>) {
  const res = await api.post("/contacts", { token: user.token, body: { first_name: "Pat", last_name: "Doe", ...body } });
  expect(res.status).toBe(201);
  return res.body.data as { uuid: string };
}

describe("GET /contacts/duplicates", () => {
  it("groups contacts sharing an email (case and spaces ignored), phone digits, or name and street", async () => {
    const user = await createUser();
    const a = await contact(user, { first_name: "Ann", email: "Ann@Example.com", phone: "(555) 123-4567" });
    const b = await contact(user, { first_name: "Annie", email: " ann@example.com " });
    const c = await contact(user, { first_name: "Bo", phone: "555.123.4567" });
    const d = await contact(user, { first_name: "Cy", last_name: "Lee", address: "1  Main St" });
    const e = await contact(user, { first_name: "cy", last_name: "LEE", address: "1 main st" });
    await contact(user, { first_name: "Cy", last_name: "Lee", address: "2 Main St" });
    await contact(user, { first_name: "Solo", phone: "12" });
    await contact(user, { first_name: "Solo2", phone: "12" });
    // Another account's identical contact is never grouped with these.
    const other = await createUser();
    await contact(other, { email: "ann@example.com" });

    const res = await api.get("/contacts/duplicates", { token: user.token });
    expect(res.status).toBe(200);
    const groups = (res.body.data as { reason: string; contacts: { uuid: string }[] }[]).map((g) => ({ reason: g.reason, uuids: g.contacts.map((x) => x.uuid).sort() }));
    expect(groups).toEqual([
      { reason: "email", uuids: [a.uuid, b.uuid].sort() },
      { reason: "phone", uuids: [a.uuid, c.uuid].sort() },
      { reason: "name_and_address", uuids: [d.uuid, e.uuid].sort() },
    ]);
    // Each contact is the full Contact.
    expect(res.body.data[0].contacts[0]).toHaveProperty("children");
    expect((await api.get("/contacts/duplicates", { token: other.token })).body).toEqual({ data: [] });
  }, 90_000);
});

describe("POST /contacts/{uuid}/merge", () => {
  it("keeps the target's values, takes the others' where it has none, joins family and notes, moves memberships and recipients", async () => {
    const user = await createUser();
    const db = await getDb();
    const target = await contact(user, {
      email: "pat@example.com",
      city: "Springfield",
      notes: "Met in 2019.",
      children: [{ first_name: "Emma", birth_month: null }],
      pets: [{ name: "Rex", secondary_type: "dog" }],
    });
    const other = await contact(user, {
      internal_id: "CRM-9",
      email: "old@example.com",
      city: "Shelbyville",
      phone: "555-0100",
      birth_month: 4,
      birth_day: 1,
      notes: "Prefers postcards.",
      children: [{ first_name: "emma", birth_month: 3, birth_day: 14, birth_year: 2015 }, { first_name: "Liam" }],
      pets: [{ name: "Tom", secondary_type: "cat" }],
    });
    const third = await contact(user, { children: [{ first_name: "Zoe" }], notes: "Met in 2019." });

    const group = (await api.post("/groups", { token: user.token, body: { name: "Family" } })).body;
    const group2 = (await api.post("/groups", { token: user.token, body: { name: "Work" } })).body;
    for (const [g, c] of [
      [group, target],
      [group, other],
      [group2, third],
    ] as const) {
      expect((await api.post(`/groups/${g.id}/contacts/${c.uuid}`, { token: user.token })).status).toBe(204);
    }
    const card = await createCard(db);
    const projectA = await createProject(db, user.id, card.id);
    const projectB = await createProject(db, user.id, card.id);
    await db.insert(projectRecipients).values([
      { projectId: projectA.id, contactId: target.uuid, userId: user.id },
      { projectId: projectA.id, contactId: other.uuid, userId: user.id },
      { projectId: projectB.id, contactId: other.uuid, userId: user.id },
      { projectId: projectB.id, contactId: third.uuid, userId: user.id },
    ]);
    const [order] = await db.insert(orders).values({ userId: user.id, totalCents: 399 }).returning();
    await db.insert(orderRecipients).values({
      orderId: order!.id,
      userId: user.id,
      projectId: projectB.id,
      contactId: other.uuid,
      name: "Pat Doe",
      priceCents: 399,
      scheduledDeliveryDate: new Date(),
    });

    // The preview answers the contact the merge makes, and changes nothing.
    const preview = await api.post(`/contacts/${target.uuid}/merge?dry_run=true`, { token: user.token, body: { contact_uuids: [other.uuid, third.uuid] } });
    expect(preview.status).toBe(200);
    expect((await api.get(`/contacts/${other.uuid}`, { token: user.token })).status).toBe(200);
    expect((await api.get(`/contacts/${target.uuid}`, { token: user.token })).body.data.email).toBe("pat@example.com");

    const res = await api.post(`/contacts/${target.uuid}/merge`, { token: user.token, body: { contact_uuids: [other.uuid, third.uuid] } });
    expect(res.status).toBe(200);
    expect({ ...preview.body.data, updated_at: null }).toEqual({ ...res.body.data, updated_at: null });
    expect(res.body.data).toMatchObject({
      uuid: target.uuid,
      internal_id: "CRM-9",
      email: "pat@example.com",
      city: "Springfield",
      phone: "555-0100",
      birth_month: 4,
      birth_day: 1,
      // What the target had no place for is in its notes: nothing is lost.
      notes: "Met in 2019.\n\nPrefers postcards.\n\nFrom merged contacts:\nEmail: old@example.com\nAddress: Shelbyville",
      children: [
        { first_name: "Emma", birth_month: 3, birth_day: 14, birth_year: 2015 },
        { first_name: "Liam", birth_month: null, birth_day: null, birth_year: null },
        { first_name: "Zoe", birth_month: null, birth_day: null, birth_year: null },
      ],
      pets: [
        { name: "Rex", secondary_type: "dog" },
        { name: "Tom", secondary_type: "cat" },
      ],
    });

    expect((await api.get(`/contacts/${other.uuid}`, { token: user.token })).status).toBe(404);
    expect((await api.get(`/contacts/${third.uuid}`, { token: user.token })).status).toBe(404);
    const memberships = await db.select().from(groupContacts).where(eq(groupContacts.contactId, target.uuid));
    expect(memberships.map((m) => m.groupId).sort()).toEqual([group.id, group2.id].sort());
    const recipients = await db.select().from(projectRecipients).where(inArray(projectRecipients.projectId, [projectA.id, projectB.id]));
    expect(recipients.map((r) => [r.projectId, r.contactId]).sort()).toEqual(
      [
        [projectA.id, target.uuid],
        [projectB.id, target.uuid],
      ].sort(),
    );
    const history = await db.select().from(orderRecipients).where(eq(orderRecipients.orderId, order!.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ contactId: target.uuid, name: "Pat Doe", priceCents: 399 });
  });

  it("never loses a value: a second phone, another birthday, spouse or child's birthday go to the notes", async () => {
    const user = await createUser();
    const target = await contact(user, { phone: "(555) 123-4567", birth_month: 4, birth_day: 1, spouse_first_name: "Sam", children: [{ first_name: "Emma", birth_month: 3, birth_day: 14 }] });
    const same = await contact(user, { phone: "555.123.4567", birth_month: 4 });
    const other = await contact(user, {
      first_name: "Patricia",
      phone: "555-0199",
      birth_month: 5,
      birth_day: 2,
      birth_year: 1980,
      spouse_first_name: "Alex",
      children: [{ first_name: "emma", birth_month: 3, birth_day: 15, birth_year: 2015 }],
    });
    const res = await api.post(`/contacts/${target.uuid}/merge`, { token: user.token, body: { contact_uuids: [same.uuid, other.uuid] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ first_name: "Pat", phone: "(555) 123-4567", birth_month: 4, birth_day: 1, birth_year: null, spouse_first_name: "Sam" });
    expect(res.body.data.children).toEqual([{ first_name: "Emma", birth_month: 3, birth_day: 14, birth_year: 2015 }]);
    expect(res.body.data.notes).toBe(
      ["From merged contacts:", "Name: Patricia Doe", "Phone: 555-0199", "Spouse: Alex", "Birthday: 1980-05-02", "Child emma's birthday: 2015-03-15"].join("\n"),
    );
  });

  it("refuses, whole and with what to shorten, a merge whose notes would pass a contact's 10,000 characters", async () => {
    const user = await createUser();
    const target = await contact(user, { notes: "a".repeat(6_000) });
    const other = await contact(user, { notes: "b".repeat(6_000) });
    for (const dryRun of ["?dry_run=true", ""]) {
      const res = await api.post(`/contacts/${target.uuid}/merge${dryRun}`, { token: user.token, body: { contact_uuids: [other.uuid] } });
      expect(res.status).toBe(422);
      expect(res.body.errors.contact_uuids).toEqual(["The merged notes would be 12,002 characters, more than a contact holds (10,000): shorten the contacts' notes first."]);
    }
    expect((await api.get(`/contacts/${other.uuid}`, { token: user.token })).status).toBe(200);
    expect((await api.get(`/contacts/${target.uuid}`, { token: user.token })).body.data.notes).toHaveLength(6_000);
  });

  it("answers 404 Contact not found for a uuid that isn't the user's, and changes nothing", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const target = await contact(user, {});
    const mine = await contact(user, { email: "x@example.com" });
    const theirs = await contact(stranger, {});
    for (const [path, uuids] of [
      [`/contacts/${target.uuid}/merge`, [mine.uuid, theirs.uuid]],
      [`/contacts/${theirs.uuid}/merge`, [mine.uuid]],
      [`/contacts/${target.uuid}/merge`, ["not-a-uuid"]],
    ] as const) {
      const res = await api.post(path, { token: user.token, body: { contact_uuids: uuids } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Contact not found" });
    }
    expect((await api.get(`/contacts/${mine.uuid}`, { token: user.token })).status).toBe(200);
    const invalid = await api.post(`/contacts/${target.uuid}/merge`, { token: user.token, body: { contact_uuids: [] } });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(["contact_uuids"]);
  });
});
