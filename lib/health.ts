import "server-only";
import { sql } from "drizzle-orm";
import { execute, type Database } from "@/db/client";

/** How long readiness waits for the database before calling the instance unavailable. */
export const READINESS_TIMEOUT_MS = 2_000;

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Whether this instance can serve: its database answers a trivial query within `timeoutMs`.
 * A load balancer stops sending traffic while it is not, and resumes once it is again.
 */
export async function checkReadiness(db: Database, { timeoutMs = READINESS_TIMEOUT_MS } = {}): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: `The database did not answer within ${timeoutMs / 1000} s.` }), timeoutMs);
  });
  const answered = execute(db, sql`select 1`).then(
    (): Readiness => ({ ready: true }),
    (): Readiness => ({ ready: false, reason: "The database did not answer." }),
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
