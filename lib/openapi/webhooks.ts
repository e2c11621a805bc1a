import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/db/schema/webhooks";
import { z } from "zod";
import { contactSubmittedDataSchema } from "@/lib/address-requests/response";
import { automationRunEventDataSchema as automationRunDataSchema } from "@/lib/automations/response";
import { dateTime } from "@/lib/response-fields";
import { orderCreatedDataSchema, recipientStatusChangedDataSchema, webhookTestDataSchema } from "@/lib/webhooks/payloads";
import { named } from "./registry";

/*
 * The requests Cardmail sends to webhook endpoints, under the document's top-level `webhooks`:
 * one entry per event type, its data the very schema the writer of the event types it by
 * (lib/webhooks/payloads.ts for orders and the test, lib/automations/response.ts for runs,
 * lib/address-requests/response.ts for submissions).
 */

const WEBHOOK_EVENT_DATA = {
  "order.created": orderCreatedDataSchema,
  "order.recipient.status_changed": recipientStatusChangedDataSchema,
  "automation.run.completed": automationRunDataSchema,
  "automation.run.failed": automationRunDataSchema,
  "contact.submitted": contactSubmittedDataSchema,
  "webhook.test": webhookTestDataSchema,
} as const satisfies Record<WebhookEventType, z.ZodType>;

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
  "contact.submitted": payloadOf("contact.submitted"),
  "webhook.test": payloadOf("webhook.test"),
} satisfies Record<WebhookEventType, z.ZodType>;

named("OrderCreatedData", orderCreatedDataSchema);
named("RecipientStatusChangedData", recipientStatusChangedDataSchema);
named("AutomationRunData", automationRunDataSchema);
named("ContactSubmittedData", contactSubmittedDataSchema);
named("WebhookTestData", webhookTestDataSchema);

export const WEBHOOK_PAYLOAD_COMPONENTS: Record<WebhookEventType, string> = {
  "order.created": "OrderCreatedEvent",
  "order.recipient.status_changed": "RecipientStatusChangedEvent",
  "automation.run.completed": "AutomationRunCompletedEvent",
  "automation.run.failed": "AutomationRunFailedEvent",
  "contact.submitted": "ContactSubmittedEvent",
  "webhook.test": "WebhookTestEvent",
};

const SUMMARIES: Record<WebhookEventType, { summary: string; description: string }> = {
  "order.created": { summary: "An order was placed", description: "A checkout (API or web app) or an automation's run placed an order." },
  "order.recipient.status_changed": {
    summary: "A piece changed status",
    description: "One mailed piece moved on (pending -> in_production -> mailed -> delivered), or was cancelled or returned; `previous_status` is where it was.",
  },
  "automation.run.completed": { summary: "An automation run sent its cards", description: "The run as `GET /automations/{automationId}/runs` shows it, with `automation_id`; its order has its own `order.created`." },
  "automation.run.failed": {
    summary: "An automation run sent nothing",
    description:
      "A skipped run (not enough credit, or the card withdrawn), reported once a day while it lasts; `reason` says why. A run skipped because the automation was turned on with `skip_due_now` (`skipped_on_activation`) is the user's choice and sends no event.",
  },
  "contact.submitted": {
    summary: "A friend sent their address",
    description: "Someone filled in the page of one of your address requests; the submission waits for you at `GET /address-requests/{id}/submissions` (the event carries ids only).",
  },
  "webhook.test": { summary: "A test event", description: "Sent by `POST /webhooks/{webhookId}/test` to that endpoint alone, whatever its events." },
};

/** Named payload schemas, for the tests that check a real payload against the document. */
export const webhookPayloadComponents = Object.fromEntries(
  WEBHOOK_EVENT_TYPES.map((type) => [type, named(WEBHOOK_PAYLOAD_COMPONENTS[type], WEBHOOK_PAYLOADS[type])]),
) as { [T in WebhookEventType]: (typeof WEBHOOK_PAYLOADS)[T] };

const signatureHeaders = [
  { name: "webhook-id", in: "header", required: true, description: "The event's id (`msg_` and 32 hex digits), the same on every attempt: dedupe by it.", schema: { type: "string" } },
  { name: "webhook-timestamp", in: "header", required: true, description: "Unix seconds of this attempt.", schema: { type: "integer" } },
  {
    name: "webhook-signature",
    in: "header",
    required: true,
    description: "`v1,<base64 HMAC-SHA256 of \"id.timestamp.body\">` keyed with the endpoint's secret; two, space separated, for 24 hours after a rotation.",
    schema: { type: "string" },
  },
] as const;

/**
 * The payload components as definitions of their own: the generator builds the components before
 * it walks `webhooks`, so a schema reached only from a webhook would be left a dangling $ref.
 * Listed after every operation's, they come last among the components.
 */
export const webhookPayloadDefinitions: OpenAPIRegistry["definitions"] = WEBHOOK_EVENT_TYPES.map((type) => ({ type: "schema", schema: webhookPayloadComponents[type] }));

export function registerWebhooks(registry: OpenAPIRegistry): void {
  for (const type of WEBHOOK_EVENT_TYPES) {
    registry.registerWebhook({
      method: "post",
      path: type,
      operationId: `webhook_${type.replaceAll(".", "_")}`,
      tags: ["Webhooks"],
      ...SUMMARIES[type],
      // No bearer token: the receiver checks the webhook-signature against its endpoint's secret.
      security: [],
      parameters: [...signatureHeaders],
      request: { body: { required: true, content: { "application/json": { schema: webhookPayloadComponents[type] } } } },
      responses: {
        200: { description: "Any 2xx within 10 seconds acknowledges the event; anything else, a timeout or a redirect is retried." },
      },
    });
  }
}
