import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { execute, getDb, getDbHandle, withQueryCounter, type Database } from "@/db/client";
import { contactBookVersions, contacts, users } from "@/db/schema";
import { api, createUser, type TestUser } from "@/test/api";
import { createCard, createProject } from "@/test/fixtures";
import { getCachedMonth, setCachedMonth } from "./month-cache";
import { contactEventsJson } from "./service";

type ContactEvent = { title: string; text: string; event_date: string; uuid: string };

async function march(user: TestUser): Promise<ContactEvent[]> {
  const res = await api.get("/contacts/events?month=3&year=2026", { token: user.token });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/json");
  return res.body;
}

const texts = (events: ContactEvent[]) => events.map((event) => event.text);

async function versionOf(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ version: contactBookVersions.version }).from(contactBookVersions).where(eq(contactBookVersions.userId, userId));
  return row?.version ?? 0;
}

async function lastVersionIssued(db: Database): Promise<number> {
  const [row] = await execute<{ last_value: string | number }>(db, sql`select last_value from contact_book_version_seq`);
  return Number(row!.last_value);
}

async function addContact(user: TestUser, body: Record<string, unknown>): Promise<string> {
  const res = await api.post("/contacts", { token: user.token, body: { first_name: "Jane", last_name: "Smith", ...body } });
  expect(res.status).toBe(201);
  return res.body.data.uuid;
}

