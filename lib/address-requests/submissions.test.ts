import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { startJobRunner } from "@/lib/jobs/runner";
import { addressSubmissions, webhookEndpoints, webhookEvents } from "@/db/schema";
import { api, createUser, type TestUser } from "@/test/api";
import { keyedHash } from "@/lib/auth/keyed-hash";
import { SUBMISSIONS_PER_CLIENT_PER_HOUR, SUBMISSIONS_PER_LINK } from "./schema";

beforeAll(async () => {
  // pg-boss's schema and queues, as a server's start makes them: a webhook event enqueues its delivery.
  const runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, webhooks: false });
  await runner.stop();
});

let ipSequence = 0;
/** A client address of its own per call unless told, so the limit an hour stays out of the way. */
const from = (ip = `198.51.100.${++ipSequence % 250}-${ipSequence}`) => ({ "x-forwarded-for": ip });

async function newLink(user: TestUser, message = "Where should your card go?") {
  const { body } = await api.post("/address-requests", { token: user.token, body: { message } });
  return { id: body.data.id as number, secret: (body.data.url as string).split("/address/")[1]! };
}

const friend = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "Ada@Example.com",
  address: "12 Peachtree St",
  city: "Atlanta",
  state: "GA",
  zip: "30301",
  birth_month: 12,
  birth_day: 10,
  spouse_first_name: "William",
  children: [{ first_name: "Byron", birth_month: 5, birth_day: 12 }],
};

const submit = (secret: string, body: unknown, ip?: string) => api.post(`/address-requests/public/${secret}`, { body, headers: from(ip) });

