import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { groupContacts, groups } from "@/db/schema";
import { api, createUser, type TestUser } from "@/test/api";

type Contact = { uuid: string; first_name: string; last_name: string; email: string | null; phone: string | null };
type Page = {
  data: Contact[];
  links: { first: string; prev: string | null; next: string | null };
  meta: { path: string; per_page: number; next_cursor: string | null; prev_cursor: string | null };
};

const ORIGIN = "http://localhost:3000";
const PATH = `${ORIGIN}/api/v1/contacts`;

// Names in one case pattern sort the same under every collation, so the expected order is plain.
const LAST_NAMES = ["Adams", "Baker", "Clark", "Davis", "Evans", "Baker", "Adams", "Garcia", "Baker"];
const FIRST_NAMES = ["Ava", "Ben", "Cal", "Ava", "Ben"];

function byName(a: Contact, b: Contact): number {
  const key = (c: Contact) => [c.last_name, c.first_name, c.uuid];
  const [x, y] = [key(a), key(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return 0;
}

/** Follows a link of a page as a client would: the absolute URL, path and query. */
async function follow(user: TestUser, link: string): Promise<Page> {
  expect(link.startsWith(`${PATH}?`)).toBe(true);
  const res = await api.get(link.slice(`${ORIGIN}/api/v1`.length), { token: user.token });
  expect(res.status).toBe(200);
  return res.body;
}

let user: TestUser;
let book: Contact[];

beforeAll(async () => {
  user = await createUser();
  const created: Contact[] = [];
  for (let i = 0; i < 37; i++) {
    const res = await api.post("/contacts", {
      token: user.token,
      body: { first_name: FIRST_NAMES[i % FIRST_NAMES.length], last_name: LAST_NAMES[i % LAST_NAMES.length], email: `person${i}@example.org` },
    });
    expect(res.status).toBe(201);
    created.push(res.body.data);
  }
  book = created.sort(byName);
  // Equal names, so only the uuid orders them.
  expect(book.filter((c) => c.last_name === "Baker" && c.first_name === "Ben").length).toBeGreaterThan(1);
});

describe("GET /contacts pagination", () => {
  it("walks 37 contacts five at a time, forwards then backwards, with no gap or duplicate", async () => {
    let page: Page = (await api.get("/contacts?per_page=5", { token: user.token })).body;
    expect(page.links.first).toBe(`${PATH}?per_page=5`);
    expect(page.links.prev).toBeNull();
    expect(page.meta).toEqual({ path: PATH, per_page: 5, next_cursor: page.meta.next_cursor, prev_cursor: null });

    const forward: Contact[][] = [page.data];
    while (page.links.next) {
      expect(page.meta.next_cursor).not.toBeNull();
      expect(new URL(page.links.next).searchParams.get("cursor")).toBe(page.meta.next_cursor);
      expect(new URL(page.links.next).searchParams.get("per_page")).toBe("5");
      page = await follow(user, page.links.next);
      expect(page.links.first).toBe(`${PATH}?per_page=5`);
      expect(page.links.prev).not.toBeNull();
      forward.push(page.data);
    }
    expect(page.meta.next_cursor).toBeNull();
    expect(forward.map((p) => p.length)).toEqual([5, 5, 5, 5, 5, 5, 5, 2]);
    expect(forward.flat().map((c) => c.uuid)).toEqual(book.map((c) => c.uuid));

    const backward: Contact[][] = [page.data];
    while (page.links.prev) {
      expect(new URL(page.links.prev).searchParams.get("cursor")).toBe(page.meta.prev_cursor);
      page = await follow(user, page.links.prev);
      expect(page.links.next).not.toBeNull();
      backward.unshift(page.data);
    }
    expect(page.meta.prev_cursor).toBeNull();
    expect(backward).toEqual(forward);
  });

  it("serves 15 per page by default", async () => {
    const res = await api.get("/contacts", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.meta.per_page).toBe(15);
    expect(res.body.data.map((c: Contact) => c.uuid)).toEqual(book.slice(0, 15).map((c) => c.uuid));
    expect(res.body.links.first).toBe(`${PATH}?per_page=15`);
  });

  it("returns the whole book on one page with no next or prev", async () => {
    const res = await api.get("/contacts?per_page=100", { token: user.token });
    expect(res.body.data).toHaveLength(37);
    expect(res.body.links.next).toBeNull();
    expect(res.body.links.prev).toBeNull();
    expect(res.body.meta.next_cursor).toBeNull();
  });

  it("answers an empty book with an empty page", async () => {
    const empty = await createUser();
    const res = await api.get("/contacts", { token: empty.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [],
      links: { first: `${PATH}?per_page=15`, prev: null, next: null },
      meta: { path: PATH, per_page: 15, next_cursor: null, prev_cursor: null },
    });
  });

  it.each([
    ["0", "The per page field must be at least 1."],
    ["101", "The per page field must not be greater than 100."],
    ["x", "The per page field must be a number."],
    ["2.5", "The per page field must be a number."],
  ])("refuses per_page=%s with 422", async (value, message) => {
    const res = await api.get(`/contacts?per_page=${value}`, { token: user.token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message, errors: { per_page: [message] } });
  });

  it("refuses a tampered or foreign cursor with 422 on cursor", async () => {
    const first: Page = (await api.get("/contacts?per_page=5", { token: user.token })).body;
    const cursor = first.meta.next_cursor!;
    const flipped = (i: number) => `${cursor.slice(0, i)}${cursor[i] === "A" ? "B" : "A"}${cursor.slice(i + 1)}`;
    // What a client could write itself: the position as readable JSON, with or without a dot.
    const forged = Buffer.from(JSON.stringify({ d: "next", l: "Zzz", f: "Zzz", id: book[0]!.uuid })).toString("base64url");
    for (const bad of [forged, `${forged}.${cursor}`, "garbage", `${cursor}x`, `${cursor}.`, flipped(3), flipped(Math.floor(cursor.length / 2)), flipped(cursor.length - 2)]) {
      const res = await api.get(`/contacts?cursor=${encodeURIComponent(bad)}`, { token: user.token });
      expect({ bad, status: res.status }).toEqual({ bad, status: 422 });
      expect(res.body).toEqual({ message: "The cursor is invalid.", errors: { cursor: ["The cursor is invalid."] } });
    }
  });

  it("issues opaque cursors: neither a contact's name nor its uuid can be read from one", async () => {
    const first: Page = (await api.get("/contacts?per_page=5", { token: user.token })).body;
    const boundary = first.data[4]!;
    for (const cursor of [first.meta.next_cursor!, new URL(first.links.next!).searchParams.get("cursor")!]) {
      const readable = cursor
        .split(/[^A-Za-z0-9_-]/)
        .map((part) => Buffer.from(part, "base64url").toString("latin1"))
        .join(" ");
      expect(readable).not.toContain(boundary.last_name);
      expect(readable).not.toContain(boundary.uuid);
      expect(cursor).not.toContain(boundary.last_name);
    }
  });

  it("refuses another user's cursor, and another list's, with the same 422", async () => {
    const first: Page = (await api.get("/contacts?per_page=5", { token: user.token })).body;
    const other = await createUser();
    for (let i = 0; i < 6; i++) {
      expect((await api.post("/contacts", { token: other.token, body: { first_name: "Ava", last_name: LAST_NAMES[i]! } })).status).toBe(201);
    }
    // The other user's own first page works, and so does the cursor for the user it was issued to.
    const theirs: Page = (await api.get("/contacts?per_page=5", { token: other.token })).body;
    expect((await api.get(`/contacts?per_page=5&cursor=${encodeURIComponent(theirs.meta.next_cursor!)}`, { token: other.token })).status).toBe(200);
    expect((await api.get(`/contacts?per_page=5&cursor=${encodeURIComponent(first.meta.next_cursor!)}`, { token: user.token })).status).toBe(200);

    const mineToThem = await api.get(`/contacts?per_page=5&cursor=${encodeURIComponent(first.meta.next_cursor!)}`, { token: other.token });
    const theirsToMe = await api.get(`/contacts?per_page=5&cursor=${encodeURIComponent(theirs.meta.next_cursor!)}`, { token: user.token });
    for (const res of [mineToThem, theirsToMe]) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: "The cursor is invalid.", errors: { cursor: ["The cursor is invalid."] } });
    }

    // Another list of the same user, ordered by the same names: the address book's cursor is not a
    // group's (nor the reverse).
    const db = await getDb();
    const [group] = await db.insert(groups).values({ userId: user.id, name: "First three" }).returning();
    await db.insert(groupContacts).values(book.slice(0, 3).map((c) => ({ groupId: group!.id, contactId: c.uuid, userId: user.id })));
    const members = await api.get(`/groups/${group!.id}/contacts?per_page=1`, { token: user.token });
    // The members' next page is in the Link header, as the spec has it.
    const membersCursor = new URL(/<([^>]+)>;\s*rel="next"/.exec(members.headers.get("link") ?? "")![1]!).searchParams.get("cursor")!;
    expect((await api.get(`/groups/${group!.id}/contacts?per_page=1&cursor=${encodeURIComponent(membersCursor)}`, { token: user.token })).status).toBe(200);
    expect((await api.get(`/contacts?cursor=${encodeURIComponent(membersCursor)}`, { token: user.token })).status).toBe(422);
    expect((await api.get(`/groups/${group!.id}/contacts?cursor=${encodeURIComponent(first.meta.next_cursor!)}`, { token: user.token })).status).toBe(422);
  });

  it("keeps the query in the links and pages through the matches only", async () => {
    const matches = book.filter((c) => c.last_name === "Baker");
    expect(matches.length).toBeGreaterThan(5);
    let page: Page = (await api.get("/contacts?query=BAK&per_page=5", { token: user.token })).body;
    expect(page.links.first).toBe(`${PATH}?query=BAK&per_page=5`);
    const seen = [...page.data];
    while (page.links.next) {
      expect(new URL(page.links.next).searchParams.get("query")).toBe("BAK");
      page = await follow(user, page.links.next);
      seen.push(...page.data);
    }
    expect(seen.map((c) => c.uuid)).toEqual(matches.map((c) => c.uuid));
    expect(page.links.prev).not.toBeNull();
    const back = await follow(user, page.links.prev!);
    expect(back.data.every((c) => c.last_name === "Baker")).toBe(true);
  });

  it("walks the matches of a search backwards page by page, exactly as it walked forwards", async () => {
    // Every contact's email matches, so the search walks the whole book, equal names included.
    const forwards: Page[] = [(await api.get("/contacts?query=example.org&per_page=3", { token: user.token })).body];
    while (forwards.at(-1)!.links.next) forwards.push(await follow(user, forwards.at(-1)!.links.next!));
    expect(forwards.flatMap((p) => p.data.map((c) => c.uuid))).toEqual(book.map((c) => c.uuid));

    let page = forwards.at(-1)!;
    for (let i = forwards.length - 2; i >= 0; i--) {
      page = await follow(user, page.links.prev!);
      expect(page.data.map((c) => c.uuid)).toEqual(forwards[i]!.data.map((c) => c.uuid));
    }
    expect(page.links.prev).toBeNull();
  });

  it("searches within a group, page by page", async () => {
    const db = await getDb();
    const [group] = await db.insert(groups).values({ userId: user.id, name: "Bakers and Clarks" }).returning();
    const members = book.filter((c, i) => (c.last_name === "Baker" || c.last_name === "Clark") && i % 2 === 0);
    await db.insert(groupContacts).values(members.map((c) => ({ groupId: group!.id, contactId: c.uuid, userId: user.id })));
    const expected = members.filter((c) => c.last_name === "Baker").map((c) => c.uuid);
    expect(expected.length).toBeGreaterThan(2);

    const seen: string[] = [];
    let page: Page = (await api.get(`/contacts?query=bak&group_id=${group!.id}&per_page=2`, { token: user.token })).body;
    seen.push(...page.data.map((c) => c.uuid));
    while (page.links.next) {
      page = await follow(user, page.links.next);
      seen.push(...page.data.map((c) => c.uuid));
    }
    expect(seen).toEqual(expected);
  });
});

