import "server-only";
import { z } from "zod";
import type { Database } from "@/db/client";
import { pruneIdempotencyKeys } from "@/lib/api/idempotency";
import { pruneRateLimits } from "@/lib/api/rate-limit";
import { pruneLoginAttempts } from "@/lib/auth/login";
import type { JobDefinition } from "./queue";

/** Forgets login and sign-up throttling records, idempotency keys and rate-limit windows that no longer matter at `now`. */
export async function pruneExpiredRecords(db: Database, now: Date): Promise<void> {
  await pruneLoginAttempts(db, now);
  await pruneIdempotencyKeys(db, now);
  await pruneRateLimits(db, now);
}

/** Hourly, from pg-boss's scheduler, which sends it once a slot however many instances run. */
export const pruneExpiredRecordsJob: JobDefinition<Record<string, never>> = {
  name: "prune-expired-records",
  description: "Forgets login and sign-up attempts, idempotency keys and rate-limit windows older than a day (an hour for the windows). Every hour.",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  queue: { policy: "standard", retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  run: ({ db, clock }) => pruneExpiredRecords(db, clock.now()),
};

export const PRUNE_CRON = "0 * * * *";
