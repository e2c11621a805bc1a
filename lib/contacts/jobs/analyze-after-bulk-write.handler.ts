import "server-only";
import { sql } from "drizzle-orm";
import type { JobHandler } from "@/lib/queue/queue";

const TABLES = ["contacts", "contact_children", "contact_pets", "project_recipients"];

/** ANALYZE of the address book's tables (the job and why: analyze-after-bulk-write.ts). */
export const handle: JobHandler<Record<string, never>> = async ({ db }) => {
  await db.execute(sql.raw(`analyze ${TABLES.join(", ")}`));
};
