import "server-only";
import { sql } from "drizzle-orm";
import { driverOf } from "@/db/client";
import type { JobHandler } from "@/lib/queue/queue";
import { nextTurn } from "@/lib/pace";

const TABLES = ["contacts", "contact_children", "contact_pets", "project_recipients"];

/**
 * On PGlite, the columns of contacts whose statistics steer its plans (the user's, the names',
 * the dates' and the keys an import matches by): the JSON, search text and expression indexes
 * would take most of the time, and the row count (pg_class.reltuples) comes with any of them.
 */
const CONTACT_COLUMNS_ON_PGLITE = "user_id, last_name, first_name, internal_id, email, phone, birth_month, birth_day, anniversary_month, anniversary_day, spouse_birth_month, spouse_birth_day";

/** ANALYZE of the address book's tables (the job and why: analyze-after-bulk-write.ts). */
export const handle: JobHandler<Record<string, never>> = async ({ db }) => {
  if (driverOf(db) === "postgres") {
    await db.execute(sql.raw(`analyze ${TABLES.join(", ")}`));
    return;
  }
  // PGlite analyzes on the event loop every request shares: a table at a time, from a sample of
  // 900 rows (statistics target 3; 30,000 by default, which held the server 450 ms after an
  // import of 10,000 contacts), with requests answered in between.
  for (const table of TABLES) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local default_statistics_target = 3`);
      await tx.execute(sql.raw(`analyze ${table === "contacts" ? `contacts (${CONTACT_COLUMNS_ON_PGLITE})` : table}`));
    });
    await nextTurn();
  }
};
