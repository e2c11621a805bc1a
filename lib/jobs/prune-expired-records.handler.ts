import "server-only";
import type { Database } from "@/db/client";
import { pruneIdempotencyKeys } from "@/lib/api/idempotency";
import { pruneRateLimits } from "@/lib/api/rate-limit";
import { pruneLoginAttempts } from "@/lib/auth/login";
import type { JobHandler } from "@/lib/queue/queue";

/** Forgets login and sign-up throttling records, idempotency keys and rate-limit windows that no longer matter at `now`. */
export async function pruneExpiredRecords(db: Database, now: Date): Promise<void> {
  await pruneLoginAttempts(db, now);
  await pruneIdempotencyKeys(db, now);
  await pruneRateLimits(db, now);
}

/** The hourly pruning (the job: prune-expired-records.ts). */
export const handle: JobHandler<Record<string, never>> = ({ db, clock }) => pruneExpiredRecords(db, clock.now());
