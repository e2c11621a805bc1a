import * as examples from "../examples";
import { error, json, jsonBody, validation, type Operation } from "../operations";
import { webhookDeliveryParams, webhookParams } from "../parameters";
import { createWebhookRequest, updateWebhookRequest, webhookDeliveriesQuery } from "../request-schemas";
import * as responses from "../responses";

const webhookNotFound = error("Unknown webhook id, a malformed one, or another user's endpoint", { webhookNotFound: "Webhook not found" });
const deliveryNotFound = error("Unknown webhook or delivery", { webhookNotFound: "Webhook not found", deliveryNotFound: "Delivery not found" });

const invalidFields = validation(
  "url (absolute https, never a loopback, private, link-local or reserved address, its host resolved), events (1 or more distinct types), description (up to 500), active; an account's 11th endpoint",
  {
    message: "The url field must not point to a private, loopback, link-local or reserved address.",
    errors: { url: ["The url field must not point to a private, loopback, link-local or reserved address."] },
  },
);

const DELIVERY = [
  "- Events: `order.created` (`order_id`, `project_uuid`, `recipients_count`, `credit_charged`, `source`: `checkout` or `automation`), `order.recipient.status_changed` (`order_id`, `recipient_id`, `internal_id`, `contact_uuid`, `previous_status`, `status`, `scheduled_delivery_date`, `changed_at`), `automation.run.completed` and `automation.run.failed` (the run, as `GET /automations/{automationId}/runs` shows it, with `automation_id`), `contact.submitted` (`address_request_id`, `submission_id`: a friend sent their address through one of your links), `webhook.test`.",
  "- Each event is written in the same transaction as the change it reports and then delivered by the job queue: never for a change that was rolled back, and at least once for one that was committed. Receivers dedupe by `webhook-id`.",
  "- Request: `POST` with JSON `{ \"type\", \"timestamp\", \"data\" }`, signed per the Standard Webhooks specification: `webhook-id` (the event id, the same on every retry), `webhook-timestamp` (Unix seconds of the attempt), `webhook-signature` (`v1,<base64 HMAC-SHA256 of \"id.timestamp.body\" keyed with the secret's decoded bytes>`; two, space separated, for 24 hours after a rotation).",
  "- A 2xx answer within 10 seconds is a success; redirects are not followed (a failure). Retries after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the delivery is `failed`.",
  "- The URL's host is resolved again before every attempt; an address that is not public is refused without a request.",
].join("\n");

const listWebhooks: Operation = {
  method: "get",
  path: "/webhooks",
  operationId: "listWebhooks",
  tags: ["Webhooks"],
  summary: "List webhook endpoints",
  extension: true,
  description: "the user's webhook endpoints, oldest first (not paginated; 10 at most). Their secrets are not shown.",
  responses: { 200: { description: "The endpoints.", content: json(responses.webhookEndpointsResponse, examples.webhooksExample) } },
};

const createWebhook: Operation = {
  method: "post",
  path: "/webhooks",
  operationId: "createWebhook",
  tags: ["Webhooks"],
  summary: "Create a webhook endpoint",
  extension: true,
  description: [
    "creates an endpoint that receives the events it names, signed with the secret this answer shows once. At most 10 endpoints per account (the 11th is 422).",
    "",
    DELIVERY,
  ].join("\n"),
  request: { body: jsonBody(createWebhookRequest, examples.webhookRequestExample) },
  responses: {
    201: { description: "The created endpoint, with its secret (shown only here and after a rotation).", content: json(responses.webhookEndpointCreatedResponse, examples.webhookCreatedExample) },
    422: invalidFields,
  },
};

const getWebhook: Operation = {
  method: "get",
  path: "/webhooks/{webhookId}",
  operationId: "getWebhook",
  tags: ["Webhooks"],
  summary: "Webhook endpoint details",
  extension: true,
  description: "one of the user's endpoints, without its secret.",
  request: { params: webhookParams },
  responses: {
    200: { description: "The endpoint.", content: json(responses.webhookEndpointDataResponse, examples.webhookExample) },
    404: webhookNotFound,
  },
};

