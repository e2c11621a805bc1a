import "server-only";
import { passwordResetJob } from "@/lib/auth/jobs/password-reset-mail";
import { automationsPassJob } from "@/lib/automations/jobs/automations-pass";
import { reminderDigestJob } from "@/lib/automations/jobs/reminder-digest";
import { analyzeAfterBulkWriteJob } from "@/lib/contacts/jobs/analyze-after-bulk-write";
import { mailDeliveryJob } from "@/lib/mail/jobs/mail-delivery";
import { fulfilmentStepJob } from "@/lib/orders/jobs/fulfilment-step";
import type { JobDefinition, JobHandler } from "@/lib/queue/queue";
import { webhookDeliveryJob } from "@/lib/webhooks/jobs/webhook-delivery";
import { pruneExpiredRecordsJob } from "./prune-expired-records";

/*
 * Every kind of job, and where its handler lives. A domain keeps each job in its `jobs/` folder:
 * `<name>.ts`, the definition that enqueuing needs (and imports), and `<name>.handler.ts`, what
 * it does, which only this registry loads, when the queue starts. So the domains import the
 * queue (lib/queue) and never this folder, and a service that enqueues a job never imports the
 * code the job runs.
 *
 * To add a job: its two files in the domain's jobs/ folder, and one line here.
 */

type Loader<Payload> = () => Promise<{ handle: JobHandler<Payload> }>;

/** A job and its handler; `handler: null` for a queue worked otherwise (webhook deliveries: lib/webhooks/jobs/worker.ts). */
export type RegisteredJob = { definition: JobDefinition<unknown>; handler: Loader<unknown> | null };

function registered<Payload>(definition: JobDefinition<Payload>, handler: Loader<Payload> | null): RegisteredJob {
  // The runner parses each payload with the definition's schema before its handler sees it.
  return { definition, handler } as RegisteredJob;
}

export const JOBS: readonly RegisteredJob[] = [
  registered(pruneExpiredRecordsJob, () => import("./prune-expired-records.handler")),
  registered(fulfilmentStepJob, () => import("@/lib/orders/jobs/fulfilment-step.handler")),
  registered(automationsPassJob, () => import("@/lib/automations/jobs/automations-pass.handler")),
  registered(analyzeAfterBulkWriteJob, () => import("@/lib/contacts/jobs/analyze-after-bulk-write.handler")),
  registered(webhookDeliveryJob, null),
  registered(mailDeliveryJob, () => import("@/lib/mail/jobs/mail-delivery.handler")),
  registered(passwordResetJob, () => import("@/lib/auth/jobs/password-reset-mail.handler")),
  registered(reminderDigestJob, () => import("@/lib/automations/jobs/reminder-digest.handler")),
];

/** Every job's definition: the runner creates their queues, so any instance may enqueue any of them. */
export const JOB_DEFINITIONS: readonly JobDefinition<unknown>[] = JOBS.map((job) => job.definition);
