// When and how the demo data is seeded. db/seed/ holds the data and the inserts and knows no
// domain; this module adds what is the application's (the CARDMAIL_SEED setting, the password
// hashing) and the rule that makes concurrent start-ups safe: seeding runs under the lock that
// migrations take, and checks that the database is empty once it holds the lock, so that two
// instances starting together on a new database seed it once and both start. Called by
// instrumentation.ts after the database is opened, and by `npm run db:seed`.
import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database, DbHandle } from "@/db/client";
import { isEmpty, resetDatabase, seedDemo as insertDemo, DEMO_ACCOUNTS as ACCOUNTS, type DemoSummary } from "@/db/seed";
import { cards, groups, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { createAutomation } from "@/lib/automations/service";
import { config } from "@/lib/config";

export { DEMO_ACCOUNTS, type DemoSummary } from "@/db/seed";

/** Seeds the demo accounts and the catalog into `db`, which has no demo user yet. */
export async function seedDemo(db: Database, options: { now?: Date } = {}): Promise<DemoSummary> {
  const summary = await insertDemo(db, { ...options, hashPassword });
  await seedDemoAutomation(db);
  return summary;
}

export const DEMO_AUTOMATION_NAME = "Family birthdays";

/**
 * The demo's "Family birthdays" automation on its Family group, made by the service like any
 * other. Inactive, so that starting the app never spends the demo's credit by itself.
 */
async function seedDemoAutomation(db: Database): Promise<void> {
  const [demo] = await db.select({ id: users.id, accountType: users.accountType }).from(users).where(eq(users.email, ACCOUNTS.demo.email));
  const [family] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.userId, demo!.id), eq(groups.name, "Family")));
  const [card] = await db.select({ id: cards.id }).from(cards).where(eq(cards.slug, "balloon-bouquet-birthday"));
  await createAutomation(
    { db, user: { id: demo!.id, accountType: demo!.accountType } },
    {
      name: DEMO_AUTOMATION_NAME,
      card_id: card!.id,
      events: ["birthday", "spouse_birthday", "child_birthday"],
      group_id: family!.id,
      message: "Happy birthday, {first_name}! Thinking of you today.",
      signoff: "With love",
      message_font: "caveat",
      days_before: 2,
      active: false,
      skip_due_now: false,
    },
  );
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
