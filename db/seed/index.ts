import { count, sql } from "drizzle-orm";
import { execute, type Database } from "../client";
import { users } from "../schema";
import { config } from "@/lib/config";
import { seedDemo } from "./demo";

export { seedCatalog } from "./catalog";
export { seedDemo, DEMO_ACCOUNTS } from "./demo";

/** Seeds the demo data into an empty database (no users yet), unless CARDMAIL_SEED=none. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  if (config().CARDMAIL_SEED === "none") return false;
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db);
  return true;
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
