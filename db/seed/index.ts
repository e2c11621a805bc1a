// The demo data and the statements that insert it. When to seed (start-up, `npm run db:seed`,
// CARDMAIL_SEED) and the password hashing are the application's: lib/demo/seed.ts decides and
// passes them in, so that the database layer imports nothing from lib/.
import { count, sql } from "drizzle-orm";
import { execute, type Database } from "../client";
import { users } from "../schema";

export { seedCatalog } from "./catalog";
export { seedDemo, DEMO_ACCOUNTS, type DemoSummary, type SeedDemoOptions } from "./demo";

/** Whether the database has no user yet: a new database, which start-up seeds. */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Empties every application table and restarts their id sequences. The migrations journal
 * lives in its own schema and is kept. Returns the names of the tables emptied.
 */
export async function resetDatabase(db: Database): Promise<string[]> {
  const rows = await execute<{ tablename: string }>(db, sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const names = rows.map((row) => row.tablename);
  if (names.length > 0) {
    const list = names.map((name) => `"public"."${name.replace(/"/g, '""')}"`).join(", ");
    await db.execute(sql.raw(`truncate table ${list} restart identity cascade`));
  }
  return names;
}
