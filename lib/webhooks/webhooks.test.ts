import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { execute, getDb } from "@/db/client";
import { orderRecipients, webhookAttempts, webhookDeliveries, webhookEvents } from "@/db/schema";
import { resetConfig } from "@/lib/config";
import { runDueAutomations } from "@/lib/automations/scheduler";
import { startJobRunner } from "@/lib/jobs/runner";
import { advanceFulfilment, cancelOrderRecipient, setRecipientStatus } from "@/lib/orders/status-changes";
import { api, createUser, type TestUser } from "@/test/api";
import { jobsOf, manualClock } from "@/test/jobs";
import { addContact, createAutomation } from "@/test/automation-fixtures";
import { ageOrderRecipients, createCard, createReadyProject } from "@/test/order-fixtures";
import { DEFAULT_RETRY_DELAYS_SECONDS, deliverWebhook } from "./delivery";
import { recordWebhookEvents } from "./outbox";
import { isPublicAddress } from "./url-guard";

type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };
type Receiver = { url: string; received: Received[]; close(): Promise<void> };

/** A real HTTP server on 127.0.0.1 answering each request with `answer` (its status, or hanging). */
async function startReceiver(answer: (n: number, req: http.IncomingMessage, res: http.ServerResponse) => void = (_n, _req, res) => res.end("ok")): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), path: req.url ?? "" });
      answer(received.length, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  receivers.push(server);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const receivers: http.Server[] = [];

const statusOf = (code: number) => (_n: number, _req: http.IncomingMessage, res: http.ServerResponse) => {
  res.statusCode = code;
  res.end(`answer ${code}`);
};

function verify(secret: string, request: Received): unknown {
  return new Webhook(secret).verify(request.body, {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  });
}

async function createEndpoint(user: TestUser, url: string, events: string[] = ["order.created", "order.recipient.status_changed"], extra: Record<string, unknown> = {}) {
  const res = await api.post("/webhooks", { token: user.token, body: { url, events, ...extra } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string; url: string; events: string[]; active: boolean };
}

async function checkout(user: TestUser, recipients = 1) {
  const ready = await createReadyProject(user.id, { priceCents: 250, recipients });
  const res = await api.post(`/cart/checkout/${ready.project.id}`, { token: user.token });
  expect(res.status).toBe(201);
  return { projectId: ready.project.id, orderId: res.body.data.order_id as number };
}

async function deliveriesOf(endpointId: string) {
  const db = await getDb();
  return db
    .select({ id: webhookDeliveries.id, status: webhookDeliveries.status, attempts: webhookDeliveries.attempts, nextAttemptAt: webhookDeliveries.nextAttemptAt, eventId: webhookDeliveries.eventId, error: webhookDeliveries.error, type: webhookEvents.type, payload: webhookEvents.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.id));
}

function setAllowPrivate(allowed: boolean) {
  if (allowed) process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  else delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  resetConfig();
}

beforeAll(async () => {
  // Creates pg-boss's schema and queues, as a server's start does; no worker runs here, the
  // tests make each attempt themselves with their own clock.
  const runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, webhooks: false });
  await runner.stop();
});

beforeEach(() => setAllowPrivate(true));

afterAll(async () => {
  setAllowPrivate(false);
  for (const server of receivers) {
    server.closeAllConnections();
    server.close();
  }
});

