import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { execute, getDb } from "@/db/client";
import { idempotencyKeys, loginAttempts, orderRecipients } from "@/db/schema";
import { getJobsOverview } from "@/lib/admin/jobs";
import { fulfilmentStepJob } from "@/lib/orders/jobs/fulfilment-step";
import { handle as stepFulfilment } from "@/lib/orders/jobs/fulfilment-step.handler";
import { api, createUser } from "@/test/api";
import { FAST_QUEUE, jobsOf, manualClock } from "@/test/jobs";
import { createReadyProject } from "@/test/order-fixtures";
import { pruneExpiredRecordsJob } from "./prune-expired-records";
import { pruneExpiredRecords } from "./prune-expired-records.handler";
import { enqueue, type JobDefinition } from "@/lib/queue/queue";
import { startJobRunner, type JobRunner } from "./runner";

const POLL = 0.5;

async function withRunner<T>(options: Partial<Parameters<typeof startJobRunner>[0]>, fn: (runner: JobRunner) => Promise<T>): Promise<T> {
  const runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, pollingIntervalSeconds: POLL, ...options });
  try {
    return await fn(runner);
  } finally {
    await runner.stop();
  }
}

// Runs first in this file's fresh database, which pg-boss has never seen.
describe("the job queue", () => {
  it("installs itself on an empty database, and starts again where it left off", async () => {
    const db = await getDb();
    const installed = async () => (await execute<{ ok: boolean }>(db, sql`select to_regclass('pgboss.version') is not null as ok`))[0]!.ok;
    expect(await installed()).toBe(false);

    await withRunner({}, async () => {
      expect(await installed()).toBe(true);
      const schedules = await execute<{ name: string; cron: string }>(db, sql`select name, cron from pgboss.schedule order by name`);
      expect(schedules).toEqual([
        { name: "automations-pass", cron: "* * * * *" },
        { name: "prune-expired-records", cron: "0 * * * *" },
        { name: "reminder-digest", cron: "15 * * * *" },
      ]);
    });

    // While no instance runs, work is queued; a restarted instance does it.
    const user = await createUser();
    await db.insert(loginAttempts).values({ email: "old@example.com", ip: "1", succeeded: false, createdAt: sql`now() - interval '25 hours'` });
    await enqueue(db, pruneExpiredRecordsJob, {});
    await db.insert(idempotencyKeys).values({ userId: user.id, key: "k", method: "POST", path: "/api/v1/contacts", requestHash: "h", responseStatus: 201, createdAt: sql`now() - interval '25 hours'` });
    await withRunner({}, async () => {
      await vi.waitFor(async () => expect((await jobsOf(db, "prune-expired-records")).map((job) => job.state)).toEqual(["completed"]), { timeout: 15_000, interval: 200 });
    });
    expect(await db.select().from(loginAttempts)).toEqual([]);
    expect(await db.select().from(idempotencyKeys)).toEqual([]);
    const queues = await execute<{ name: string }>(db, sql`select name from pgboss.queue where name not like '\\_\\_%' order by name`);
    expect(queues.map((queue) => queue.name)).toEqual(["analyze-after-bulk-write", "automations-pass", "fulfilment-step", "mail-delivery", "password-reset-mail", "prune-expired-records", "reminder-digest", "webhook-delivery"]);
  });

  it("runs a scheduled job", async () => {
    const db = await getDb();
    await withRunner({ queue: FAST_QUEUE }, async ({ boss }) => {
      await boss.createQueue("test-every-minute");
      const runs: string[] = [];
      await boss.work("test-every-minute", { pollingIntervalSeconds: POLL }, async ([job]) => void runs.push(job!.id));
      await boss.schedule("test-every-minute", "* * * * *");
      await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 20_000, interval: 200 });
      expect((await jobsOf(db, "test-every-minute"))[0]!.id).toBe(runs[0]);
    });
  });

  it("retries a failing job with backoff, then keeps it as failed for the admin page", async () => {
    const db = await getDb();
    const admin = await createUser({ accountType: 3 });
    await withRunner({}, async ({ boss }) => {
      await boss.createQueue("test-failing", { name: "test-failing", retryLimit: 2, retryDelay: 1, retryBackoff: true });
      let attempts = 0;
      await boss.work("test-failing", { pollingIntervalSeconds: POLL }, async () => {
        attempts += 1;
        throw new Error(`The printer is out of ink (attempt ${attempts})`);
      });
      const id = await boss.send("test-failing", { orderId: 1 });

      await vi.waitFor(async () => expect((await jobsOf(db, "test-failing"))[0]).toMatchObject({ state: "failed", retry_count: 2 }), { timeout: 25_000, interval: 250 });
      expect(attempts).toBe(3);
      const [row] = await execute<{ retry_backoff: boolean; retry_delay: number }>(db, sql`select retry_backoff, retry_delay from pgboss.job where id = ${id}::uuid`);
      expect(row).toEqual({ retry_backoff: true, retry_delay: 1 });

      const overview = await getJobsOverview({ db, user: { id: admin.id, accountType: 3 } });
      expect(overview.failures).toContainEqual({ id, queue: "test-failing", failedAt: expect.any(Date), attempts: 3, message: "The printer is out of ink (attempt 3)" });
      expect(overview.queues.find((queue) => queue.name === "test-failing")).toMatchObject({ description: null, created: 0, retry: 0, active: 0, failedLastDay: 1, completedLastDay: 0 });
      expect(overview.queues.map((queue) => queue.name)).not.toContain("__pgboss__send-it");
    });
  }, 40_000);

  it("moves ordered pieces on the fulfilment chain, at the time of the injected clock", async () => {
    const db = await getDb();
    const user = await createUser({ creditCents: 1000 });
    const { project } = await createReadyProject(user.id, { recipients: 1 });
    const res = await api.post(`/cart/checkout/${project.id}`, { token: user.token });
    const orderId: number = res.body.data.order_id;
    const statusOf = async () => (await db.select({ status: orderRecipients.status }).from(orderRecipients).where(eq(orderRecipients.orderId, orderId)))[0]!.status;

    // Just checked out: the next step would move nothing for another minute.
    await stepFulfilment({ db, clock: manualClock() }, { stepSeconds: 60 });
    expect(await statusOf()).toBe("pending");

    const clock = manualClock();
    clock.advance(61);
    await withRunner({ clock, fulfilmentStepSeconds: 60 }, async ({ boss }) => {
      await vi.waitFor(async () => expect(await statusOf()).toBe("in_production"), { timeout: 15_000, interval: 200 });
      // However often the chain is (re)started, one step waits.
      await boss.send(fulfilmentStepJob.name, { stepSeconds: 60 }, { singletonKey: "chain", startAfter: 10 });
      await vi.waitFor(async () => {
        const waiting = (await jobsOf(db, fulfilmentStepJob.name)).filter((job) => job.state === "created");
        expect(waiting).toHaveLength(1);
      });
    });
    clock.advance(61);
    await stepFulfilment({ db, clock }, { stepSeconds: 60 });
    expect(await statusOf()).toBe("mailed");
  });
});

