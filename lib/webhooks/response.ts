import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from "@/db/schema/webhooks";
import { dateTime, nextCursor, nullableText as text } from "@/lib/response-fields";

/*
 * The webhook endpoints and deliveries as the API writes them: the mapper's types (z.infer) and
 * the OpenAPI document's schemas (lib/openapi/responses.ts names these very schemas).
 */

const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES);

const webhookEndpointFields = {
  id: z.uuid(),
  url: z.string().meta({ description: "Where the events are POSTed: https, resolving to a public address.", example: "https://partner.example.com/cardmail/webhooks" }),
  description: text(),
  events: z.array(webhookEventType).meta({ description: "The event types sent to this endpoint (a test event is sent whatever they are)." }),
  active: z.boolean().meta({ description: "A switched-off endpoint is sent nothing." }),
  created_at: dateTime(),
  updated_at: dateTime(),
};

export const webhookSecretSchema = z.string().meta({
  description: "The signing secret: `whsec_` and the base64 of 32 random bytes. Shown only in this answer; keep it to verify the `webhook-signature` header.",
  example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3uX1oHVKqkw=",
});

export const webhookEndpointSchema = z.strictObject(webhookEndpointFields);
export const webhookEndpointWithSecretSchema = z.strictObject({ ...webhookEndpointFields, secret: webhookSecretSchema });

export const webhookDeliverySchema = z.strictObject({
  id: z.number().int().meta({ example: 5012 }),
  event_id: z.string().meta({ description: "The event's id, sent as `webhook-id` on every attempt.", example: "msg_3f2a9c0d4b6e48f1a7c5e2d9b0f61a34" }),
  event_type: webhookEventType,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).meta({ description: "`pending` until a 2xx answer (`succeeded`) or the last retry (`failed`)." }),
  attempts: z.number().int().min(0).meta({ description: "Requests made so far." }),
  response_status: z.number().int().nullable().meta({ description: "The HTTP status of the last attempt; null when it got no answer." }),
  error: text().meta({ description: "Why the last attempt failed; null after a success." }),
  next_attempt_at: dateTime().nullable().meta({ description: "When the next attempt is due; null once succeeded or failed." }),
  created_at: dateTime(),
  updated_at: dateTime(),
});

export const webhookEndpointDataSchema = z.strictObject({ data: webhookEndpointSchema });
export const webhookEndpointListSchema = z.strictObject({ data: z.array(webhookEndpointSchema) });
export const webhookEndpointCreatedSchema = z.strictObject({ data: webhookEndpointWithSecretSchema });
export const webhookSecretDataSchema = z.strictObject({ data: z.strictObject({ secret: webhookSecretSchema }) });

export const webhookDeliveryDataSchema = z.strictObject({ data: webhookDeliverySchema });
export const webhookDeliveriesPageSchema = z.strictObject({ data: z.array(webhookDeliverySchema), next_cursor: nextCursor() });
