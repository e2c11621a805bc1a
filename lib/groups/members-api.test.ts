import { afterEach, describe, expect, it } from "vitest";
import { contacts, groupContacts } from "@/db/schema";
import { resetConfig } from "@/lib/config";
import { api, createUser, type TestUser } from "@/test/api";

afterEach(() => {
  delete process.env.APP_URL;
  resetConfig();
});

/** A group of `size` members named so that their order is known: Member0000 ... in last-name order. */
async function groupWithMembers(user: TestUser, size: number): Promise<{ groupId: number; ids: string[] }> {
  const created = await api.post("/groups", { token: user.token, body: { name: `Big ${size}` } });
  expect(created.status).toBe(201);
  const groupId = created.body.id as number;
  const ids: string[] = [];
  for (let start = 0; start < size; start += 500) {
    const values = Array.from({ length: Math.min(500, size - start) }, (_, i) => {
      const n = String(start + i).padStart(4, "0");
      // Same last name for pairs, so the first name and then the uuid break the ties.
      return { userId: user.id, firstName: `First${n}`, lastName: `Member${n.slice(0, 3)}` };
    });
    const rows = await user.db.insert(contacts).values(values).returning({ id: contacts.id });
    await user.db.insert(groupContacts).values(rows.map((row) => ({ groupId, contactId: row.id, userId: user.id })));
    ids.push(...rows.map((row) => row.id));
  }
  return { groupId, ids };
}

function nextLink(link: string | null): string | null {
  if (!link) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(match, link).not.toBeNull();
  return match![1]!;
}

describe("GET /groups/{groupId}/contacts paging", () => {
  it("answers the first 1,000 members as a plain array, with the total and a Link to the rest", async () => {
    process.env.APP_URL = "https://cards.example.com";
    resetConfig();
    const user = await createUser();
    const { groupId, ids } = await groupWithMembers(user, 1003);

    const res = await api.get(`/groups/${groupId}/contacts`, { token: user.token, headers: { host: "evil.example", "x-forwarded-host": "evil.example" } });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(1000);
    expect(res.body[0]).toMatchObject({ uuid: ids[0], first_name: "First0000", last_name: "Member000" });
    expect(res.body.map((c: { uuid: string }) => c.uuid)).toEqual(ids.slice(0, 1000));
    expect(res.headers.get("x-total-count")).toBe("1003");
    const next = nextLink(res.headers.get("link"));
    expect(next).toMatch(new RegExp(`^https://cards\\.example\\.com/api/v1/groups/${groupId}/contacts\\?per_page=1000&cursor=`));

    const rest = await api.get(next!.replace("https://cards.example.com/api/v1", ""), { token: user.token });
    expect(rest.status).toBe(200);
    expect(rest.body.map((c: { first_name: string }) => c.first_name)).toEqual(["First1000", "First1001", "First1002"]);
    expect(rest.headers.get("link")).toBeNull();
    expect(rest.headers.get("x-total-count")).toBe("1003");
  });

  it("answers a group that fits without a Link header", async () => {
    const user = await createUser();
    const { groupId } = await groupWithMembers(user, 3);
    const res = await api.get(`/groups/${groupId}/contacts`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.headers.get("link")).toBeNull();
    expect(res.headers.get("x-total-count")).toBe("3");
  });

  it("pages through every member with per_page and cursor, without duplicates or gaps", async () => {
    const user = await createUser();
    const { groupId, ids } = await groupWithMembers(user, 23);
    const seen: string[] = [];
    let path: string | null = `/groups/${groupId}/contacts?per_page=5`;
    let pages = 0;
    while (path) {
      const res = await api.get(path, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(5);
      seen.push(...res.body.map((c: { uuid: string }) => c.uuid));
      const next = nextLink(res.headers.get("link"));
      path = next ? next.replace(/^https?:\/\/[^/]+\/api\/v1/, "") : null;
      pages += 1;
    }
    expect(pages).toBe(5);
    expect(seen).toEqual(ids);
  });

  it("refuses a tampered cursor, another group's cursor and per_page out of 1..1000 with 422", async () => {
    const user = await createUser();
    const { groupId } = await groupWithMembers(user, 4);
    const { groupId: otherId } = await groupWithMembers(user, 4);
    const first = await api.get(`/groups/${groupId}/contacts?per_page=2`, { token: user.token });
    const cursor = new URL(nextLink(first.headers.get("link"))!).searchParams.get("cursor")!;

    const forged = Buffer.from(JSON.stringify({ l: "A", f: "A", id: "00000000-0000-4000-8000-000000000000" })).toString("base64url");
    const flipped = `${cursor.slice(0, 10)}${cursor[10] === "A" ? "B" : "A"}${cursor.slice(11)}`;
    for (const bad of [forged, `${forged}.${cursor}`, flipped, `${cursor}x`, "nonsense"]) {
      const res = await api.get(`/groups/${groupId}/contacts?cursor=${encodeURIComponent(bad)}`, { token: user.token });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: "The cursor is invalid.", errors: { cursor: ["The cursor is invalid."] } });
    }
    const foreign = await api.get(`/groups/${otherId}/contacts?cursor=${encodeURIComponent(cursor)}`, { token: user.token });
    expect(foreign.status).toBe(422);
    const contactsCursor = (await api.get("/contacts?per_page=1", { token: user.token })).body.meta.next_cursor as string;
    expect((await api.get(`/groups/${groupId}/contacts?cursor=${encodeURIComponent(contactsCursor)}`, { token: user.token })).status).toBe(422);

    for (const perPage of ["0", "1001", "x"]) {
      const res = await api.get(`/groups/${groupId}/contacts?per_page=${perPage}`, { token: user.token });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(["per_page"]);
    }
  });

  it("answers 404 Group not found for another user's group, cursor or not", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const { groupId } = await groupWithMembers(owner, 3);
    const res = await api.get(`/groups/${groupId}/contacts?per_page=1`, { token: stranger.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Group not found" });
  });
});
