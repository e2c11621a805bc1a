import "server-only";
import { z } from "zod";
import type { JobDefinition } from "@/lib/queue/queue";
import { sendSoon } from "@/lib/queue/send-soon";

/** A bulk write of at least this many rows refreshes the planner's statistics. */
export const ANALYZE_AFTER_ROWS = 1000;

/**
 * ANALYZE of the address book's tables after a bulk write, on the job queue: a book that grew
 * from 100 to 10,000 contacts in one request would otherwise keep the statistics of 100 until
 * autovacuum gets round to it (never, on the embedded database), and the planner would choose
 * a sequential scan for the next page of contacts. Not inline, because the request would wait
 * for a sample of the whole table. The queue is "stately": one job waiting and one running at
 * most, so a burst of imports joins the waiting one, and a write during a run gets one more.
 */
export const analyzeAfterBulkWriteJob: JobDefinition<Record<string, never>> = {
  name: "analyze-after-bulk-write",
  description: "Refreshes the planner's statistics of the address book after a write of 1,000 rows or more, so that pages of contacts keep their indexes.",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  queue: { policy: "stately", retryLimit: 2, retryDelay: 30, expireInSeconds: 15 * 60 },
};

/**
 * Asks this process's queue for the ANALYZE once a bulk write of `rows` has committed. A
 * process without a running queue (a script) asks for nothing, and a crash between the commit
 * and the ask loses no data: the statistics come with the next bulk write or autovacuum.
 */
export async function analyzeAfterBulkWrite(rows: number): Promise<void> {
  if (rows < ANALYZE_AFTER_ROWS) return;
  await sendSoon(analyzeAfterBulkWriteJob, {});
}
