import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { execute, openDatabase, type DbHandle } from "@/db/client";
import { fulfilmentStepJob } from "@/lib/orders/jobs/fulfilment-step";
import { FAST_QUEUE, jobsOf } from "@/test/jobs";
import { startJobRunner, type JobRunner } from "./runner";

// Two app instances on one database exist on PostgreSQL only (PGlite is one process): each
// here has a pool of its own on this file's database, where pg-boss was never installed.
describe("two instances on one PostgreSQL database", { timeout: 60_000 }, () => {
  const handles: DbHandle[] = [];
  const runners: JobRunner[] = [];

  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    await Promise.all(handles.map((handle) => handle.close()));
  });

  it("install the queue once, keep one fulfilment chain, and run a scheduled job once a minute", async () => {
    const start = async () => {
      const handle = await openDatabase({ url: process.env.DATABASE_URL, poolMax: 2 });
      handles.push(handle);
      const runner = await startJobRunner({ db: handle.db, fulfilmentStepSeconds: 60, pollingIntervalSeconds: 0.5, queue: FAST_QUEUE });
      runners.push(runner);
      return runner;
    };
    // Both install at once: pg-boss takes an advisory lock, and the second finds the schema there.
    const [first, second] = await Promise.all([start(), start()]);
    const db = handles[0]!.db;
    const [version] = await execute<{ count: number }>(db, sql`select count(*)::int as count from pgboss.version`);
    expect(version!.count).toBe(1);

    const waiting = (await jobsOf(db, fulfilmentStepJob.name)).filter((job) => job.state === "created" || job.state === "active");
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    expect(waiting.filter((job) => job.state === "created").length).toBeLessThanOrEqual(1);

    const runs: { instance: number; jobId: string }[] = [];
    for (const [instance, runner] of [first!, second!].entries()) {
      await runner.boss.createQueue("test-every-minute");
      await runner.boss.work("test-every-minute", { pollingIntervalSeconds: 0.5 }, async (jobs) => void runs.push(...jobs.map((job) => ({ instance, jobId: job.id }))));
      await runner.boss.schedule("test-every-minute", "* * * * *");
    }
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 200 });
    // Each instance's scheduler looks every second: let them try a few more times.
    await new Promise((resolve) => setTimeout(resolve, 4000));

    // Each job ran once, on one instance, and no minute got two. pg-boss's clock sends a minute's
    // job through one "send-it" job per schedule and minute slot (its singleton_on): the slots
    // are distinct, and there are no more jobs than slots. (The jobs' own clocks say nothing: a
    // minute's job may be sent a moment before the minute begins, beside the last one's.)
    expect(new Set(runs.map((run) => run.jobId)).size).toBe(runs.length);
    const [sends] = await execute<{ sends: number; slots: number }>(
      db,
      sql`select count(*)::int as sends, count(distinct singleton_on)::int as slots from pgboss.job
          where name = '__pgboss__send-it' and singleton_key = 'test-every-minute'`,
    );
    const [jobs] = await execute<{ count: number }>(db, sql`select count(*)::int as count from pgboss.job where name = 'test-every-minute'`);
    expect(sends!.sends).toBe(sends!.slots);
    expect(jobs!.count).toBeGreaterThanOrEqual(1);
    expect(jobs!.count).toBeLessThanOrEqual(sends!.slots);
  });
});
