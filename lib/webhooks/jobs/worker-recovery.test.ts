import type http from "node:http";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { execute, getDb } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { systemClock } from "@/lib/queue/clock";
import { startJobRunner } from "@/lib/jobs/runner";
import { api, createUser, type TestUser } from "@/test/api";
import { webhookReceiversForFile } from "@/test/webhook-receivers";
import { claimDeliveries } from "../delivery";
import { webhookDeliveryJob } from "./webhook-delivery";

// What happens to the delivery jobs an instance holds when it dies (kill -9, a lost machine):
// DESIGN says another instance retries them within 2.5 minutes. pg-boss's own clock (the
// database's now()) cannot be moved, so "the death was S seconds ago" is written into the rows:
// the held job started, and its delivery was claimed, S seconds earlier than they were.

/** DESIGN, "Security and reliability (1.2)": a killed instance's deliveries are retried within this. */
const RETRY_BOUND_SECONDS = 150;

const startReceiver = webhookReceiversForFile();

/** A receiver that answers 200 at once, or, with `hold`, once the test calls answer(). */
async function startHoldingReceiver({ hold = false } = {}) {
  const waiting: http.ServerResponse[] = [];
  let answering = !hold;
  const receiver = await startReceiver((_req, res) => (answering ? res.end("ok") : waiting.push(res)));
  return {
    ...receiver,
    get received() {
      return receiver.received.length;
    },
    answer() {
      answering = true;
      for (const res of waiting.splice(0)) res.end("ok");
    },
  };
}

/** An endpoint of `user` at `url` and one webhook.test delivery to it, queued; the delivery's id. */
async function queueTestDelivery(user: TestUser, url: string): Promise<number> {
  const created = await api.post("/webhooks", { token: user.token, body: { url, events: ["order.created"] } });
  expect(created.status).toBe(201);
  const sent = await api.post(`/webhooks/${created.body.data.id}/test`, { token: user.token });
  expect(sent.status).toBe(202);
  return sent.body.data.id as number;
}

async function deliveryOf(id: number) {
  const db = await getDb();
  const [row] = await db.select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row!;
}

type JobState = { state: string; retry_count: number; held_seconds: number };

/** The delivery's job(s) as pg-boss keeps them, with how long ago each was last started or renewed. */
async function jobsOfDelivery(id: number): Promise<JobState[]> {
  return execute<JobState>(
    await getDb(),
    sql`select state::text, retry_count, extract(epoch from now() - started_on)::float8 as held_seconds
        from pgboss.job where name = ${webhookDeliveryJob.name} and data->>'deliveryId' = ${String(id)}`,
  );
}

describe("webhook deliveries held by an instance that died", () => {
  it("are retried by another instance within 2.5 minutes of the death, and sent once more", async () => {
    const db = await getDb();
    const receiver = await startHoldingReceiver();
    const deliveryId = await queueTestDelivery(await createUser(), receiver.url);

    // The dead instance fetched the job and claimed its delivery (the attempt had begun), then
    // was killed: nothing completes, fails or renews the job again.
    const dead = await startJobRunner({ db, fulfilmentStepSeconds: 0, webhooks: false });
    const held = await dead.boss.fetch(webhookDeliveryJob.name, { batchSize: 10 });
    expect(held).toHaveLength(1);
    expect(await claimDeliveries({ db, clock: systemClock }, [deliveryId])).toHaveLength(1);
    await dead.stop();
    expect((await jobsOfDelivery(deliveryId)).map((job) => job.state)).toEqual(["active"]);

    // The death was `diedSecondsAgo` seconds ago: the job started, and the delivery's attempt
    // began, that much earlier. The survivor's pg-boss first looks for expired jobs 20 s after it
    // starts (its maintenance interval), so it finds this one 40 s after it expired: as late as
    // it can (the interval, plus one beat it may miss).
    const diedSecondsAgo = 90;
    await execute(db, sql`update pgboss.job set started_on = started_on - ${diedSecondsAgo} * interval '1 second' where name = ${webhookDeliveryJob.name} and state = 'active'`);
    await execute(db, sql`update webhook_deliveries set next_attempt_at = next_attempt_at - ${diedSecondsAgo} * interval '1 second' where id = ${deliveryId}`);
    const diedAt = Date.now() - diedSecondsAgo * 1000;

    // Another instance, with the production settings.
    const survivor = await startJobRunner({ db, fulfilmentStepSeconds: 0 });
    try {
      await vi.waitFor(() => expect(receiver.received).toBe(1), { timeout: RETRY_BOUND_SECONDS * 1000 - (Date.now() - diedAt), interval: 200 });
      const retriedAfterSeconds = (Date.now() - diedAt) / 1000;
      expect(retriedAfterSeconds).toBeLessThan(RETRY_BOUND_SECONDS);
      await vi.waitFor(async () => expect(await deliveryOf(deliveryId)).toEqual({ status: "succeeded", attempts: 2 }), { timeout: 10_000, interval: 100 });
    } finally {
      await survivor.stop();
    }
    expect(receiver.received).toBe(1);
  }, 90_000);

  it("are not retried while their instance lives: it renews the jobs it holds, however long an attempt waits", async () => {
    const db = await getDb();
    const receiver = await startHoldingReceiver({ hold: true });
    const deliveryId = await queueTestDelivery(await createUser(), receiver.url);
    const runner = await startJobRunner({ db, fulfilmentStepSeconds: 0, webhooks: { timeoutMs: 60_000 } });
    try {
      await vi.waitFor(() => expect(receiver.received).toBe(1), { timeout: 10_000, interval: 50 });
      // The request is out and unanswered. As if the job had been held for ten minutes:
      await execute(db, sql`update pgboss.job set started_on = now() - interval '10 minutes' where name = ${webhookDeliveryJob.name} and state = 'active'`);
      // The holder renews it within seconds...
      await vi.waitFor(async () => expect((await jobsOfDelivery(deliveryId))[0]!.held_seconds).toBeLessThan(10), { timeout: 12_000, interval: 200 });
      // ...so pg-boss's expiry, whenever it looks, leaves it with its live holder.
      await runner.boss.expire();
      expect((await jobsOfDelivery(deliveryId)).map((job) => [job.state, job.retry_count])).toEqual([["active", 0]]);

      receiver.answer();
      await vi.waitFor(async () => expect(await deliveryOf(deliveryId)).toEqual({ status: "succeeded", attempts: 1 }), { timeout: 10_000, interval: 100 });
      await vi.waitFor(async () => expect((await jobsOfDelivery(deliveryId)).map((job) => job.state)).toEqual(["completed"]), { timeout: 10_000, interval: 100 });
    } finally {
      receiver.answer();
      await runner.stop();
    }
    expect(receiver.received).toBe(1);
  }, 60_000);
});
