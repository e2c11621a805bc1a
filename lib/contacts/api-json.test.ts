import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Database } from "@/db/client";
import { contacts } from "@/db/schema";
import { api, createUser, type TestUser } from "@/test/api";
import { createCard, createProject } from "@/test/fixtures";
import { toContactJson } from "./mapper";
import { findContactsWithFamily } from "./queries";
import { listContactsJson } from "./service";

const everyField = {
  internal_id: "crm-1",
  prefix: "Dr.",
  first_name: 'Zoë "Zed"',
  middle_name: "Ann\\Marie",
  last_name: "O'Brien",
  company: "Ünïcode & Sons </script>",
  email: "zoe@example.org",
  phone: "(555) 010-2030",
  address: "1 Line\nTwo",
  apt: "4B",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  country: "US",
  spouse_prefix: "Mr.",
  spouse_first_name: "Sam",
  spouse_middle_name: "Q",
  spouse_last_name: "Brien",
  birth_month: 2,
  birth_day: 29,
  birth_year: 1984,
  anniversary_month: 6,
  anniversary_day: 1,
  anniversary_year: 2010,
  spouse_birth_month: 12,
  spouse_birth_day: 31,
  spouse_birth_year: 1983,
  notes: "Tab\there, emoji 🎂, control \u0001",
  children: [
    { first_name: "Kid One", birth_month: 1, birth_day: 2, birth_year: 2015 },
    { first_name: "Kid Two", birth_month: null, birth_day: null, birth_year: null },
  ],
  pets: [{ name: "Rex", secondary_type: "dog", birth_month: 3, birth_day: 4, birth_year: 2020 }],
};

/**
 * Every contact of the user: the JSON the database keeps must be, byte for byte, the document
 * toContactJson writes from the rows as they are now. Returns the documents, by uuid.
 */
async function expectStoredJsonCurrent(db: Database, userId: number): Promise<Map<string, ReturnType<typeof toContactJson>>> {
  const rows = await findContactsWithFamily(db, userId);
  const stored = new Map((await db.select({ id: contacts.id, json: contacts.apiJson }).from(contacts).where(eq(contacts.userId, userId))).map((r) => [r.id, r.json]));
  expect(stored.size).toBe(rows.length);
  const documents = new Map<string, ReturnType<typeof toContactJson>>();
  for (const row of rows) {
    const expected = toContactJson(row);
    expect(stored.get(row.id)).toBe(JSON.stringify(expected));
    documents.set(row.id, expected);
  }
  return documents;
}

async function addContact(user: TestUser, body: Record<string, unknown>): Promise<string> {
  const res = await api.post("/contacts", { token: user.token, body: { first_name: "Jane", last_name: "Smith", ...body } });
  expect(res.status).toBe(201);
  return res.body.data.uuid;
}

