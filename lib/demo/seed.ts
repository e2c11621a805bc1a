// When and how the demo data is seeded. db/seed/ holds the data and the inserts and knows no
// domain; this module adds what is the application's (the CARDMAIL_SEED setting, the password
// hashing) and the rule that makes concurrent start-ups safe: seeding runs under the lock that
// migrations take, and checks that the database is empty once it holds the lock, so that two
// instances starting together on a new database seed it once and both start. Called by
// instrumentation.ts after the database is opened, and by `npm run db:seed`.
import "server-only";
import type { Database, DbHandle } from "@/db/client";
import { isEmpty, resetDatabase, seedDemo as insertDemo, type DemoSummary } from "@/db/seed";
import { hashPassword } from "@/lib/auth/password";
import { config } from "@/lib/config";

export { DEMO_ACCOUNTS, type DemoSummary } from "@/db/seed";

/** Seeds the demo accounts and the catalog into `db`, which has no demo user yet. */
export function seedDemo(db: Database, options: { now?: Date } = {}): Promise<DemoSummary> {
  return insertDemo(db, { ...options, hashPassword });
}

/**
 * Seeds the demo data into an empty database, unless the mode (CARDMAIL_SEED by default) is
 * "none". Returns whether it did.
 */
export async function seedDemoIfEmpty(handle: DbHandle, options: { mode?: "demo" | "none" } = {}): Promise<boolean> {
  if ((options.mode ?? config().CARDMAIL_SEED) === "none") return false;
  return handle.withMigrationLock(async () => {
    if (!(await isEmpty(handle.db))) return false;
    await seedDemo(handle.db);
    return true;
  });
}

/** Empties the database and seeds the demo data again, in one transaction: `npm run db:seed`. */
export function reseedDemo(handle: DbHandle): Promise<{ tables: string[]; summary: DemoSummary }> {
  return handle.withMigrationLock(() =>
    handle.db.transaction(async (tx) => {
      const tables = await resetDatabase(tx);
      return { tables, summary: await seedDemo(tx) };
    }),
  );
}
