import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addressRequests } from "@/db/schema";
import { api, createUser } from "@/test/api";
import { hashLinkSecret } from "./secret";

const secretOf = (url: string) => url.split("/address/")[1]!;

describe("address requests (the owner's links)", () => {
  it("creates a link with a secret URL under APP_URL, 201, and reads it back with the same URL", async () => {
    const user = await createUser();
    const res = await api.post("/address-requests", { token: user.token, body: { message: "  Holiday cards soon!  " } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ message: "Holiday cards soon!", open: true, submissions_pending: 0 });
    expect(Number.isInteger(res.body.data.id)).toBe(true);
    expect(res.body.data.url).toMatch(/^https?:\/\/[^/]+\/address\/[A-Za-z0-9_-]{43}$/);
    const read = await api.get(`/address-requests/${res.body.data.id}`, { token: user.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(res.body.data);
    // The table keeps the secret's hash and a sealed copy, never the secret itself.
    const [row] = await user.db.select().from(addressRequests).where(eq(addressRequests.id, res.body.data.id));
    const secret = secretOf(res.body.data.url);
    expect(row!.secretHash).toBe(hashLinkSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it("gives every link its own secret, and takes no body at all", async () => {
    const user = await createUser();
    const a = await api.post("/address-requests", { token: user.token });
    const b = await api.post("/address-requests", { token: user.token, body: {} });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.message).toBeNull();
    expect(a.body.data.url).not.toBe(b.body.data.url);
  });

  it("refuses a message over 1,000 characters, a NUL character and a non-boolean open with 422", async () => {
    const user = await createUser();
    const long = await api.post("/address-requests", { token: user.token, body: { message: "x".repeat(1001) } });
    expect(long.status).toBe(422);
    expect(long.body.errors.message).toBeDefined();
    const nul = await api.post("/address-requests", { token: user.token, body: { message: "a\u0000b" } });
    expect(nul.status).toBe(422);
    const { body } = await api.post("/address-requests", { token: user.token, body: {} });
    const bad = await api.patch(`/address-requests/${body.data.id}`, { token: user.token, body: { open: "no" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.open).toBeDefined();
  });

  it("changes the message, clears it, closes and reopens the link", async () => {
    const user = await createUser();
    const { body } = await api.post("/address-requests", { token: user.token, body: { message: "First" } });
    const id = body.data.id;
    const changed = await api.patch(`/address-requests/${id}`, { token: user.token, body: { message: "Second" } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ message: "Second", open: true, url: body.data.url });
    const closed = await api.patch(`/address-requests/${id}`, { token: user.token, body: { open: false, message: "" } });
    expect(closed.body.data).toMatchObject({ message: null, open: false });
    const reopened = await api.patch(`/address-requests/${id}`, { token: user.token, body: { open: true } });
    expect(reopened.body.data.open).toBe(true);
  });

  it("lists the links newest first, a page at a time, with next_cursor", async () => {
    const user = await createUser();
    const ids: number[] = [];
    for (const message of ["a", "b", "c"]) ids.push((await api.post("/address-requests", { token: user.token, body: { message } })).body.data.id);
    const first = await api.get("/address-requests?per_page=2", { token: user.token });
    expect(first.status).toBe(200);
    expect(first.body.data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(typeof first.body.next_cursor).toBe("string");
    const second = await api.get(`/address-requests?per_page=2&cursor=${encodeURIComponent(first.body.next_cursor)}`, { token: user.token });
    expect(second.body.data.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    expect(second.body.next_cursor).toBeNull();
    expect((await api.get("/address-requests?per_page=0", { token: user.token })).status).toBe(422);
    expect((await api.get("/address-requests?per_page=101", { token: user.token })).status).toBe(422);
    expect((await api.get("/address-requests?cursor=nonsense", { token: user.token })).status).toBe(422);
  });

  it("deletes a link (204), after which it is a 404", async () => {
    const user = await createUser();
    const { body } = await api.post("/address-requests", { token: user.token, body: {} });
    expect((await api.delete(`/address-requests/${body.data.id}`, { token: user.token })).status).toBe(204);
    expect((await api.get(`/address-requests/${body.data.id}`, { token: user.token })).status).toBe(404);
    expect((await api.delete(`/address-requests/${body.data.id}`, { token: user.token })).status).toBe(404);
  });

  it("answers 404 Address request not found for another account's link, whatever the operation, and lists only one's own", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { body } = await api.post("/address-requests", { token: owner.token, body: { message: "Mine" } });
    const id = body.data.id;
    const attempts = [
      api.get(`/address-requests/${id}`, { token: other.token }),
      api.patch(`/address-requests/${id}`, { token: other.token, body: { open: false } }),
      api.delete(`/address-requests/${id}`, { token: other.token }),
      api.get(`/address-requests/${id}/submissions`, { token: other.token }),
      api.post(`/address-requests/${id}/submissions/1/accept`, { token: other.token }),
      api.post(`/address-requests/${id}/submissions/1/reject`, { token: other.token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Address request not found" });
    }
    expect((await api.get("/address-requests", { token: other.token })).body.data).toEqual([]);
    expect((await api.get(`/address-requests/${id}`, { token: owner.token })).body.data).toMatchObject({ message: "Mine", open: true });
  });

  it("answers 404 for ids that cannot be one, and 401 without a token", async () => {
    const user = await createUser();
    for (const id of ["abc", "0", "99999999999", "-1"]) expect((await api.get(`/address-requests/${id}`, { token: user.token })).status).toBe(404);
    expect((await api.get("/address-requests")).status).toBe(401);
    expect((await api.post("/address-requests", { body: {} })).status).toBe(401);
  });
});