// The list answers with the contact JSON the database keeps (contacts.api_json); every other
// contact response goes through toContactJson. A partner must not be able to tell them apart,
// whatever wrote the contact, its children or its pets.
describe("contacts as stored JSON", () => {
  let db: Database;
  let user: TestUser;

  beforeAll(async () => {
    db = await getDb();
    user = await createUser();
    await addContact(user, everyField);
    await addContact(user, { first_name: "Only", last_name: "Required" });
  });

  it("is the document toContactJson writes, key order and escapes included", async () => {
    const documents = await expectStoredJsonCurrent(db, user.id);
    const page = await listContactsJson({ db, user: { id: user.id, accountType: 1 } });
    expect(page.items.map((text) => JSON.parse(text).uuid).sort()).toEqual([...documents.keys()].sort());
    for (const text of page.items) expect(text).toBe(JSON.stringify(documents.get(JSON.parse(text).uuid)));
  });

  it("answers GET /contacts inside the pagination shape", async () => {
    const res = await api.get("/contacts?query=brien", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].last_name).toBe("O'Brien");
    expect(res.body.data[0].children).toEqual(everyField.children);
    expect(res.body.data[0].pets).toEqual(everyField.pets);
    expect(Object.keys(res.body)).toEqual(["data", "links", "meta"]);
  });

  it("follows updates, and children and pets replaced or cleared, through the API", async () => {
    const owner = await createUser();
    const uuid = await addContact(owner, { children: [{ first_name: "Amy" }], pets: [{ name: "Tom", secondary_type: "cat" }] });
    const patch = async (body: Record<string, unknown>) => {
      const res = await api.patch(`/contacts/${uuid}`, { token: owner.token, body });
      expect(res.status).toBe(200);
      const listed = await api.get("/contacts", { token: owner.token });
      expect(listed.body.data).toEqual([res.body.data]);
      await expectStoredJsonCurrent(db, owner.id);
      return res.body.data;
    };

    expect((await patch({ city: "Shelbyville", notes: null })).city).toBe("Shelbyville");
    expect((await patch({ children: [{ first_name: "Bea", birth_month: 5, birth_day: 6 }, { first_name: "Cal" }] })).children.map((c: { first_name: string }) => c.first_name)).toEqual(["Bea", "Cal"]);
    expect((await patch({ pets: [] })).pets).toEqual([]);
    expect((await patch({ children: [], last_name: "Jones" })).children).toEqual([]);
  });

  it("follows add-recipients, which creates and updates contacts and their families in bulk", async () => {
    const owner = await createUser();
    const card = await createCard(db);
    const project = await createProject(db, owner.id, card.id);
    const address = { address: "1 Main St", city: "Springfield", state: "IL", zip: "62701" };
    const add = async (recipients: Record<string, unknown>[]) => {
      const res = await api.post(`/projects/add-recipients/${project.id}`, { token: owner.token, body: { recipients } });
      expect(res.status).toBe(200);
    };

    await add([
      { ...address, first_name: "Ada", last_name: "Byron", internal_id: "a", children: [{ first_name: "Ann" }], pets: [{ name: "Fido" }] },
      { ...address, first_name: "Bob", last_name: "Bee", internal_id: "b" },
    ]);
    let documents = await expectStoredJsonCurrent(db, owner.id);
    expect([...documents.values()].find((d) => d.internal_id === "a")!.children).toHaveLength(1);
    // A new contact's search text has its family, written before it in the same request.
    const byPet = await api.get("/contacts?query=fido", { token: owner.token });
    expect(byPet.body.data.map((c: { first_name: string }) => c.first_name)).toEqual(["Ada"]);

    await add([
      { ...address, first_name: "Ada", last_name: "Lovelace", internal_id: "a", children: [] },
      { ...address, first_name: "Bob", last_name: "Bee", internal_id: "b", pets: [{ name: "Rex", secondary_type: "dog" }] },
    ]);
    documents = await expectStoredJsonCurrent(db, owner.id);
    const ada = [...documents.values()].find((d) => d.internal_id === "a")!;
    expect([ada.last_name, ada.children, ada.pets.map((p) => p.name)]).toEqual(["Lovelace", [], ["Fido"]]);
  });

  it("follows SQL that bypasses the services", async () => {
    const owner = await createUser();
    const uuid = await addContact(owner, {});
    const written = async (statement: ReturnType<typeof sql>) => {
      await db.execute(statement);
      return (await expectStoredJsonCurrent(db, owner.id)).get(uuid)!;
    };

    expect((await written(sql`update contacts set first_name = 'Raw' where id = ${uuid}`)).first_name).toBe("Raw");
    expect((await written(sql`insert into contact_children (contact_id, user_id, position, first_name) values (${uuid}, ${owner.id}, 1, 'Second'), (${uuid}, ${owner.id}, 0, 'First')`)).children.map((c) => c.first_name)).toEqual(["First", "Second"]);
    expect((await written(sql`update contact_children set first_name = 'Renamed' where contact_id = ${uuid} and position = 0`)).children[0]!.first_name).toBe("Renamed");
    expect((await written(sql`delete from contact_children where contact_id = ${uuid} and position = 1`)).children).toHaveLength(1);
    expect((await written(sql`insert into contact_pets (contact_id, user_id, position, name) values (${uuid}, ${owner.id}, 0, 'Rex')`)).pets[0]!.name).toBe("Rex");
  });

  it("follows a TRUNCATE of children or pets, which fires no row trigger", async () => {
    const owner = await createUser();
    const uuid = await addContact(owner, { children: [{ first_name: "Kid" }], pets: [{ name: "Rex" }] });
    const rollback = new Error("rollback");
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`truncate contact_children, contact_pets`);
        const document = (await expectStoredJsonCurrent(tx, owner.id)).get(uuid)!;
        expect([document.children, document.pets]).toEqual([[], []]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it("lets contacts with children and pets be deleted, and their user", async () => {
    const owner = await createUser();
    const uuid = await addContact(owner, { children: [{ first_name: "Kid" }], pets: [{ name: "Rex" }] });
    expect((await api.delete(`/contacts/${uuid}`, { token: owner.token })).status).toBe(204);
    await addContact(owner, { children: [{ first_name: "Kid" }], pets: [{ name: "Rex" }] });
    await db.execute(sql`delete from users where id = ${owner.id}`);
    expect(await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.userId, owner.id))).toEqual([]);
  });
});