describe("GET /contacts search", () => {
  let searcher: TestUser;
  const people = [
    { first_name: "Alice", last_name: "Wonder", email: "alice@wonder.example", phone: "(555) 0123" },
    { first_name: "Bob", last_name: "Stone", email: "bstone@quarry.example", phone: "+1 555-987-6543" },
    { first_name: "Carol", last_name: "Alicetown", email: null, phone: null },
    { first_name: "Dan", last_name: "Percent", email: "dan@x.example", phone: null, notes: "100%" },
  ];

  beforeAll(async () => {
    searcher = await createUser();
    for (const person of people) {
      expect((await api.post("/contacts", { token: searcher.token, body: person })).status).toBe(201);
    }
  });

  const names = async (query: string) => {
    const res = await api.get(`/contacts?query=${encodeURIComponent(query)}`, { token: searcher.token });
    expect(res.status).toBe(200);
    return res.body.data.map((c: Contact) => c.first_name).sort();
  };

  it("matches first name, last name and full name, ignoring case", async () => {
    expect(await names("alice")).toEqual(["Alice", "Carol"]);
    expect(await names("ALICE")).toEqual(["Alice", "Carol"]);
    expect(await names("wond")).toEqual(["Alice"]);
    expect(await names("stONE")).toEqual(["Bob"]);
    expect(await names("Alice Wonder")).toEqual(["Alice"]);
    expect(await names("ce won")).toEqual(["Alice"]);
    expect(await names("  bob stone  ")).toEqual(["Bob"]);
  });

  it("matches email and phone, also by the phone's digits", async () => {
    expect(await names("@QUARRY.example")).toEqual(["Bob"]);
    expect(await names("alice@wonder")).toEqual(["Alice"]);
    expect(await names("(555) 0123")).toEqual(["Alice"]);
    expect(await names("5550123")).toEqual(["Alice"]);
    expect(await names("555-0123")).toEqual(["Alice"]);
    expect(await names("9876543")).toEqual(["Bob"]);
    expect(await names("987-6543")).toEqual(["Bob"]);
  });

  it("matches a company, a city, and a child's or a pet's name, also after they change", async () => {
    const res = await api.post("/contacts", {
      token: searcher.token,
      body: {
        first_name: "Erin",
        last_name: "Family",
        company: "Globex Corporation",
        city: "Springfield",
        children: [{ first_name: "Maisie" }, { first_name: "Theodore" }],
        pets: [{ name: "Biscuit", secondary_type: "dog" }],
      },
    });
    expect(res.status).toBe(201);
    expect(await names("globex")).toEqual(["Erin"]);
    expect(await names("SPRINGF")).toEqual(["Erin"]);
    expect(await names("maisie")).toEqual(["Erin"]);
    expect(await names("theo")).toEqual(["Erin"]);
    expect(await names("Biscuit")).toEqual(["Erin"]);
    const patched = await api.patch(`/contacts/${res.body.data.uuid}`, { token: searcher.token, body: { children: [{ first_name: "Ottilie" }], pets: [], city: "Shelbyville" } });
    expect(patched.status).toBe(200);
    expect(await names("maisie")).toEqual([]);
    expect(await names("biscuit")).toEqual([]);
    expect(await names("springfield")).toEqual([]);
    expect(await names("ottilie")).toEqual(["Erin"]);
    expect(await names("shelbyville")).toEqual(["Erin"]);
    await api.delete(`/contacts/${res.body.data.uuid}`, { token: searcher.token });
  });

  it("treats LIKE wildcards literally and an empty query as no filter", async () => {
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
    expect(await names("a_i")).toEqual([]);
    expect(await names("")).toEqual(["Alice", "Bob", "Carol", "Dan"]);
    expect(await names("nobody")).toEqual([]);
  });
});

