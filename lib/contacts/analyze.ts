import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { log } from "@/lib/logger";
import { recordJobRun } from "@/lib/metrics";

/** A bulk write of at least this many rows refreshes the planner's statistics. */
export const ANALYZE_AFTER_ROWS = 1000;
// Long enough for the caller's transaction (add-recipients runs inside the idempotency
// transaction) to commit, so the statistics count the new rows; short enough to beat the next
// page load.
const DELAY_MS = 500;
const TABLES = ["contacts", "contact_children", "contact_pets", "project_recipients"];

type State = { pending?: Promise<void>; again: boolean };
const state: State = ((globalThis as Record<symbol, State>)[Symbol.for("cardmail.analyze")] ??= { again: false });

/**
 * After a bulk write of many contacts, ANALYZE the tables it wrote, in the background: a book
 * that grew from 100 to 10,000 contacts in one import would otherwise keep the statistics of
 * 100 until autovacuum gets round to it (never, on the embedded database), and the planner
 * would choose a sequential scan for the next page of contacts. In the background rather than
 * inline, because the request would wait for a sample of the whole table, and deduplicated:
 * while one is scheduled, further writes join it; while one runs, they get one more run after.
 */
export function analyzeAfterBulkWrite(rows: number): void {
  if (rows < ANALYZE_AFTER_ROWS) return;
  if (state.pending) {
    state.again = true;
    return;
  }
  state.pending = run().finally(() => {
    state.pending = undefined;
  });
}

async function run(): Promise<void> {
  do {
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS).unref());
    state.again = false;
    try {
      const db = await getDb();
      await db.execute(sql.raw(`analyze ${TABLES.join(", ")}`));
      recordJobRun("analyze-after-bulk-write", "ok");
      log("jobs").info({ job: "analyze-after-bulk-write", tables: TABLES }, "statistics refreshed after a bulk write");
    } catch (error) {
      recordJobRun("analyze-after-bulk-write", "failed");
      log("jobs").error({ err: error, job: "analyze-after-bulk-write" }, "ANALYZE after a bulk write failed");
    }
  } while (state.again);
}

/** Resolves once no ANALYZE is scheduled or running (tests, shutdown). */
export async function analyzeSettled(): Promise<void> {
  while (state.pending) await state.pending;
}
