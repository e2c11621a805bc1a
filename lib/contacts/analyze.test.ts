import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execute } from "@/db/client";
import { addRecipients } from "@/lib/projects/recipients";
import { createUser } from "@/test/api";
import { createCard, createProject } from "@/test/fixtures";
import { ANALYZE_AFTER_ROWS, analyzeSettled } from "./analyze";

// ANALYZE is what sets pg_class.reltuples (autovacuum never runs on the embedded database,
// and on PostgreSQL not for a few dozen rows): the planner's row count of the table.
async function plannerRows(db: Awaited<ReturnType<typeof createUser>>["db"]): Promise<number> {
  const [row] = await execute<{ n: number }>(db, sql`select reltuples::float8 as n from pg_class where oid = 'contacts'::regclass`);
  return Number(row!.n);
}

const recipients = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({ first_name: `${prefix}${i}`, last_name: "Bulk", address: `${i} Main St`, city: "Springfield", state: "IL", zip: "62701" }));

describe("statistics after bulk writes", () => {
  // In this order: the small write first, so that nothing else has analyzed the table yet.
  it("leaves the statistics alone after a small write", async () => {
    const user = await createUser();
    const card = await createCard(user.db);
    const project = await createProject(user.db, user.id, card.id);
    const before = await plannerRows(user.db);
    await addRecipients({ db: user.db, user: { id: user.id, accountType: 1 } }, project.id, { recipients: recipients(10, "Small") } as never);
    await analyzeSettled();
    expect(await plannerRows(user.db)).toBe(before);
  });

  it(`refreshes them after a write of ${ANALYZE_AFTER_ROWS} recipients`, async () => {
    const user = await createUser();
    const card = await createCard(user.db);
    const project = await createProject(user.db, user.id, card.id);
    await addRecipients({ db: user.db, user: { id: user.id, accountType: 1 } }, project.id, { recipients: recipients(ANALYZE_AFTER_ROWS, "Big") } as never);
    await analyzeSettled();
    const [count] = await execute<{ n: number }>(user.db, sql`select count(*)::int as n from contacts`);
    expect(await plannerRows(user.db)).toBe(count!.n);
  });
});
