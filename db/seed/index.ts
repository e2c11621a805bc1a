import { count } from "drizzle-orm";
import type { Database } from "../client";
import { users } from "../schema";
import { config } from "@/lib/config";
import { seedDemo } from "./demo";

/** Seeds the demo data into an empty database (no users yet), unless CARDMAIL_SEED=none. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  if (config().CARDMAIL_SEED === "none") return false;
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db);
  return true;
}
