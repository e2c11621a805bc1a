import type http from "node:http";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import { startJobRunner } from "@/lib/jobs/runner";
import { api, createUser, type TestUser } from "@/test/api";
import { manualClock } from "@/test/jobs";
import { webhookReceiversForFile } from "@/test/webhook-receivers";
import { createReadyProject } from "@/test/order-fixtures";
import { deliverWebhook } from "./delivery";

// The delivery workers and their connections, in a database of this file's own: no job of
// another test's endpoints is waiting in the queue when a runner starts here.

const startReceiver = webhookReceiversForFile();

async function createEndpoint(user: TestUser, url: string, events: string[]) {
  const res = await api.post("/webhooks", { token: user.token, body: { url, events } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string };
}

/** A webhook.test event to the endpoint; returns its delivery's id. */
async function sendTest(user: TestUser, endpointId: string): Promise<number> {
  const res = await api.post(`/webhooks/${endpointId}/test`, { token: user.token });
  expect(res.status).toBe(202);
  return res.body.data.id as number;
}

async function statusesOf(endpointId: string) {
  const db = await getDb();
  const rows = await db.select({ status: webhookDeliveries.status }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  return rows.map((row) => row.status);
}

describe("the delivery workers", () => {
  it("send one endpoint at most its number of requests at a time, and another account's endpoint is served meanwhile", async () => {
    const held: http.ServerResponse[] = [];
    let open = 0;
    let mostOpen = 0;
    let answering = false;
    const slow = await startReceiver((_req, res) => {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      res.on("finish", () => (open -= 1));
      if (answering) res.end("ok");
      else held.push(res);
    });
    const fast = await startReceiver();
    const owner = await createUser();
    const other = await createUser();
    const slowEndpoint = await createEndpoint(owner, slow.url, ["webhook.test"]);
    const fastEndpoint = await createEndpoint(other, fast.url, ["webhook.test"]);
    for (let i = 0; i < 8; i++) await sendTest(owner, slowEndpoint.id);
    // Queued behind the eight of the endpoint that does not answer.
    await sendTest(other, fastEndpoint.id);

    const runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, webhooks: { perEndpointConcurrency: 3, timeoutMs: 25_000 } });
    const answerAll = () => {
      answering = true;
      for (const res of held.splice(0)) res.end("ok");
    };
    try {
      await vi.waitFor(() => expect(fast.received).toHaveLength(1), { timeout: 15_000, interval: 50 });
      await vi.waitFor(async () => expect(await statusesOf(fastEndpoint.id)).toEqual(["succeeded"]), { timeout: 15_000, interval: 50 });
      await vi.waitFor(() => expect(slow.received).toHaveLength(3), { timeout: 15_000, interval: 50 });
      // Three requests hang; the other five wait for one of them to end.
      expect(held).toHaveLength(3);
      expect(await statusesOf(slowEndpoint.id)).toEqual(Array(8).fill("pending"));

      answerAll();
      await vi.waitFor(async () => expect(await statusesOf(slowEndpoint.id)).toEqual(Array(8).fill("succeeded")), { timeout: 20_000, interval: 100 });
      expect(slow.received).toHaveLength(8);
      expect(mostOpen).toBe(3);
    } finally {
      answerAll();
      await runner.stop();
    }
  });

  it("deliver a committed event as soon as its transaction commits, without waiting for their next look at the queue", async () => {
    const receiver = await startReceiver();
    const user = await createUser({ creditCents: 10_000 });
    const endpoint = await createEndpoint(user, receiver.url, ["order.created"]);
    // Polling every five minutes: only the notification of the commit can wake the workers in time.
    const runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, webhooks: { pollingIntervalSeconds: 300 } });
    try {
      const ready = await createReadyProject(user.id, { recipients: 1 });
      const res = await api.post(`/cart/checkout/${ready.project.id}`, { token: user.token });
      expect(res.status).toBe(201);
      await vi.waitFor(async () => expect(await statusesOf(endpoint.id)).toEqual(["succeeded"]), { timeout: 20_000, interval: 50 });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await runner.stop();
    }
  });
});

describe("connections to an endpoint", () => {
  it("are kept alive: requests one after another go over one connection", async () => {
    const receiver = await startReceiver();
    const user = await createUser();
    const endpoint = await createEndpoint(user, receiver.url, ["webhook.test"]);
    const ctx = { db: await getDb(), clock: manualClock() };
    for (let i = 0; i < 3; i++) {
      const outcome = await deliverWebhook(ctx, await sendTest(user, endpoint.id));
      expect(outcome).toEqual({ kind: "succeeded", responseStatus: 200 });
    }
    expect(receiver.received).toHaveLength(3);
    expect(receiver.connections).toBe(1);
  });

  it("send again on a new connection when the server had closed the kept-alive one: one attempt, not a failure", async () => {
    const served = new WeakMap<object, number>();
    const receiver = await startReceiver((req, res) => {
      const count = served.get(req.socket) ?? 0;
      served.set(req.socket, count + 1);
      // The server ends a connection that already served a request, as one whose keep-alive
      // timed out at that moment does.
      if (count > 0) req.socket.destroy();
      else res.end("ok");
    });
    const user = await createUser();
    const endpoint = await createEndpoint(user, receiver.url, ["webhook.test"]);
    const ctx = { db: await getDb(), clock: manualClock() };
    expect(await deliverWebhook(ctx, await sendTest(user, endpoint.id))).toEqual({ kind: "succeeded", responseStatus: 200 });
    const second = await sendTest(user, endpoint.id);
    expect(await deliverWebhook(ctx, second)).toEqual({ kind: "succeeded", responseStatus: 200 });
    expect(receiver.connections).toBe(2);
    const attempts = await (await getDb()).select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, second)).orderBy(asc(webhookAttempts.id));
    expect(attempts.map((a) => [a.attempt, a.responseStatus, a.error])).toEqual([[1, 200, null]]);
  });
});
