import { z } from "zod";
import { DELIVERY_STATUSES } from "@/db/schema/orders";
import type { WebhookEventType } from "@/db/schema/webhooks";
import { automationRunSchema } from "@/lib/automations/response";
import { dateTime, dollars, nullableText as text } from "@/lib/response-fields";

/*
 * The body of every webhook request, per event type: what domain-events.ts and the test event
 * write (typed by these schemas) and what the OpenAPI document's `webhooks` describe
 * (lib/openapi/webhooks.ts names these very schemas).
 */

export const orderCreatedDataSchema = z.strictObject({
  order_id: z.number().int().meta({ example: 418 }),
  project_uuid: z.uuid().meta({ description: "The project the order mailed." }),
  recipients_count: z.number().int().min(0),
  credit_charged: dollars("What the order cost.", 11.97),
  source: z.enum(["checkout", "automation"]).meta({ description: "A checkout through the API or the web app, or an automation's run." }),
});

export const recipientStatusChangedDataSchema = z.strictObject({
  order_id: z.number().int(),
  recipient_id: z.number().int().meta({ description: "The piece: `id` of the tracked recipient." }),
  internal_id: text(),
  contact_uuid: z.uuid().nullable().meta({ description: "The contact the piece was mailed to; null once that contact is deleted." }),
  previous_status: z.enum(DELIVERY_STATUSES).nullable(),
  status: z.enum(DELIVERY_STATUSES),
  scheduled_delivery_date: z.iso.date().meta({ description: "YYYY-MM-DD, UTC.", example: "2026-12-24" }),
  changed_at: dateTime(),
});

const { id: runId, ...runFields } = automationRunSchema.shape;

/** The run as GET /automations/{id}/runs shows it, with its automation's id. */
export const automationRunDataSchema = z.strictObject({
  id: runId,
  automation_id: z.number().int(),
  ...runFields,
});

export const webhookTestDataSchema = z.strictObject({
  webhook_id: z.uuid().meta({ description: "The endpoint the test was sent to." }),
  message: z.string().meta({ example: "A test event from Cardmail." }),
});

export const WEBHOOK_EVENT_DATA = {
  "order.created": orderCreatedDataSchema,
  "order.recipient.status_changed": recipientStatusChangedDataSchema,
  "automation.run.completed": automationRunDataSchema,
  "automation.run.failed": automationRunDataSchema,
  "webhook.test": webhookTestDataSchema,
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType = WebhookEventType> = z.infer<(typeof WEBHOOK_EVENT_DATA)[T]>;

const payloadOf = <T extends WebhookEventType>(type: T) =>
  z.strictObject({
    type: z.literal(type),
    timestamp: dateTime().meta({ description: "When the event happened; the same on every attempt." }),
    data: WEBHOOK_EVENT_DATA[type],
  });

/** The whole request body of each event type: `type`, `timestamp` and the event's `data`. */
export const WEBHOOK_PAYLOADS = {
  "order.created": payloadOf("order.created"),
  "order.recipient.status_changed": payloadOf("order.recipient.status_changed"),
  "automation.run.completed": payloadOf("automation.run.completed"),
  "automation.run.failed": payloadOf("automation.run.failed"),
  "webhook.test": payloadOf("webhook.test"),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookPayload<T extends WebhookEventType = WebhookEventType> = z.infer<(typeof WEBHOOK_PAYLOADS)[T]>;