describe("webhook endpoints over the API", () => {
  it("creates, lists, reads, changes and deletes an endpoint; the secret is shown on create only", async () => {
    const user = await createUser();
    const created = await api.post("/webhooks", { token: user.token, body: { url: "https://example.com/hooks", events: ["order.created"], description: "CRM" } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ url: "https://example.com/hooks", description: "CRM", events: ["order.created"], active: true });
    expect(created.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}={0,2}$/);
    const id = created.body.data.id as string;

    const list = await api.get("/webhooks", { token: user.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty("secret");
    const one = await api.get(`/webhooks/${id}`, { token: user.token });
    expect(Object.keys(one.body.data).sort()).toEqual(["active", "created_at", "description", "events", "id", "updated_at", "url"]);

    const patched = await api.patch(`/webhooks/${id}`, { token: user.token, body: { active: false, description: null, events: ["order.created", "webhook.test"] } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ active: false, description: null, events: ["order.created", "webhook.test"] });

    const rotated = await api.post(`/webhooks/${id}/rotate-secret`, { token: user.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(created.body.data.secret);

    expect((await api.delete(`/webhooks/${id}`, { token: user.token })).status).toBe(204);
    expect(await api.get(`/webhooks/${id}`, { token: user.token })).toMatchObject({ status: 404, body: { message: "Webhook not found" } });
  });

  it("answers 404 Webhook not found for another account's endpoint, an unknown one or a malformed id", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { id } = await createEndpoint(owner, "https://example.com/a");
    for (const [method, path] of [
      ["get", `/webhooks/${id}`],
      ["patch", `/webhooks/${id}`],
      ["delete", `/webhooks/${id}`],
      ["post", `/webhooks/${id}/rotate-secret`],
      ["post", `/webhooks/${id}/test`],
      ["get", `/webhooks/${id}/deliveries`],
      ["post", `/webhooks/${id}/deliveries/1/retry`],
      ["get", "/webhooks/00000000-0000-4000-8000-000000000000"],
      ["get", "/webhooks/nope"],
    ] as const) {
      const res = await api[method](path, { token: other.token, body: method === "patch" ? { active: false } : undefined });
      expect({ path, method, status: res.status, body: res.body }).toEqual({ path, method, status: 404, body: { message: "Webhook not found" } });
    }
    expect((await api.get("/webhooks", { token: other.token })).body.data).toEqual([]);
  });

  it("validates the body: url, events, description; an 11th endpoint is a 422", async () => {
    const user = await createUser();
    const bad = async (body: unknown, field: string) => {
      const res = await api.post("/webhooks", { token: user.token, body });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    };
    await bad({ events: ["order.created"] }, "url");
    await bad({ url: "not a url", events: ["order.created"] }, "url");
    await bad({ url: "ftp://example.com/x", events: ["order.created"] }, "url");
    await bad({ url: "https://example.com/x", events: [] }, "events");
    await bad({ url: "https://example.com/x", events: ["order.shipped"] }, "events.0");
    await bad({ url: "https://example.com/x", events: ["order.created", "order.created"] }, "events");
    await bad({ url: "https://example.com/x", events: ["order.created"], description: "a\u0000b" }, "description");

    for (let i = 0; i < 10; i++) await createEndpoint(user, `https://example.com/${i}`);
    const eleventh = await api.post("/webhooks", { token: user.token, body: { url: "https://example.com/11", events: ["order.created"] } });
    expect(eleventh.status).toBe(422);
    expect(eleventh.body.message).toBe("An account may have at most 10 webhook endpoints.");
  });
});

describe("server-side request forgery", () => {
  it("accepts public unicast addresses only", () => {
    for (const address of ["8.8.8.8", "93.184.215.14", "2606:4700:4700::1111"]) expect(isPublicAddress(address)).toBe(true);
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fc00::1", "::ffff:127.0.0.1", "ff02::1", "not an ip"]) {
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
    }
  });

  it("refuses http and private, loopback, link-local or reserved hosts on save, and lets WEBHOOK_ALLOW_PRIVATE_URLS lift it", async () => {
    setAllowPrivate(false);
    const user = await createUser();
    for (const url of ["http://8.8.8.8/hooks", "https://127.0.0.1/hooks", "https://localhost/hooks", "https://10.0.0.8/x", "https://[::1]/x", "https://169.254.169.254/latest", "https://[::ffff:192.168.0.1]/x", "https://user:pw@8.8.8.8/x"]) {
      const res = await api.post("/webhooks", { token: user.token, body: { url, events: ["order.created"] } });
      expect({ url, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ url, status: 422, fields: ["url"] });
    }
    const { id } = await createEndpoint(user, "https://8.8.8.8/hooks");
    const patched = await api.patch(`/webhooks/${id}`, { token: user.token, body: { url: "https://127.0.0.1/x" } });
    expect(patched.status).toBe(422);
    expect(patched.body.errors.url).toBeDefined();

    setAllowPrivate(true);
    await createEndpoint(user, "http://127.0.0.1:9/hooks");
  });

  it("checks the address again when sending: a name that now resolves to a private address gets no request", async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    const user = await createUser({ creditCents: 10_000 });
    // Saved while allowed (as if localhost had resolved to a public address then).
    const endpoint = await createEndpoint(user, `https://localhost:${port}/hooks`);
    await checkout(user);
    setAllowPrivate(false);
    const [delivery] = await deliveriesOf(endpoint.id);
    const outcome = await deliverWebhook({ db: await getDb(), clock: manualClock() }, delivery!.id);
    expect(outcome).toMatchObject({ kind: "failed" });
    const [after] = await deliveriesOf(endpoint.id);
    expect(after!.error).toMatch(/^Refused: localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
    expect(receiver.received).toEqual([]);
  });
});

describe("events and their delivery", () => {
  it("sends order.created of a checkout, signed per Standard Webhooks, with the payload DESIGN names", async () => {
    const receiver = await startReceiver();
    const user = await createUser({ creditCents: 10_000 });
    const endpoint = await createEndpoint(user, receiver.url);
    const { projectId, orderId } = await checkout(user, 2);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 0, type: "order.created" });

    expect(await deliverWebhook({ db: await getDb(), clock: manualClock() }, delivery!.id)).toEqual({ kind: "succeeded", responseStatus: 200 });
    expect(receiver.received).toHaveLength(1);
    const request = receiver.received[0]!;
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["webhook-id"]).toBe(delivery!.eventId);
    expect(request.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(verify(endpoint.secret, request)).toEqual({
      type: "order.created",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { order_id: orderId, project_uuid: projectId, recipients_count: 2, credit_charged: 5, source: "checkout" },
    });
    const [after] = await deliveriesOf(endpoint.id);
    expect(after).toMatchObject({ status: "succeeded", attempts: 1, nextAttemptAt: null, error: null });

    // Done once: a duplicate job does nothing.
    expect(await deliverWebhook({ db: await getDb(), clock: manualClock() }, delivery!.id)).toEqual({ kind: "skipped" });
    expect(receiver.received).toHaveLength(1);
  });

  it("retries a failure with the same webhook-id when it is due, and logs every attempt", async () => {
    const receiver = await startReceiver((n, req, res) => statusOf(n === 1 ? 503 : 204)(n, req, res));
    const user = await createUser({ creditCents: 10_000 });
    const endpoint = await createEndpoint(user, receiver.url);
    await checkout(user);
    const [delivery] = await deliveriesOf(endpoint.id);
    // Ahead of the database's clock, which also makes a delivery due, however slow the test runs.
    const clock = manualClock(new Date(Date.now() + 3600_000));
    const ctx = { db: await getDb(), clock };

    expect(await deliverWebhook(ctx, delivery!.id)).toMatchObject({ kind: "failed", responseStatus: 503, final: false });
    const [waiting] = await deliveriesOf(endpoint.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, error: "The endpoint answered 503." });
    expect(waiting!.nextAttemptAt!.getTime()).toBe(clock.now().getTime() + 5_000);

    // Not due yet: nothing is sent.
    clock.advance(4);
    expect(await deliverWebhook(ctx, delivery!.id)).toEqual({ kind: "skipped" });
    clock.advance(1);
    expect(await deliverWebhook(ctx, delivery!.id)).toEqual({ kind: "succeeded", responseStatus: 204 });
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([delivery!.eventId, delivery!.eventId]);
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);

    const attempts = await (await getDb()).select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id)).orderBy(asc(webhookAttempts.id));
    expect(attempts.map((a) => [a.attempt, a.responseStatus, a.responseBody])).toEqual([
      [1, 503, "answer 503"],
      [2, 204, ""],
    ]);
    expect(attempts[0]!.requestBody).toBe(receiver.received[0]!.body);

    // The API's delivery log and its answer shape.
    const log = await api.get(`/webhooks/${endpoint.id}/deliveries`, { token: user.token });
    expect(log.body).toEqual({
      data: [
        {
          id: delivery!.id,
          event_id: delivery!.eventId,
          event_type: "order.created",
          status: "succeeded",
          attempts: 2,
          response_status: 204,
          error: null,
          next_attempt_at: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ],
      next_cursor: null,
    });
  });

  it("follows the retry schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then gives up as failed; a retry asked for makes one more attempt", async () => {
    const receiver = await startReceiver(statusOf(500));
    const user = await createUser({ creditCents: 10_000 });
    const endpoint = await createEndpoint(user, receiver.url);
    await checkout(user);
    const [delivery] = await deliveriesOf(endpoint.id);
    const clock = manualClock();
    const ctx = { db: await getDb(), clock };
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      await deliverWebhook(ctx, delivery!.id);
      const [row] = await deliveriesOf(endpoint.id);
      if (!row!.nextAttemptAt) break;
      const wait = (row!.nextAttemptAt.getTime() - clock.now().getTime()) / 1000;
      waits.push(wait);
      clock.advance(wait);
    }
    expect(waits).toEqual([...DEFAULT_RETRY_DELAYS_SECONDS]);
    expect(await deliveriesOf(endpoint.id)).toMatchObject([{ status: "failed", attempts: 8, nextAttemptAt: null, error: "The endpoint answered 500." }]);
    expect(receiver.received).toHaveLength(8);
    // Each retry is a job of its own, queued for its time.
    const jobs = await jobsOf(await getDb(), "webhook-delivery");
    expect(jobs.length).toBeGreaterThanOrEqual(8);

    const retried = await api.post(`/webhooks/${endpoint.id}/deliveries/${delivery!.id}/retry`, { token: user.token });
    expect(retried.status).toBe(202);
    expect(retried.body.data).toMatchObject({ id: delivery!.id, status: "pending" });
    await deliverWebhook(ctx, delivery!.id);
    expect(receiver.received).toHaveLength(9);
    expect(await deliveriesOf(endpoint.id)).toMatchObject([{ status: "failed", attempts: 9 }]);
    expect(await api.post(`/webhooks/${endpoint.id}/deliveries/999999/retry`, { token: user.token })).toMatchObject({ status: 404, body: { message: "Delivery not found" } });
  });

  it("gives up on an endpoint that does not answer in time", async () => {
    const receiver = await startReceiver(() => {
      /* never answers */
    });
    const user = await createUser({ creditCents: 10_000 });
    const endpoint = await createEndpoint(user, receiver.url);
    await checkout(user);
    const [delivery] = await deliveriesOf(endpoint.id);
    const outcome = await deliverWebhook({ db: await getDb(), clock: manualClock() }, delivery!.id, { timeoutMs: 300 });
    expect(outcome).toMatchObject({ kind: "failed", responseStatus: null, error: "No answer within 0.3 seconds.", unreachable: true });
    expect(await deliveriesOf(endpoint.id)).toMatchObject([{ status: "pending", attempts: 1 }]);
    expect(receiver.received).toHaveLength(1);
  });

  it("does not follow a redirect: it is a failed attempt", async () => {
    const target = await startReceiver();
    const receiver = await startReceiver((_n, _req, res) => {
      res.writeHead(307, { location: target.url });
      res.end();
    });
    const user = await createUser({ creditCents: 10_000 });
    const endpoint = await createEndpoint(user, receiver.url);
    await checkout(user);
    const [delivery] = await deliveriesOf(endpoint.id);
    const outcome = await deliverWebhook({ db: await getDb(), clock: manualClock() }, delivery!.id);
    expect(outcome).toMatchObject({ kind: "failed", responseStatus: 307, error: "The endpoint redirected (307); redirects are not followed." });
    expect(target.received).toEqual([]);
  });

  it("signs with both secrets for 24 hours after a rotation, then with the new one only", async () => {
    const receiver = await startReceiver();
    const user = await createUser({ creditCents: 10_000 });
    const endpoint = await createEndpoint(user, receiver.url);
    const rotated = await api.post(`/webhooks/${endpoint.id}/rotate-secret`, { token: user.token });
    const newSecret = rotated.body.data.secret as string;
    await checkout(user);
    await checkout(user);
    const [first, second] = await deliveriesOf(endpoint.id);
    const clock = manualClock();
    await deliverWebhook({ db: await getDb(), clock }, first!.id);
    const signatures = String(receiver.received[0]!.headers["webhook-signature"]).split(" ");
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith("v1,"))).toBe(true);
    expect(verify(newSecret, receiver.received[0]!)).toBeTruthy();
    expect(verify(endpoint.secret, receiver.received[0]!)).toBeTruthy();

    clock.advance(24 * 3600 + 1);
    await deliverWebhook({ db: await getDb(), clock }, second!.id);
    expect(String(receiver.received[1]!.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verify(newSecret, receiver.received[1]!)).toBeTruthy();
    expect(() => verify(endpoint.secret, receiver.received[1]!)).toThrow();
  });

  it("sends only the subscribed types to active endpoints, and nothing across accounts", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const other = await createUser({ creditCents: 10_000 });
    const ordersOnly = await createEndpoint(user, "http://127.0.0.1:9/a", ["order.created"]);
    const statusOnly = await createEndpoint(user, "http://127.0.0.1:9/b", ["order.recipient.status_changed"]);
    const off = await createEndpoint(user, "http://127.0.0.1:9/c", ["order.created", "order.recipient.status_changed"], { active: false });
    const others = await createEndpoint(other, "http://127.0.0.1:9/d", ["order.created", "order.recipient.status_changed"]);
    const { orderId } = await checkout(user);
    const db = await getDb();
    const [piece] = await db.select().from(orderRecipients).where(eq(orderRecipients.orderId, orderId));
    await cancelOrderRecipient({ db, user: { id: user.id, accountType: 1 } }, piece!.id);

    expect((await deliveriesOf(ordersOnly.id)).map((d) => d.type)).toEqual(["order.created"]);
    expect((await deliveriesOf(statusOnly.id)).map((d) => d.type)).toEqual(["order.recipient.status_changed"]);
    expect(await deliveriesOf(off.id)).toEqual([]);
    expect(await deliveriesOf(others.id)).toEqual([]);
    expect((await api.get(`/webhooks/${ordersOnly.id}/deliveries`, { token: other.token })).status).toBe(404);
  });

  it("reports every status change: the simulator, an admin and a cancellation, with the previous status", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const admin = await createUser({ accountType: 3 });
    const endpoint = await createEndpoint(user, "http://127.0.0.1:9/s", ["order.recipient.status_changed"]);
    const { orderId } = await checkout(user, 2);
    const db = await getDb();
    const pieces = await db.select().from(orderRecipients).where(eq(orderRecipients.orderId, orderId)).orderBy(asc(orderRecipients.id));
    await cancelOrderRecipient({ db, user: { id: user.id, accountType: 1 } }, pieces[0]!.id);
    await execute(db, sql`update order_recipients set scheduled_delivery_date = now() where id = ${pieces[1]!.id}::int`);
    await ageOrderRecipients(orderId, 120);
    expect(await advanceFulfilment(db, { stepSeconds: 60 })).toBe(1);
    await setRecipientStatus({ db, user: { id: admin.id, accountType: 3 } }, pieces[1]!.id, "mailed");

    const events = (await deliveriesOf(endpoint.id)).map((d) => d.payload);
    expect(events.map((e) => [e.recipient_id, e.previous_status, e.status])).toEqual([
      [pieces[0]!.id, "pending", "cancelled"],
      [pieces[1]!.id, "pending", "in_production"],
      [pieces[1]!.id, "in_production", "mailed"],
    ]);
    expect(Object.keys(events[0]!).sort()).toEqual(["changed_at", "contact_uuid", "internal_id", "order_id", "previous_status", "recipient_id", "scheduled_delivery_date", "status"]);
    expect(events[0]).toMatchObject({ order_id: orderId, contact_uuid: pieces[0]!.contactId, internal_id: pieces[0]!.internalId });
    expect(events[0]!.scheduled_delivery_date).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it("reports automation runs: a skipped one once a day as failed, a sent one as completed with its order.created", async () => {
    const user = await createUser({ creditCents: 0 });
    const endpoint = await createEndpoint(user, "http://127.0.0.1:9/auto", ["order.created", "automation.run.completed", "automation.run.failed"]);
    const card = await createCard({ priceCents: 300 });
    await addContact(user.id, { firstName: "Ada", lastName: "Byron", birthMonth: 12, birthDay: 10 });
    const automation = await createAutomation(user, card.id, { active: false });
    await api.patch(`/automations/${automation.id}`, { token: user.token, body: { active: true } });
    const db = await getDb();
    const now = new Date("2030-12-03T00:01:00Z");
    await runDueAutomations(db, { now, automationId: automation.id });
    await runDueAutomations(db, { now, automationId: automation.id });
    expect((await deliveriesOf(endpoint.id)).map((d) => [d.type, d.payload.status, d.payload.reason])).toEqual([["automation.run.failed", "skipped", "insufficient_credit"]]);

    await execute(db, sql`update users set credit_cents = 1000 where id = ${user.id}::int`);
    await runDueAutomations(db, { now, automationId: automation.id });
    const events = await deliveriesOf(endpoint.id);
    expect(events.map((d) => d.type)).toEqual(["automation.run.failed", "order.created", "automation.run.completed"]);
    expect(events[1]!.payload).toMatchObject({ source: "automation", recipients_count: 1, credit_charged: 3 });
    expect(events[2]!.payload).toMatchObject({ automation_id: automation.id, status: "sent", order_id: events[1]!.payload.order_id, recipients_count: 1 });
  });

  it("a test event goes to its endpoint whatever its events", async () => {
    const receiver = await startReceiver();
    const user = await createUser();
    const endpoint = await createEndpoint(user, receiver.url, ["order.created"]);
    const res = await api.post(`/webhooks/${endpoint.id}/test`, { token: user.token });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ event_type: "webhook.test", status: "pending", attempts: 0 });
    await deliverWebhook({ db: await getDb(), clock: manualClock() }, res.body.data.id);
    expect(verify(endpoint.secret, receiver.received[0]!)).toMatchObject({ type: "webhook.test" });
  });

  it("pages the deliveries newest first with a cursor", async () => {
    const user = await createUser();
    const endpoint = await createEndpoint(user, "http://127.0.0.1:9/p");
    for (let i = 0; i < 3; i++) await api.post(`/webhooks/${endpoint.id}/test`, { token: user.token });
    const first = await api.get(`/webhooks/${endpoint.id}/deliveries?per_page=2`, { token: user.token });
    expect(first.body.data).toHaveLength(2);
    expect(first.body.data[0].id).toBeGreaterThan(first.body.data[1].id);
    const second = await api.get(`/webhooks/${endpoint.id}/deliveries?per_page=2&cursor=${first.body.next_cursor}`, { token: user.token });
    expect(second.body).toMatchObject({ next_cursor: null });
    expect(second.body.data).toHaveLength(1);
    expect((await api.get(`/webhooks/${endpoint.id}/deliveries?per_page=0`, { token: user.token })).status).toBe(422);
    expect((await api.get(`/webhooks/${endpoint.id}/deliveries?cursor=forged`, { token: user.token })).status).toBe(422);
  });
});

