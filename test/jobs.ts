import { sql } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import type { Clock } from "@/lib/queue/clock";

/** A clock that stands still until the test moves it. */
export function manualClock(start = new Date()): Clock & { advance(seconds: number): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(seconds) {
      now += seconds * 1000;
    },
  };
}

export type JobRow = { id: string; name: string; state: string; retry_count: number; singleton_key: string | null; output: { message?: string } | null };

/** The jobs of one queue, as pg-boss keeps them (live and archived). */
export async function jobsOf(db: Database, queue: string): Promise<JobRow[]> {
  return execute<JobRow>(
    db,
    sql`select id::text, name, state::text, retry_count, singleton_key, output from pgboss.job where name = ${queue}
        union all
        select id::text, name, state::text, retry_count, singleton_key, output from pgboss.archive where name = ${queue}`,
  );
}

/** Intervals short enough for a test to watch pg-boss's scheduler and workers at work. */
export const FAST_QUEUE = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, clockMonitorIntervalSeconds: 60 } as const;