describe("enqueue", () => {
  const testJob: JobDefinition<{ orderId: number }> = {
    name: "test-enqueued",
    description: "A job of the tests.",
    payload: z.object({ orderId: z.number().int() }),
    queue: {},
  };

  it("adds a job with the transaction that commits, and none with one that rolls back", async () => {
    const db = await getDb();
    await withRunner({}, ({ boss }) => boss.createQueue(testJob.name));

    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, testJob, { orderId: 1 });
        expect(await jobsOf(tx, testJob.name)).toHaveLength(1);
        throw new Error("the change that caused the job failed");
      }),
    ).rejects.toThrow("the change that caused the job failed");
    expect(await jobsOf(db, testJob.name)).toEqual([]);

    await db.transaction(async (tx) => {
      await enqueue(tx, testJob, { orderId: 2 });
    });
    const [job] = await execute<{ data: unknown; state: string }>(db, sql`select data, state::text from pgboss.job where name = ${testJob.name}`);
    expect(job).toEqual({ data: { orderId: 2 }, state: "created" });
  });

  it("refuses a payload that its job's schema does not accept", async () => {
    const db = await getDb();
    await expect(enqueue(db, testJob, { orderId: "x" } as never)).rejects.toThrow();
  });
});

describe("pruneExpiredRecords", () => {
  it("forgets login attempts and idempotency keys a day old at the given time, and keeps the recent ones", async () => {
    const user = await createUser();
    const db = await getDb();
    await db.insert(loginAttempts).values([
      { email: "old@example.com", ip: "1", succeeded: false, createdAt: sql`now() - interval '2 hours'` },
      { email: "recent@example.com", ip: "1", succeeded: false },
    ]);
    const key = { userId: user.id, method: "POST", path: "/api/v1/contacts", requestHash: "h", responseStatus: 201 };
    await db.insert(idempotencyKeys).values([
      { ...key, key: "expired", createdAt: sql`now() - interval '2 hours'` },
      { ...key, key: "live" },
    ]);
    const clock = manualClock();

    clock.advance(21.5 * 3600);
    await pruneExpiredRecords(db, clock.now());
    expect(await db.select({ email: loginAttempts.email }).from(loginAttempts).orderBy(loginAttempts.email)).toHaveLength(2);

    clock.advance(3600);
    await pruneExpiredRecords(db, clock.now());
    expect((await db.select({ email: loginAttempts.email }).from(loginAttempts)).map((a) => a.email)).toEqual(["recent@example.com"]);
    expect((await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((k) => k.key)).toEqual(["live"]);
  });
});
