import { z } from "zod";
import type { HeadersObject } from "./operations";

// Path parameters and request headers shared by several operations.

const uuidParam = (name: string, description: string) =>
  z.object({ [name]: z.uuid().meta({ description, example: "6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10" }) });
const idParam = (name: string, description: string, example: number) => z.object({ [name]: z.number().int().min(1).meta({ description, example }) });

export const contactParams = uuidParam("uuid", "The contact's uuid. A malformed uuid is 404 like an unknown one.");
export const groupParams = idParam("groupId", "The group's id. A non-integer id is 404 like an unknown one.", 12);
export const groupContactParams = groupParams.extend({
  contactId: z.uuid().meta({ description: "The contact's uuid.", example: "6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10" }),
});
export const cardParams = idParam("id", "The card's id.", 7);
export const projectUuidParams = uuidParam("projectUuid", "The project's uuid.");
export const projectParams = uuidParam("uuid", "The project's uuid.");
export const automationParams = idParam("automationId", "The automation's id. A non-integer id is 404 like an unknown one.", 7);
export const webhookParams = uuidParam("webhookId", "The webhook endpoint's id. A malformed uuid is 404 like an unknown one.");
export const webhookDeliveryParams = webhookParams.extend({
  deliveryId: z.number().int().min(1).meta({ description: "The delivery's id. A non-integer id is 404 like an unknown one.", example: 5012 }),
});
export const addressRequestParams = idParam("requestId", "The address request's id. A non-integer id is 404 like an unknown one.", 12);
export const addressSubmissionParams = addressRequestParams.extend({
  submissionId: z.number().int().min(1).meta({ description: "The submission's id. A non-integer id is 404 like an unknown one.", example: 301 }),
});
export const addressLinkParams = z.object({
  secret: z.string().meta({ description: "The secret of the link: the last segment of its `url`. An unknown, closed or deleted link is 404.", example: "Zq3v0m8yJ1bq4T9dXo2kLw5Hc7sNfP6aRuGiEeY0tVw" }),
});
export const orderParams = idParam("orderId", "The order's id (`order_id` of the checkout).", 418);

export const idempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description:
        "Makes a retry safe: the same key with the same method, path and body within 24 hours replays the first response (with `Idempotent-Replayed: true`) instead of running again. The same key with a different request is 422 on `Idempotency-Key`. Keys are per user; a request that failed stores nothing, so it can be retried with its key. Quota: an account may use 10,000 new keys in 24 hours; past it a new key is 422 on `Idempotency-Key` (send the request without one, or later), while replays of keys already used still answer.",
      example: "9d1f0a5c-checkout-2026-11-02",
    }),
});

export const replayHeader: HeadersObject = {
  "Idempotent-Replayed": {
    description: "`true` when this response is the stored response of an earlier request with the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
};
