import "server-only";
import { z } from "zod";
import type { JobDefinition } from "@/lib/jobs/queue";
import { deliverWebhook } from "../delivery";

const payloadSchema = z.object({ deliveryId: z.number().int().positive() }).strict();
export type WebhookDeliveryPayload = z.infer<typeof payloadSchema>;

/**
 * One attempt of one webhook delivery. The delivery row decides whether it is due (a duplicate or
 * stale job does nothing); a failed attempt schedules the next one as a new job, so the queue's
 * own retries only cover a process that died mid-attempt.
 */
export const webhookDeliveryJob: JobDefinition<WebhookDeliveryPayload> = {
  name: "webhook-delivery",
  description: "Sends one signed webhook request to a partner's endpoint; a failure schedules the next attempt (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).",
  payload: payloadSchema,
  queue: { retryLimit: 5, retryDelay: 30, expireInSeconds: 120 },
  run: async (ctx, { deliveryId }) => {
    await deliverWebhook(ctx, deliveryId);
  },
};
