import "server-only";
import type { JobDefinition } from "@/lib/jobs/queue";
import { deliverWebhook } from "../delivery";
import { webhookDeliveryJobSpec, type WebhookDeliveryPayload } from "./delivery-job-spec";

export { WEBHOOK_JOB_RENEW_SECONDS, type WebhookDeliveryPayload } from "./delivery-job-spec";

/** One attempt of one webhook delivery (the settings and why: delivery-job-spec.ts). */
export const webhookDeliveryJob: JobDefinition<WebhookDeliveryPayload> = {
  ...webhookDeliveryJobSpec,
  run: async (ctx, { deliveryId }) => {
    await deliverWebhook(ctx, deliveryId);
  },
};
