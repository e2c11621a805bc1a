import "server-only";
import { sql } from "drizzle-orm";
import { log } from "@/lib/logger";
import PgBoss from "pg-boss";
import type { z } from "zod";
import { execute, sqlExecutor, type Database } from "@/db/client";
import type { Clock } from "./clock";

/** pg-boss keeps its tables (queues, jobs, schedules, archive) in this schema of our database. */
export const JOB_SCHEMA = "pgboss";

/**
 * How often pg-boss's maintenance runs (once per interval for all instances): it fails, and so
 * retries, the active jobs held past their queue's expireInSeconds, whose holder died. pg-boss's
 * default (120 s) let a dead instance's webhook deliveries wait almost 5 minutes.
 */
export const MAINTENANCE_INTERVAL_SECONDS = 20;

/** What a job's handler gets: the process's database and the clock it reads the time from. */
export type JobContext = { db: Database; clock: Clock };

/**
 * A kind of background work, as enqueuing it needs it: its queue's name and settings, the zod
 * schema of its payload (ids, never whole rows) and, for work that runs on a clock, its cron.
 * What it does is its handler (JobHandler), kept in a file of its own beside the definition
 * (`<name>.handler.ts`) and loaded by the registry (lib/jobs), so code that only enqueues never
 * imports what the job runs.
 */
export type JobDefinition<Payload> = {
  name: string;
  /** What it does and when, for the admin's jobs page. */
  description: string;
  payload: z.ZodType<Payload>;
  queue: Omit<PgBoss.Queue, "name">;
  /** pg-boss's cron (one run a slot across instances), for work that runs on a schedule. */
  schedule?: string;
};

/** What a job does with one payload: idempotent, so that a retry or a second instance does no harm. */
export type JobHandler<Payload> = (ctx: JobContext, payload: Payload) => Promise<void>;

export type JobQueueOptions = Omit<PgBoss.ConstructorOptions, "db" | "schema" | "connectionString">;

/**
 * A pg-boss instance on our own connection (the postgres.js pool or the in-process PGlite),
 * never a pool of its own: `start()` installs or migrates its schema under its advisory lock.
 */
export function createJobQueue(db: Database, options: JobQueueOptions = {}): PgBoss {
  const boss = new PgBoss({ maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS, ...options, db: sqlExecutor(db) as PgBoss.Db, schema: JOB_SCHEMA });
  // An EventEmitter without an 'error' listener would throw, and end the server, on the first
  // failed poll (a restarting database, say); pg-boss retries on its next tick.
  boss.on("error", (error) => log("jobs").error({ err: error }, "queue error"));
  return boss;
}

let sender: PgBoss | undefined;

/**
 * Adds a job in the caller's transaction: it exists once the transaction commits, and never if
 * it rolls back. pg-boss sends the insert through `tx`'s own connection (its per-call `db`
 * option); the queue must exist (startJobs creates every queue of the registry).
 * Returns the job's id, or null when a singleton key or the queue's policy refused a duplicate.
 */
export async function enqueue<Payload>(
  tx: Database,
  job: Pick<JobDefinition<Payload>, "name" | "payload">,
  data: Payload,
  options: Omit<PgBoss.SendOptions, "db"> = {},
): Promise<string | null> {
  const payload = job.payload.parse(data);
  // Never started: it only turns send()'s options into pg-boss's insert, on the connection given.
  sender ??= new PgBoss({ db: { executeSql: () => Promise.reject(new Error("enqueue() writes through its transaction only")) }, schema: JOB_SCHEMA });
  return sender.send(job.name, payload as object, { ...options, db: sqlExecutor(tx) as PgBoss.Db });
}

/**
 * Adds many jobs of one kind in the caller's transaction with one statement (pg-boss's insert),
 * like enqueue() does for one: they exist once the transaction commits, never if it rolls back.
 */
export async function enqueueMany<Payload>(
  tx: Database,
  job: Pick<JobDefinition<Payload>, "name" | "payload">,
  jobs: { data: Payload; startAfter?: Date; singletonKey?: string }[],
): Promise<void> {
  if (jobs.length === 0) return;
  const rows = jobs.map(({ data, startAfter, singletonKey }) => ({
    name: job.name,
    data: job.payload.parse(data) as object,
    ...(startAfter && { startAfter: startAfter.toISOString() }),
    ...(singletonKey && { singletonKey }),
  }));
  sender ??= new PgBoss({ db: { executeSql: () => Promise.reject(new Error("enqueue() writes through its transaction only")) }, schema: JOB_SCHEMA });
  await sender.insert(rows, { db: sqlExecutor(tx) as PgBoss.Db });
}

/**
 * Keeps jobs this process holds outside pg-boss's workers (fetched, not yet completed) from
 * expiring while it lives: pg-boss 10 has no heartbeat of its own, and expires an active job
 * `expireInSeconds` after it started. Their start moves to now; a job no longer active (completed,
 * or expired meanwhile) is left as it is.
 */
export async function renewJobs(db: Database, name: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await execute(
    db,
    sql`update ${sql.raw(JOB_SCHEMA)}.job set started_on = now()
        where name = ${name} and id = any(${`{${ids.join(",")}}`}::uuid[]) and state = 'active'`,
  );
}