describe("GET /contacts/events answers from a cache that never serves a changed book", () => {
  let user: TestUser;
  let db: Database;

  beforeAll(async () => {
    db = await getDb();
    user = await createUser();
  });

  it("follows creates, updates, children and deletes made through the API", async () => {
    expect(await march(user)).toEqual([]);
    expect(await march(user)).toEqual([]);

    const uuid = await addContact(user, { birth_month: 3, birth_day: 14 });
    expect(texts(await march(user))).toEqual(["Jane Smith's birthday"]);

    expect((await api.patch(`/contacts/${uuid}`, { token: user.token, body: { birth_month: 4 } })).status).toBe(200);
    expect(await march(user)).toEqual([]);

    const children = [{ first_name: "Emma", birth_month: 3, birth_day: 20 }];
    expect((await api.patch(`/contacts/${uuid}`, { token: user.token, body: { children } })).status).toBe(200);
    expect(texts(await march(user))).toEqual(["Emma's birthday (child of Jane Smith)"]);

    expect((await api.delete(`/contacts/${uuid}`, { token: user.token })).status).toBe(204);
    expect(await march(user)).toEqual([]);
  });

  it("sees writes that bypass the services", async () => {
    const uuid = await addContact(user, { first_name: "Raw", birth_month: 5, birth_day: 1 });
    expect(await march(user)).toEqual([]);

    await db.execute(sql`update contacts set birth_month = 3, birth_day = 9 where id = ${uuid}`);
    expect(texts(await march(user))).toEqual(["Raw Smith's birthday"]);

    await db.execute(sql`insert into contact_pets (contact_id, user_id, position, name, birth_month, birth_day) values (${uuid}, ${user.id}, 0, 'Rex', 3, 2)`);
    expect(texts(await march(user))).toEqual(["Rex's birthday (Raw Smith's pet)", "Raw Smith's birthday"]);

    await db.execute(sql`delete from contacts where id = ${uuid}`);
    expect(await march(user)).toEqual([]);
  });

  it("sees contacts that add-recipients creates or updates", async () => {
    const card = await createCard(db);
    const project = await createProject(db, user.id, card.id);
    const recipient = { first_name: "Ada", last_name: "Byron", address: "1 Main St", city: "Springfield", state: "IL", zip: "62701", internal_id: "crm-ada" };
    const add = (extra: Record<string, unknown>) =>
      api.post(`/projects/add-recipients/${project.id}`, { token: user.token, body: { recipients: [{ ...recipient, ...extra }] } });

    expect(await march(user)).toEqual([]);
    expect((await add({ birth_month: 3, birth_day: 10 })).status).toBe(200);
    expect(texts(await march(user))).toEqual(["Ada Byron's birthday"]);
    expect((await add({ birth_day: 11 })).status).toBe(200);
    expect((await march(user)).map((event) => event.event_date)).toEqual(["2026-03-11T00:00:00+00:00"]);
  });

  it("sees a TRUNCATE, which fires no row trigger", async () => {
    await addContact(user, { first_name: "Gone", birth_month: 3, birth_day: 3 });
    expect(texts(await march(user))).toContain("Gone Smith's birthday");
    const rollback = new Error("rollback");
    await expect(
      db.transaction(async (tx) => {
        const before = await versionOf(tx, user.id);
        await tx.execute(sql`truncate contacts cascade`);
        expect(await versionOf(tx, user.id)).not.toBe(before);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});

describe("contact_book_versions", () => {
  it("changes once per transaction, whatever the number of rows, and only for the user written", async () => {
    const db = await getDb();
    const [writer, bystander] = [await createUser(), await createUser()];
    await addContact(bystander, {});
    const bystanderVersion = await versionOf(db, bystander.id);
    expect(await versionOf(db, writer.id)).toBe(0);

    const issued = await lastVersionIssued(db);
    await db.transaction(async (tx) => {
      const rows = Array.from({ length: 300 }, (_, i) => ({ userId: writer.id, firstName: `F${i}`, lastName: "L", birthMonth: 3, birthDay: 1 + (i % 28) }));
      await tx.insert(contacts).values(rows);
      await tx.update(contacts).set({ birthDay: 5 }).where(eq(contacts.userId, writer.id));
    });
    expect(await lastVersionIssued(db)).toBe(issued + 1);
    expect(await versionOf(db, writer.id)).toBe(issued + 1);
    expect(await versionOf(db, bystander.id)).toBe(bystanderVersion);
    expect(await march(writer)).toHaveLength(300);
  });

  it("changes when a write after a rolled-back savepoint commits, and for both users when a contact moves", async () => {
    const db = await getDb();
    const [writer, other] = [await createUser(), await createUser()];
    const contact = { userId: writer.id, firstName: "Kept", lastName: "L", birthMonth: 3, birthDay: 2 };
    await db.transaction(async (tx) => {
      // The savepoint's write was the transaction's first of the book: its rollback must not
      // leave the book counted as bumped.
      await tx
        .transaction(async (savepoint) => {
          await savepoint.insert(contacts).values({ ...contact, firstName: "Rolled back" });
          savepoint.rollback();
        })
        .catch(() => undefined);
      await tx.insert(contacts).values(contact);
    });
    const written = await versionOf(db, writer.id);
    expect(written).toBeGreaterThan(0);
    expect(texts(await march(writer))).toEqual(["Kept L's birthday"]);

    await db.transaction(async (tx) => {
      await tx.update(contacts).set({ birthDay: 3 }).where(eq(contacts.userId, writer.id));
      await tx.update(contacts).set({ userId: other.id }).where(eq(contacts.userId, writer.id));
    });
    expect(await versionOf(db, writer.id)).toBeGreaterThan(written);
    expect(await versionOf(db, other.id)).toBeGreaterThan(written);
    expect(await march(writer)).toEqual([]);
  });

  it("lets a user with contacts, children and pets be deleted", async () => {
    const db = await getDb();
    const user = await createUser();
    await addContact(user, { children: [{ first_name: "Kid" }], pets: [{ name: "Rex" }] });
    expect(await versionOf(db, user.id)).toBeGreaterThan(0);
    await db.delete(users).where(eq(users.id, user.id));
    expect(await db.select().from(contacts).where(eq(contacts.userId, user.id))).toEqual([]);
    expect(await versionOf(db, user.id)).toBe(0);
  });
});

describe("contactEventsJson", () => {
  it("answers an unchanged book with one query, the version", async () => {
    const user = await createUser();
    await addContact(user, { birth_month: 3, birth_day: 14 });
    const counter = await withQueryCounter(await getDbHandle());
    const ctx = { db: counter.db, user: { id: user.id, accountType: 1 } };
    const first = await contactEventsJson(ctx, { month: 3, year: 2026 });
    expect(counter.count()).toBe(2);
    counter.reset();
    expect(await contactEventsJson(ctx, { month: 3, year: 2026 })).toBe(first);
    expect(counter.count()).toBe(1);
    expect(JSON.parse(first)).toEqual(await march(user));
  });

  it("reads a transaction's own writes, which change the version only at commit", async () => {
    const db = await getDb();
    const user = await createUser();
    const ctx = { db, user: { id: user.id, accountType: 1 } };
    expect(await contactEventsJson(ctx, { month: 3, year: 2026 })).toBe("[]");
    await db.transaction(async (tx) => {
      const inTx = { ...ctx, db: tx };
      expect(await contactEventsJson(inTx, { month: 3, year: 2026 })).toBe("[]");
      await tx.insert(contacts).values({ userId: user.id, firstName: "In", lastName: "Tx", birthMonth: 3, birthDay: 1 });
      const inside = JSON.parse(await contactEventsJson(inTx, { month: 3, year: 2026 })) as ContactEvent[];
      expect(texts(inside)).toEqual(["In Tx's birthday"]);
    });
    expect(texts(JSON.parse(await contactEventsJson(ctx, { month: 3, year: 2026 })))).toEqual(["In Tx's birthday"]);
  });
});

describe("the month cache", () => {
  const month = (db: object, userId = 1, m = 3) => ({ db: db as Database, userId, year: 2026, month: m });

  it("keeps one database's months apart from another's", () => {
    const [a, b] = [{}, {}];
    setCachedMonth(month(a), 7, "[a]");
    expect(getCachedMonth(month(a), 7)).toBe("[a]");
    expect(getCachedMonth(month(b), 7)).toBeUndefined();
    expect(getCachedMonth(month(a, 2), 7)).toBeUndefined();
    expect(getCachedMonth(month(a), 8)).toBeUndefined();
    expect(getCachedMonth(month(a), 7)).toBeUndefined();
  });

  it("drops the least recently used months past 16 million characters, and never keeps one over a quarter of that", () => {
    const db = {};
    const big = (c: string) => c.repeat(3_500_000);
    for (let m = 1; m <= 4; m++) setCachedMonth(month(db, 1, m), 1, big(String(m)));
    expect(getCachedMonth(month(db, 1, 1), 1)).toBe(big("1"));
    setCachedMonth(month(db, 1, 5), 1, big("5"));
    expect(getCachedMonth(month(db, 1, 2), 1)).toBeUndefined();
    for (const m of [1, 3, 4, 5]) expect(getCachedMonth(month(db, 1, m), 1)).toBe(big(String(m)));

    setCachedMonth(month(db, 1, 6), 1, "x".repeat(4_000_001));
    expect(getCachedMonth(month(db, 1, 6), 1)).toBeUndefined();
  });
});