const updateWebhook: Operation = {
  method: "patch",
  path: "/webhooks/{webhookId}",
  operationId: "updateWebhook",
  tags: ["Webhooks"],
  summary: "Change a webhook endpoint",
  extension: true,
  description: "changes only the fields sent (url, events, description, active), with the same rules as create. A switched-off endpoint is sent no new events; deliveries already made stay in its log.",
  request: { params: webhookParams, body: jsonBody(updateWebhookRequest, { active: false }) },
  responses: {
    200: { description: "The changed endpoint.", content: json(responses.webhookEndpointDataResponse, examples.webhookExample) },
    404: webhookNotFound,
    422: invalidFields,
  },
};

const deleteWebhook: Operation = {
  method: "delete",
  path: "/webhooks/{webhookId}",
  operationId: "deleteWebhook",
  tags: ["Webhooks"],
  summary: "Delete a webhook endpoint",
  extension: true,
  description: "deletes the endpoint with its deliveries; nothing more is sent to it.",
  request: { params: webhookParams },
  responses: {
    204: { description: "Deleted; no body." },
    404: webhookNotFound,
  },
};

const rotateWebhookSecret: Operation = {
  method: "post",
  path: "/webhooks/{webhookId}/rotate-secret",
  operationId: "rotateWebhookSecret",
  tags: ["Webhooks"],
  summary: "Rotate a webhook secret",
  extension: true,
  description: "replaces the signing secret. For the next 24 hours every request carries two signatures, one with each secret, so a receiver can switch over without losing an event.",
  request: { params: webhookParams },
  responses: {
    200: { description: "The new secret, shown only here.", content: json(responses.webhookSecretResponse, examples.webhookSecretExample) },
    404: webhookNotFound,
  },
};

const testWebhook: Operation = {
  method: "post",
  path: "/webhooks/{webhookId}/test",
  operationId: "testWebhook",
  tags: ["Webhooks"],
  summary: "Send a test event",
  extension: true,
  description: "queues a `webhook.test` event to this endpoint, whatever its `events`, delivered like any other. The answer is its delivery.",
  request: { params: webhookParams },
  responses: {
    202: { description: "Queued; the delivery to watch in the log.", content: json(responses.webhookDeliveryDataResponse, examples.webhookDeliveryExample) },
    404: webhookNotFound,
  },
};

const listWebhookDeliveries: Operation = {
  method: "get",
  path: "/webhooks/{webhookId}/deliveries",
  operationId: "listWebhookDeliveries",
  tags: ["Webhooks"],
  summary: "Deliveries of a webhook endpoint",
  extension: true,
  description: "the endpoint's deliveries, one per event sent to it, newest first, with the last attempt's outcome and the next attempt's time. `per_page` 1 to 100, default 15; `next_cursor` null on the last page.",
  request: { params: webhookParams, query: webhookDeliveriesQuery },
  responses: {
    200: { description: "A page of deliveries.", content: json(responses.webhookDeliveriesPageResponse, examples.webhookDeliveriesExample) },
    404: webhookNotFound,
    422: validation("per_page out of 1..100, a bad cursor"),
  },
};

const retryWebhookDelivery: Operation = {
  method: "post",
  path: "/webhooks/{webhookId}/deliveries/{deliveryId}/retry",
  operationId: "retryWebhookDelivery",
  tags: ["Webhooks"],
  summary: "Retry a delivery",
  extension: true,
  description:
    "makes one more attempt now, whatever the delivery's status, with the same `webhook-id`. If it fails, the retry schedule goes on from where it was (a delivery past its last retry is `failed` again).",
  request: { params: webhookDeliveryParams },
  responses: {
    202: { description: "Queued; the delivery, `pending` again.", content: json(responses.webhookDeliveryDataResponse, examples.webhookDeliveryExample) },
    404: deliveryNotFound,
  },
};

export const webhookOperations: Operation[] = [
  listWebhooks,
  createWebhook,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  testWebhook,
  listWebhookDeliveries,
  retryWebhookDelivery,
];
