import "server-only";
import { log } from "@/lib/logger";
import { recordJobRun } from "@/lib/metrics";
import type PgBoss from "pg-boss";
import { withAdvisoryLock, type Database } from "@/db/client";
import { FULFILMENT_CHAIN_KEY, fulfilmentIntervalSeconds, fulfilmentStepJob } from "@/lib/orders/jobs/fulfilment-step";
import { systemClock, type Clock } from "@/lib/queue/clock";
import { createJobQueue, type JobContext, type JobDefinition, type JobHandler, type JobQueueOptions } from "@/lib/queue/queue";
import { workWebhookDeliveries, type WebhookWorkerOptions, type WebhookWorkers } from "@/lib/webhooks/jobs/worker";
import { JOB_DEFINITIONS, JOBS } from "./registry";

export type JobRunnerOptions = {
  db: Database;
  clock?: Clock;
  /** The fulfilment simulator's step (FULFILMENT_STEP_SECONDS); 0 leaves its queue unworked here. */
  fulfilmentStepSeconds: number;
  /** How often an idle worker looks for jobs (pg-boss's default: 2 s). */
  pollingIntervalSeconds?: number;
  /** pg-boss's own settings, for tests that shorten its intervals. */
  queue?: JobQueueOptions;
  /** The webhook workers' settings (tests shorten the request timeout); false leaves them off. */
  webhooks?: WebhookWorkerOptions | false;
};

export type JobRunner = { boss: PgBoss; stop(): Promise<void> };

const JOBS_START_LOCK_KEY = 727_274_002;

/** How long stop() lets running jobs finish before pg-boss marks them failed (and so retried). */
const STOP_TIMEOUT_MS = 10_000;

/**
 * Starts pg-boss on the database (installing its schema on first start), creates the queues,
 * schedules the jobs that run on a clock, and works the queues of this instance, each with the
 * handler the registry names.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { db, fulfilmentStepSeconds } = options;
  const ctx: JobContext = { db, clock: options.clock ?? systemClock };
  const boss = createJobQueue(db, options.queue);
  let webhooks: WebhookWorkers | undefined;
  try {
    // pg-boss locks its schema install, but not the creation of queues (its own and ours):
    // two instances creating queues at once deadlock on the job table's partitions.
    await withAdvisoryLock(db, JOBS_START_LOCK_KEY, async () => {
      await boss.start();
      for (const job of JOB_DEFINITIONS) {
        await boss.createQueue(job.name, { ...job.queue, name: job.name });
        // An existing queue keeps the settings it was created with; these are the current ones.
        await boss.updateQueue(job.name, { ...job.queue, name: job.name });
      }
    });
    const workOptions = options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {};

    for (const { definition, handler } of JOBS) {
      // The fulfilment simulator's queue is worked below, as a chain, when the simulator is on.
      if (!handler || definition.name === fulfilmentStepJob.name) continue;
      if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {});
      await boss.work(definition.name, workOptions, handlerOf(definition, (await loadHandler(definition.name)).handle, ctx));
    }
    if (options.webhooks !== false) webhooks = await workWebhookDeliveries(boss, ctx, { ...workOptions, ...options.webhooks });

    if (fulfilmentStepSeconds > 0) {
      const { handle } = await loadHandler(fulfilmentStepJob.name);
      const step = handlerOf(fulfilmentStepJob as JobDefinition<unknown>, handle, ctx);
      // pg-boss's cron runs at most once a minute, and the simulator steps every few seconds:
      // each step enqueues the next one `interval` seconds later under one singleton key. The
      // queue's stately policy keeps one waiting step per database, so however many instances
      // start (each sends the first step below, in case the chain is gone) one chain exists, and
      // it lives in the database: it survives restarts, and any instance may run the next step.
      const interval = fulfilmentIntervalSeconds(fulfilmentStepSeconds);
      const next = { stepSeconds: fulfilmentStepSeconds };
      const sendNext = (startAfter: number) =>
        boss.send(fulfilmentStepJob.name, next, { singletonKey: FULFILMENT_CHAIN_KEY, startAfter });
      await boss.work<typeof next>(fulfilmentStepJob.name, workOptions, async (jobs) => {
        try {
          await step(jobs);
        } finally {
          // A failed step is retried on its own; the chain goes on either way.
          await sendNext(interval).catch((error: unknown) => log("jobs").error({ err: error, job: fulfilmentStepJob.name }, "could not enqueue the next step"));
        }
      });
      await sendNext(0);
    }
  } catch (error) {
    await webhooks?.stop(0).catch(() => {});
    await boss.stop({ graceful: false }).catch(() => {});
    throw error;
  }
  return {
    boss,
    async stop() {
      // The webhook workers fetch and complete their jobs through pg-boss but outside its workers:
      // they stop first, while the queue still runs.
      await webhooks?.stop(STOP_TIMEOUT_MS);
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}

function loadHandler(name: string) {
  const load = JOBS.find((job) => job.definition.name === name)?.handler;
  if (!load) throw new Error(`no handler is registered for the job ${name}`);
  return load();
}

function handlerOf<Payload>(job: JobDefinition<Payload>, handle: JobHandler<Payload>, ctx: JobContext) {
  return async (jobs: PgBoss.Job<unknown>[]): Promise<void> => {
    for (const { id, data } of jobs) {
      try {
        await handle(ctx, job.payload.parse(data));
        recordJobRun(job.name, "ok");
      } catch (error) {
        // pg-boss stores the error as the job's output and retries it per the queue's settings.
        log("jobs").error({ err: error, job: job.name, job_id: id }, "job failed");
        recordJobRun(job.name, "failed");
        throw error;
      }
    }
  };
}
