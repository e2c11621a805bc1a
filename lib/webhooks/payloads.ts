import { z } from "zod";
import { DELIVERY_STATUSES } from "@/db/schema/orders";
import { dateTime, dollars, nullableText as text } from "@/lib/response-fields";

/*
 * The data of the webhook events this folder writes (domain-events.ts and the test event), typed
 * by these schemas, which the OpenAPI document's `webhooks` name (lib/openapi/webhooks.ts). An
 * automation run's data is lib/automations' (automationRunEventDataSchema), which writes it.
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

export const webhookTestDataSchema = z.strictObject({
  webhook_id: z.uuid().meta({ description: "The endpoint the test was sent to." }),
  message: z.string().meta({ example: "A test event from Cardmail." }),
});

export type OrderCreatedData = z.infer<typeof orderCreatedDataSchema>;
export type RecipientStatusChangedData = z.infer<typeof recipientStatusChangedDataSchema>;
export type WebhookTestData = z.infer<typeof webhookTestDataSchema>;
