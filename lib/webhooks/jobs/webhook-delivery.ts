import "server-only";
import { z } from "zod";
import type { JobDefinition } from "@/lib/queue/queue";

const payloadSchema = z.object({ deliveryId: z.number().int().positive() }).strict();
export type WebhookDeliveryPayload = z.infer<typeof payloadSchema>;

/** How often the delivery workers renew the jobs they hold (lib/queue/queue.ts's renewJobs). */
export const WEBHOOK_JOB_RENEW_SECONDS = 5;

/**
 * One attempt of one webhook delivery, worked by the delivery workers (worker.ts) rather than a
 * handler of its own: they fetch many at once and send them side by side. The delivery row decides whether it is due (a duplicate or
 * stale job does nothing); a failed attempt schedules the next one as a new job, so the queue's
 * own retries only cover a process that died mid-attempt (or could not reach the database).
 *
 * A dead process's jobs are retried within 2.5 minutes (DESIGN): renewed every 5 s while their
 * holder lived, they expire at most 70 s after its death; pg-boss's maintenance, every 20 s
 * (MAINTENANCE_INTERVAL_SECONDS) but which can miss one beat, fails them within 40 s more, and
 * they start again 5 to 10 s later: 120 s at most. And not sooner than 70 s after the death (the
 * last renewal at most 5 s before it, plus 70, plus 5), so after the 60 s lease the dead attempt
 * took on its delivery: a retry within the lease would find the delivery not due and end, and
 * nothing would send it.
 */
export const webhookDeliveryJob: JobDefinition<WebhookDeliveryPayload> = {
  name: "webhook-delivery",
  description: "Sends one signed webhook request to a partner's endpoint; a failure schedules the next attempt (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).",
  payload: payloadSchema,
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 70 },
};