describe("the outbox", () => {
  it("keeps nothing of a rolled-back transaction: no event, delivery or job", async () => {
    const user = await createUser();
    const endpoint = await createEndpoint(user, "http://127.0.0.1:9/r", ["webhook.test"]);
    const db = await getDb();
    const jobsBefore = (await jobsOf(db, "webhook-delivery")).length;
    await expect(
      db.transaction(async (tx) => {
        const [recorded] = await recordWebhookEvents(tx, [{ userId: user.id, type: "webhook.test", data: { webhook_id: endpoint.id, message: "Rolled back." } }]);
        expect(recorded!.deliveryIds).toHaveLength(1);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.userId, user.id))).toEqual([]);
    expect((await jobsOf(db, "webhook-delivery")).length).toBe(jobsBefore);
  });

  it("delivers what was committed while no worker ran, once a runner starts", async () => {
    const receiver = await startReceiver();
    const user = await createUser({ creditCents: 10_000 });
    const endpoint = await createEndpoint(user, receiver.url, ["order.created"]);
    // The commit happens; the process that made it is gone before any worker picks the job.
    await checkout(user);
    const db = await getDb();
    expect(await deliveriesOf(endpoint.id)).toMatchObject([{ status: "pending" }]);

    const runner = await startJobRunner({ db, fulfilmentStepSeconds: 0, pollingIntervalSeconds: 0.5 });
    try {
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 15_000, interval: 100 });
      await vi.waitFor(async () => expect(await deliveriesOf(endpoint.id)).toMatchObject([{ status: "succeeded" }]), { timeout: 5_000, interval: 100 });
    } finally {
      await runner.stop();
    }
    expect(verify(endpoint.secret, receiver.received[0]!)).toMatchObject({ type: "order.created" });
  });
});
