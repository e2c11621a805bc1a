import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { execute, getDb } from "@/db/client";
import { startJobRunner, type JobRunner } from "@/lib/jobs/runner";
import { setJobSender } from "@/lib/queue/send-soon";
import { addRecipients } from "@/lib/projects/recipients";
import { importContacts } from "@/lib/import/service";
import { createUser } from "@/test/api";
import { createCard, createProject } from "@/test/fixtures";
import { jobsOf } from "@/test/jobs";
import { ANALYZE_AFTER_ROWS, analyzeAfterBulkWriteJob } from "./analyze-after-bulk-write";

// ANALYZE is what sets pg_class.reltuples (autovacuum never runs on the embedded database,
// and on PostgreSQL not for a few dozen rows): the planner's row count of the table.
async function plannerRows(db: Awaited<ReturnType<typeof createUser>>["db"]): Promise<number> {
  const [row] = await execute<{ n: number }>(db, sql`select reltuples::float8 as n from pg_class where oid = 'contacts'::regclass`);
  return Number(row!.n);
}

const recipients = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({ first_name: `${prefix}${i}`, last_name: "Bulk", address: `${i} Main St`, city: "Springfield", state: "IL", zip: "62701" }));

describe("statistics after bulk writes", () => {
  let runner: JobRunner;
  beforeAll(async () => {
    runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, pollingIntervalSeconds: 0.5 });
    setJobSender((name, data, options) => runner.boss.send(name, data, options));
  });
  afterAll(async () => {
    setJobSender(undefined);
    await runner.stop();
  });

  // In this order: the small write first, so that nothing else has asked for an ANALYZE yet.
  it("asks for no ANALYZE after a small write", async () => {
    const user = await createUser();
    const card = await createCard(user.db);
    const project = await createProject(user.db, user.id, card.id);
    await addRecipients({ db: user.db, user: { id: user.id, accountType: 1 } }, project.id, { recipients: recipients(10, "Small") } as never);
    expect(await jobsOf(user.db, analyzeAfterBulkWriteJob.name)).toEqual([]);
  });

  it(`refreshes them through the job queue after a write of ${ANALYZE_AFTER_ROWS} recipients`, async () => {
    const user = await createUser();
    const card = await createCard(user.db);
    const project = await createProject(user.db, user.id, card.id);
    await addRecipients({ db: user.db, user: { id: user.id, accountType: 1 } }, project.id, { recipients: recipients(ANALYZE_AFTER_ROWS, "Big") } as never);
    await vi.waitFor(async () => expect((await jobsOf(user.db, analyzeAfterBulkWriteJob.name)).map((job) => job.state)).toEqual(["completed"]), { timeout: 20_000, interval: 200 });
    const [count] = await execute<{ n: number }>(user.db, sql`select count(*)::int as n from contacts`);
    expect(await plannerRows(user.db)).toBe(count!.n);
  });

  it(`refreshes them after an address-book import of ${ANALYZE_AFTER_ROWS} contacts, and not after its dry run`, async () => {
    const user = await createUser();
    const ctx = { db: user.db, user: { id: user.id, accountType: 1 } };
    const csv = `first_name,last_name\n${Array.from({ length: ANALYZE_AFTER_ROWS }, (_, i) => `Imported${i},Book`).join("\n")}\n`;
    const before = (await jobsOf(user.db, analyzeAfterBulkWriteJob.name)).length;
    await importContacts(ctx, "csv", csv, { dryRun: true });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await jobsOf(user.db, analyzeAfterBulkWriteJob.name)).toHaveLength(before);

    await importContacts(ctx, "csv", csv, { dryRun: false });
    await vi.waitFor(
      async () => {
        const jobs = await jobsOf(user.db, analyzeAfterBulkWriteJob.name);
        expect(jobs).toHaveLength(before + 1);
        expect(jobs.every((job) => job.state === "completed")).toBe(true);
      },
      { timeout: 20_000, interval: 200 },
    );
    const [count] = await execute<{ n: number }>(user.db, sql`select count(*)::int as n from contacts`);
    expect(await plannerRows(user.db)).toBe(count!.n);
  });
});
