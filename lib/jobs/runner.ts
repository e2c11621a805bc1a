import "server-only";
import { log } from "@/lib/logger";
import { recordJobRun } from "@/lib/metrics";
import type PgBoss from "pg-boss";
import { withAdvisoryLock, type Database } from "@/db/client";
import { AUTOMATIONS_CRON, automationsPassJob } from "@/lib/automations/jobs/automations-pass";
import { passwordResetJob } from "@/lib/auth/password-reset";
import { analyzeAfterBulkWriteJob } from "@/lib/contacts/analyze";
import { mailDeliveryJob } from "@/lib/mail/jobs/deliver-job";
import { REMINDER_DIGEST_CRON, reminderDigestJob } from "@/lib/mail/reminder-digest";
import { FULFILMENT_CHAIN_KEY, fulfilmentIntervalSeconds, fulfilmentStepJob } from "@/lib/orders/jobs/fulfilment-step";
import { webhookDeliveryJob } from "@/lib/webhooks/jobs/deliver-job";
import { workWebhookDeliveries, type WebhookWorkerOptions, type WebhookWorkers } from "@/lib/webhooks/jobs/worker";
import { systemClock, type Clock } from "./clock";
import { PRUNE_CRON, pruneExpiredRecordsJob } from "./prune-expired-records";
import { createJobQueue, type JobContext, type JobDefinition, type JobQueueOptions } from "./queue";

/** Every kind of job: startJobRunner creates their queues, so any instance may enqueue any of them. */
export const JOB_DEFINITIONS = [
  pruneExpiredRecordsJob,
  fulfilmentStepJob,
  automationsPassJob,
  analyzeAfterBulkWriteJob,
  webhookDeliveryJob,
  mailDeliveryJob,
  passwordResetJob,
  reminderDigestJob,
] as const;

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
 * schedules the hourly pruning, and works the queues of this instance.
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

    await boss.schedule(pruneExpiredRecordsJob.name, PRUNE_CRON, {});
    await boss.work(pruneExpiredRecordsJob.name, workOptions, handlerOf(pruneExpiredRecordsJob, ctx));

    await boss.schedule(automationsPassJob.name, AUTOMATIONS_CRON, {});
    await boss.work(automationsPassJob.name, workOptions, handlerOf(automationsPassJob, ctx));

    await boss.work(analyzeAfterBulkWriteJob.name, workOptions, handlerOf(analyzeAfterBulkWriteJob, ctx));

    await boss.work(mailDeliveryJob.name, workOptions, handlerOf(mailDeliveryJob, ctx));
    await boss.work(passwordResetJob.name, workOptions, handlerOf(passwordResetJob, ctx));
    await boss.schedule(reminderDigestJob.name, REMINDER_DIGEST_CRON, {});
    await boss.work(reminderDigestJob.name, workOptions, handlerOf(reminderDigestJob, ctx));
    if (options.webhooks !== false) webhooks = await workWebhookDeliveries(boss, ctx, { ...workOptions, ...options.webhooks });

    if (fulfilmentStepSeconds > 0) {
      const step = handlerOf(fulfilmentStepJob, ctx);
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

function handlerOf<Payload>(job: JobDefinition<Payload>, ctx: JobContext) {
  return async (jobs: PgBoss.Job<unknown>[]): Promise<void> => {
    for (const { id, data } of jobs) {
      try {
        await job.run(ctx, job.payload.parse(data));
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

