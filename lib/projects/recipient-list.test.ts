import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts, projectRecipients } from "@/db/schema";
import { api, createUser, type TestUser } from "@/test/api";
import { createCard, createProject, type CardFixture } from "@/test/fixtures";
import { getProjectCost } from "./service";

let card: CardFixture;

beforeAll(async () => {
  card = await createCard(await getDb(), { priceCents: 100 });
});

const ctxOf = (user: TestUser) => ({ db: user.db, user: { id: user.id, accountType: 1 } });

/** A project of `size` recipients with full addresses, whose order is the order of `ids`. */
async function projectWithRecipients(user: TestUser, size: number): Promise<{ projectId: string; ids: string[] }> {
  const project = await createProject(user.db, user.id, card.id);
  const values = Array.from({ length: size }, (_, i) => {
    const n = String(i).padStart(4, "0");
    // Pairs share a last name, so the first name breaks the tie.
    return { userId: user.id, firstName: `First${n}`, lastName: `Person${n.slice(0, 3)}`, address: "1 Main St", city: "Springfield", state: "IL", zip: "62701" };
  });
  const rows = values.length ? await user.db.insert(contacts).values(values).returning({ id: contacts.id }) : [];
  // Inserted in reverse, so the listing's order is its own and not the insertion's.
  if (rows.length) {
    await user.db.insert(projectRecipients).values(
      [...rows].reverse().map((row, i) => ({ projectId: project.id, contactId: row.id, userId: user.id, overrideMessage: i === 0 ? "Last one" : null })),
    );
  }
  return { projectId: project.id, ids: rows.map((row) => row.id) };
}

const uuids = (list: { uuid: string }[]) => list.map((item) => item.uuid);

describe("GET /projects/{uuid} recipients", () => {
  it("carries the first 100 recipients, their count and the cursor of the rest; checkout still charges them all", async () => {
    const user = await createUser({ creditCents: 100_000 });
    const { projectId, ids } = await projectWithRecipients(user, 105);

    const res = await api.get(`/projects/${projectId}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(uuids(res.body.data.recipients)).toEqual(ids.slice(0, 100));
    expect(res.body.data.recipients_count).toBe(105);
    expect(res.body.data.recipients_next_cursor).toEqual(expect.any(String));

    const rest = await api.get(`/projects/${projectId}/recipients?cursor=${encodeURIComponent(res.body.data.recipients_next_cursor)}`, { token: user.token });
    expect(rest.status).toBe(200);
    expect(uuids(rest.body.data)).toEqual(ids.slice(100));
    expect(rest.body.next_cursor).toBeNull();
    expect(rest.body.data[4]).toMatchObject({ first_name: "First0104", override_message: "Last one", children: [], pets: [] });

    expect(await getProjectCost(ctxOf(user), projectId)).toMatchObject({ recipients: 105, unordered_recipients: 105, total_cents: 10_500 });
    const checkout = await api.post(`/cart/checkout/${projectId}`, { token: user.token });
    expect(checkout.status).toBe(201);
    expect(checkout.body.data.credit_charged).toBe(105);
  });

  it("says a project that fits in one page has no next page, and an empty one has no recipients", async () => {
    const user = await createUser();
    const small = await projectWithRecipients(user, 3);
    const res = await api.get(`/projects/${small.projectId}`, { token: user.token });
    expect(res.body.data).toMatchObject({ recipients_count: 3, recipients_next_cursor: null });
    expect(uuids(res.body.data.recipients)).toEqual(small.ids);

    const empty = await projectWithRecipients(user, 0);
    const none = await api.get(`/projects/${empty.projectId}`, { token: user.token });
    expect(none.body.data).toMatchObject({ recipients: [], recipients_count: 0, recipients_next_cursor: null });
    const list = await api.get(`/projects/${empty.projectId}/recipients`, { token: user.token });
    expect(list.body).toEqual({ data: [], next_cursor: null });
  });
});

describe("GET /projects/{uuid}/recipients", () => {
  it("pages through every recipient with per_page and cursor, without duplicates or gaps", async () => {
    const user = await createUser();
    const { projectId, ids } = await projectWithRecipients(user, 23);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `per_page=5&cursor=${encodeURIComponent(cursor)}` : "per_page=5";
      const res = await api.get(`/projects/${projectId}/recipients?${query}`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(5);
      seen.push(...uuids(res.body.data));
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(ids);
  });

  it("refuses a tampered cursor, another project's cursor and per_page out of 1..100 with 422", async () => {
    const user = await createUser();
    const mine = await projectWithRecipients(user, 3);
    const other = await projectWithRecipients(user, 3);
    const first = await api.get(`/projects/${mine.projectId}/recipients?per_page=1`, { token: user.token });
    const cursor = first.body.next_cursor as string;
    const forged = Buffer.from(JSON.stringify({ l: "A", f: "A", id: "00000000-0000-4000-8000-000000000000" })).toString("base64url");
    const flipped = `${cursor.slice(0, 10)}${cursor[10] === "A" ? "B" : "A"}${cursor.slice(11)}`;
    for (const bad of [forged, `${forged}.${cursor}`, flipped, "nonsense"]) {
      const res = await api.get(`/projects/${mine.projectId}/recipients?cursor=${encodeURIComponent(bad)}`, { token: user.token });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: "The cursor is invalid.", errors: { cursor: ["The cursor is invalid."] } });
    }
    expect((await api.get(`/projects/${other.projectId}/recipients?cursor=${encodeURIComponent(cursor)}`, { token: user.token })).status).toBe(422);
    for (const perPage of ["0", "101", "x"]) {
      const res = await api.get(`/projects/${mine.projectId}/recipients?per_page=${perPage}`, { token: user.token });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(["per_page"]);
    }
  });

  it("answers 404 Project not found for another user's, unknown and malformed projects", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const { projectId } = await projectWithRecipients(owner, 2);
    for (const id of [projectId, "3f0e8a52-1111-4222-8333-944445555666", "not-a-uuid"]) {
      for (const path of [`/projects/${id}/recipients`, `/projects/${id}`]) {
        const res = await api.get(path, { token: stranger.token });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: "Project not found" });
      }
    }
  });
});