describe("GET /contacts group filter", () => {
  it("lists only the group's contacts; an unknown or another user's group is 404", async () => {
    const owner = await createUser();
    const ids: string[] = [];
    for (const last of ["Young", "Xu", "Zane"]) {
      ids.push((await api.post("/contacts", { token: owner.token, body: { first_name: "Al", last_name: last } })).body.data.uuid);
    }
    const db = await getDb();
    const [group] = await db.insert(groups).values({ userId: owner.id, name: "Friends" }).returning();
    await db.insert(groupContacts).values([ids[0]!, ids[2]!].map((contactId) => ({ groupId: group!.id, contactId, userId: owner.id })));

    const res = await api.get(`/contacts?group_id=${group!.id}&per_page=1`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: Contact) => c.last_name)).toEqual(["Young"]);
    expect(res.body.links.next).toBe(`${PATH}?group_id=${group!.id}&per_page=1&cursor=${encodeURIComponent(res.body.meta.next_cursor)}`);
    const next = await api.get(res.body.links.next.slice(`${ORIGIN}/api/v1`.length), { token: owner.token });
    expect(next.body.data.map((c: Contact) => c.last_name)).toEqual(["Zane"]);
    expect(next.body.links.next).toBeNull();

    const stranger = await createUser();
    for (const [token, groupId] of [
      [stranger.token, group!.id],
      [owner.token, 999_999],
    ] as const) {
      const missing = await api.get(`/contacts?group_id=${groupId}`, { token });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: "Group not found" });
    }
  });
});
