import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { execute, getDb } from "@/db/client";
import { orders } from "@/db/schema";
import { automationsPassJob } from "@/lib/automations/jobs/automations-pass";
import { createUser } from "@/test/api";
import { addContact, createAutomation } from "@/test/automation-fixtures";
import { createCard } from "@/test/order-fixtures";
import { startJobs } from "./index";
import { startJobRunner } from "./runner";

/** The automation passes sent at a start of the queue (not the cron's), oldest first. */
async function startUpPasses() {
  return execute<{ state: string; slot: string }>(
    await getDb(),
    sql`select state::text, floor(extract(epoch from created_on) / 10)::text as slot from pgboss.job
        where name = ${automationsPassJob.name} and singleton_key like 'automations-at-start%' order by created_on`,
  );
}

beforeAll(async () => {
  // Creates pg-boss's schema and queues, so that a start below takes a moment, not seconds.
  const runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, webhooks: false });
  await runner.stop();
});

describe("a restarted instance", () => {
  it("runs its automation pass at once, even when another start sent one in the same 10 seconds; the two send once", async () => {
    const db = await getDb();
    // Saved while no queue runs (no pass was asked for it): a birthday whose card goes out today.
    const user = await createUser({ creditCents: 10_000 });
    const card = await createCard({ priceCents: 300 });
    const due = new Date(Date.now() + 7 * 86_400_000);
    await addContact(user.id, { firstName: "Ada", lastName: "Byron", birthMonth: due.getUTCMonth() + 1, birthDay: due.getUTCDate() });
    await createAutomation(user, card.id, { events: ["birthday"] });

    // Both starts below fall in one of pg-boss's 10-second singleton slots, as two instances
    // restarting together (or one restarting at once) would.
    const intoSlot = Date.now() % 10_000;
    if (intoSlot > 2_000) await new Promise((resolve) => setTimeout(resolve, 10_050 - intoSlot));
    const first = await startJobs();
    await first.stop();
    const second = await startJobs();
    try {
      // At once (a worker's poll or two), not at the cron's next minute.
      await vi.waitFor(async () => expect((await startUpPasses()).map((pass) => pass.state)).toEqual(["completed", "completed"]), { timeout: 8_000, interval: 100 });
      const passes = await startUpPasses();
      expect(passes[1]!.slot).toBe(passes[0]!.slot);
      // Two passes, one order.
      expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
