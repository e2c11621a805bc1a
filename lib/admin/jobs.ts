import "server-only";
import { sql } from "drizzle-orm";
import { execute } from "@/db/client";
import type { ServiceContext } from "@/lib/context";
import { assertAdmin } from "@/lib/credit/service";
import { JOB_SCHEMA } from "@/lib/queue/queue";
import { JOB_DEFINITIONS } from "@/lib/jobs/registry";

export type JobQueueStats = {
  name: string;
  /** What the queue's jobs do, for the queues the app defines. */
  description: string | null;
  policy: string;
  /** Waiting to run (including those whose start time has not come). */
  created: number;
  /** Failed at least once, waiting for their next attempt. */
  retry: number;
  active: number;
  completedLastDay: number;
  failedLastDay: number;
};

export type JobFailure = {
  id: string;
  queue: string;
  failedAt: Date;
  attempts: number;
  /** The error's message only: never the payload nor the stack, which may hold personal data. */
  message: string;
};

export type JobsOverview = { queues: JobQueueStats[]; failures: JobFailure[] };

const FAILURES_SHOWN = 10;
const MESSAGE_MAX = 300;

/**
 * The job queues as pg-boss keeps them: each queue's depth, what completed and failed in the
 * last 24 hours (pg-boss moves finished jobs to its archive table after a while, so both
 * tables count) and the latest failures. pg-boss's own internal queues are left out; before
 * its first start (no schema yet) there is nothing to show.
 */
export async function getJobsOverview(ctx: ServiceContext): Promise<JobsOverview> {
  assertAdmin(ctx);
  const [installed] = await execute<{ exists: boolean }>(ctx.db, sql`select to_regclass(${`${JOB_SCHEMA}.job`}) is not null as exists`);
  if (!installed?.exists) return { queues: [], failures: [] };
  const schema = sql.raw(JOB_SCHEMA);
  const dayAgo = sql`now() - interval '24 hours'`;
  const queues = await execute<{
    name: string;
    policy: string | null;
    created: number;
    retry: number;
    active: number;
    completed: number;
    failed: number;
  }>(
    ctx.db,
    sql`
      with recent as (
        select name, state, completed_on from ${schema}.job
        union all
        select name, state, completed_on from ${schema}.archive where completed_on > ${dayAgo}
      )
      select q.name, q.policy,
        count(*) filter (where r.state = 'created')::int as created,
        count(*) filter (where r.state = 'retry')::int as retry,
        count(*) filter (where r.state = 'active')::int as active,
        count(*) filter (where r.state = 'completed' and r.completed_on > ${dayAgo})::int as completed,
        count(*) filter (where r.state = 'failed' and r.completed_on > ${dayAgo})::int as failed
      from ${schema}.queue q
      left join recent r on r.name = q.name
      where q.name not like '\\_\\_pgboss\\_\\_%'
      group by q.name, q.policy
      order by q.name
    `,
  );
  const failures = await execute<{ id: string; name: string; completed_on: Date | string; retry_count: number; message: string | null }>(
    ctx.db,
    sql`
      select id::text, name, completed_on, retry_count, output->>'message' as message from (
        select id, name, completed_on, retry_count, output from ${schema}.job where state = 'failed'
        union all
        select id, name, completed_on, retry_count, output from ${schema}.archive where state = 'failed'
      ) failed
      where name not like '\\_\\_pgboss\\_\\_%'
      order by completed_on desc, id
      limit ${FAILURES_SHOWN}::int
    `,
  );
  return {
    queues: queues.map((q) => ({
      name: q.name,
      description: JOB_DEFINITIONS.find((job) => job.name === q.name)?.description ?? null,
      policy: q.policy ?? "standard",
      created: Number(q.created),
      retry: Number(q.retry),
      active: Number(q.active),
      completedLastDay: Number(q.completed),
      failedLastDay: Number(q.failed),
    })),
    failures: failures.map((f) => ({
      id: f.id,
      queue: f.name,
      failedAt: new Date(f.completed_on),
      attempts: Number(f.retry_count) + 1,
      message: clip(f.message ?? "No error message"),
    })),
  };
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MESSAGE_MAX ? `${flat.slice(0, MESSAGE_MAX)}…` : flat;
}
