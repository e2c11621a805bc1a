import "server-only";
import { z } from "zod";
import type { JobDefinition } from "@/lib/queue/queue";

/** Hourly, from pg-boss's scheduler, which sends it once a slot however many instances run. */
export const pruneExpiredRecordsJob: JobDefinition<Record<string, never>> = {
  name: "prune-expired-records",
  description: "Forgets login and sign-up attempts, idempotency keys and rate-limit windows older than a day (an hour for the windows). Every hour.",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  queue: { policy: "standard", retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  schedule: "0 * * * *",
};
