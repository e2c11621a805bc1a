import type { WebhookEventType } from "@/lib/webhooks/schema";

/** What each event type reports, for the endpoint form and the delivery log. */
export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "order.created": "An order is placed, at checkout or by an automation.",
  "order.recipient.status_changed": "A card of an order changes status: printed, mailed, delivered or cancelled.",
  "automation.run.completed": "An automation's daily run has finished.",
  "automation.run.failed": "An automation's daily run could not send its cards.",
  "contact.submitted": "A friend sends their address through one of your address links.",
  "webhook.test": "Test events. A test sent from this page arrives whatever the endpoint's events.",
};