describe("the public submission", () => {
  it("takes the Contact's fields without a token: 201, nothing echoed, kept pending, and no contact changes", async () => {
    const owner = await createUser();
    const link = await newLink(owner);
    const res = await submit(link.secret, { ...friend, notes: "ignored", internal_id: "X1" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { received: true } });
    expect(res.text).not.toContain("Lovelace");
    const list = await api.get(`/address-requests/${link.id}/submissions`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.next_cursor).toBeNull();
    const [submission] = list.body.data;
    expect(submission).toMatchObject({ address_request_id: link.id, status: "pending", match: null, contact_uuid: null, decided_at: null });
    expect(submission.submitted).toMatchObject({ first_name: "Ada", email: "Ada@Example.com", zip: "30301", apt: null, birth_year: null, spouse_first_name: "William" });
    expect(submission.submitted.children).toEqual([{ first_name: "Byron", birth_month: 5, birth_day: 12, birth_year: null }]);
    expect(submission.submitted).not.toHaveProperty("notes");
    expect((await api.get("/contacts", { token: owner.token })).body.data).toEqual([]);
    expect((await api.get(`/address-requests/${link.id}`, { token: owner.token })).body.data.submissions_pending).toBe(1);
  });

  it("validates as a contact does, with the address checks of recipients: 422 with the usual errors", async () => {
    const owner = await createUser();
    const link = await newLink(owner);
    const missing = await submit(link.secret, {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining(["first_name", "last_name", "address", "city", "zip"]));
    const wrong = await submit(link.secret, { ...friend, email: "not-an-email", birth_month: 13, children: [{ first_name: "" }] });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(expect.arrayContaining(["email", "birth_month", "children.0.first_name"]));
    const badZip = await submit(link.secret, { ...friend, zip: "97201" });
    expect(badZip.status).toBe(422);
    expect(badZip.body.errors.zip[0]).toMatch(/Oregon, not Georgia/);
    const noState = await submit(link.secret, { ...friend, state: "" });
    expect(noState.status).toBe(422);
    expect(noState.body.errors.state).toBeDefined();
    const nul = await submit(link.secret, { ...friend, city: "At\u0000lanta" });
    expect(nul.status).toBe(422);
    expect((await submit(link.secret, undefined, undefined)).status).toBe(422);
    const malformed = await api.post(`/address-requests/public/${link.secret}`, { rawBody: "{", headers: { ...from(), "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect((await api.get(`/address-requests/${link.id}/submissions`, { token: owner.token })).body.data).toEqual([]);
  });

  it("answers a filled honeypot 201 as if kept, and keeps nothing", async () => {
    const owner = await createUser();
    const link = await newLink(owner);
    const res = await submit(link.secret, { ...friend, website: "https://spam.example" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { received: true } });
    expect((await api.get(`/address-requests/${link.id}/submissions`, { token: owner.token })).body.data).toEqual([]);
    expect((await submit(link.secret, { ...friend, website: "" })).status).toBe(201);
    expect((await api.get(`/address-requests/${link.id}/submissions`, { token: owner.token })).body.data).toHaveLength(1);
  });

  it("answers 404 This link is closed for an unknown, closed or deleted link", async () => {
    const owner = await createUser();
    const link = await newLink(owner);
    for (const secret of ["A".repeat(43), "short", `${link.secret}x`]) {
      const res = await submit(secret, friend);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "This link is closed" });
    }
    await api.patch(`/address-requests/${link.id}`, { token: owner.token, body: { open: false } });
    expect((await submit(link.secret, friend)).status).toBe(404);
    await api.patch(`/address-requests/${link.id}`, { token: owner.token, body: { open: true } });
    expect((await submit(link.secret, friend)).status).toBe(201);
    await api.delete(`/address-requests/${link.id}`, { token: owner.token });
    expect((await submit(link.secret, friend)).status).toBe(404);
  });

  it("takes 10 an hour from one client address, then 429 with Retry-After; other addresses and the owner are unaffected", async () => {
    const owner = await createUser();
    const link = await newLink(owner);
    const ip = "203.0.113.77";
    for (let i = 0; i < SUBMISSIONS_PER_CLIENT_PER_HOUR; i++) expect((await submit(link.secret, friend, ip)).status).toBe(201);
    const refused = await submit(link.secret, friend, ip);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    // Across links too: the limit is the client's.
    expect((await submit((await newLink(owner)).secret, friend, ip)).status).toBe(429);
    expect((await submit(link.secret, friend, "203.0.113.78")).status).toBe(201);
    // An hour later the address may send again.
    const clientHash = keyedHash("address-submission-client", ip);
    await owner.db.execute(`update address_submissions set created_at = now() - interval '61 minutes' where client_hash = '${clientHash}'`);
    expect((await submit(link.secret, friend, ip)).status).toBe(201);
  });

  it("never lets concurrent submissions from one address past 10 an hour", async () => {
    const owner = await createUser();
    const links = [await newLink(owner), await newLink(owner)];
    const answers = await Promise.all(Array.from({ length: 14 }, (_, i) => submit(links[i % 2]!.secret, friend, "203.0.113.90")));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(SUBMISSIONS_PER_CLIENT_PER_HOUR);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(14 - SUBMISSIONS_PER_CLIENT_PER_HOUR);
  });

  it("takes 200 submissions a link, then 429 with Retry-After", async () => {
    const owner = await createUser();
    const link = await newLink(owner);
    const other = await newLink(owner);
    const payload = { first_name: "A", last_name: "B", address: "1 Main St", city: "Atlanta", state: "GA", zip: "30301" };
    await owner.db.insert(addressSubmissions).values(
      Array.from({ length: SUBMISSIONS_PER_LINK - 1 }, (_, i) => ({ requestId: link.id, userId: owner.id, payload, clientHash: `seeded-${i}` })),
    );
    expect((await submit(link.secret, friend)).status).toBe(201);
    const refused = await submit(link.secret, friend);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/as many addresses as it can/);
    expect((await submit(other.secret, friend)).status).toBe(201);
  });

  it("records contact.submitted for the owner's endpoints, with ids only", async () => {
    const owner = await createUser();
    await owner.db.insert(webhookEndpoints).values({ userId: owner.id, url: "https://hooks.example.com/cardmail", events: ["contact.submitted"], secret: "whsec_test" });
    const link = await newLink(owner);
    const sent = await submit(link.secret, friend);
    expect(sent.body).toEqual({ data: { received: true } });
    const submission = (await api.get(`/address-requests/${link.id}/submissions`, { token: owner.token })).body.data[0];
    const events = await owner.db.select().from(webhookEvents).where(and(eq(webhookEvents.userId, owner.id), eq(webhookEvents.type, "contact.submitted")));
    expect(events.map((e) => e.payload)).toEqual([{ address_request_id: link.id, submission_id: submission.id }]);
  });
});
