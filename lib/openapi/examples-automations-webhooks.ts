import { JANE, type Out } from "./example-values";
import type {
  webhookDeliveriesPageResponse,
  webhookDeliveryDataResponse,
  webhookEndpointCreatedResponse,
  webhookEndpointDataResponse,
  webhookEndpointsResponse,
  webhookSecretResponse,
  automationDataResponse,
  automationRunsPageResponse,
  automationsResponse,
  calendarFeedResponse,
  upcomingResponse,
  validationErrorResponse,
} from "./responses";

// Examples of the automations, the calendar feed and the webhooks (the rest: ./examples.ts).

export const contactValidationExample: Out<typeof validationErrorResponse> = {
  message: "The first name field is required. (and 1 more error)",
  errors: {
    first_name: ["The first name field is required."],
    "children.0.birth_month": ["The birth month field must not be greater than 12."],
  },
};

const AUTOMATION = {
  id: 7,
  name: "Family birthdays",
  card_id: 12,
  events: ["birthday", "child_birthday"],
  group_id: 3,
  message: "Happy birthday, {first_name}!",
  signoff: "Love, Ann",
  message_font: "caveat",
  days_before: 2,
  active: true,
  created_at: "2026-11-02T18:30:00.000Z",
  updated_at: "2026-11-02T18:30:00.000Z",
} satisfies Out<typeof automationDataResponse>["data"];

export const automationRequestExample = {
  name: "Family birthdays",
  card_id: 12,
  events: ["birthday", "child_birthday"],
  group_id: 3,
  message: "Happy birthday, {first_name}!",
  signoff: "Love, Ann",
  message_font: "caveat",
  days_before: 2,
};

export const automationExample: Out<typeof automationDataResponse> = { data: AUTOMATION };
export const automationsExample: Out<typeof automationsResponse> = { data: [AUTOMATION] };

export const upcomingExample: Out<typeof upcomingResponse> = {
  data: [
    {
      event_date: "2026-12-24",
      delivery_date: "2026-12-22",
      send_date: "2026-12-15",
      kind: "child_birthday",
      contact_uuid: JANE,
      name: "Lily Smith",
      recipient_name: "Jane Smith",
      message: "Happy birthday, Lily!",
      price: "3.99",
      contact_uuids: [JANE],
      status: "scheduled",
      days_early: 2,
    },
    {
      event_date: "2026-12-28",
      delivery_date: "2026-12-26",
      send_date: "2026-12-19",
      kind: "anniversary",
      contact_uuid: "5c1e9a7b-3d2f-4b6e-8a10-7f4d2c9e1b35",
      contact_uuids: ["5c1e9a7b-3d2f-4b6e-8a10-7f4d2c9e1b35", "8e2b6d4a-1c9f-4a7e-b3d5-2f6c8a0e4b17"],
      name: "Carlos Martinez & Elena Martinez",
      recipient_name: "Carlos & Elena Martinez",
      message: "Happy anniversary to the Martinezes!",
      price: "3.99",
      status: "scheduled",
      days_early: 2,
    },
  ],
  total: 7.98,
  credit_available: 100,
  next_cursor: null,
};

export const automationRunsExample: Out<typeof automationRunsPageResponse> = {
  data: [
    {
      id: 31,
      created_at: "2026-12-15T00:01:00.000Z",
      status: "sent",
      reason: null,
      order_id: 419,
      recipients_count: 1,
      credit_charged: 3.99,
      credit_needed: 3.99,
      households_merged: 0,
      left_out: [{ contact_uuid: "2a7d4c1e-5b3f-4e8a-9c61-0f2e3d4b5a69", kind: "birthday", reason: "missing_address" }],
    },
    {
      id: 30,
      created_at: "2026-12-14T00:01:00.000Z",
      status: "skipped",
      reason: "insufficient_credit",
      order_id: null,
      recipients_count: 0,
      credit_charged: 0,
      credit_needed: 3.99,
      households_merged: 0,
      left_out: [],
    },
  ],
  next_cursor: null,
};

export const calendarFeedExample: Out<typeof calendarFeedResponse> = {
  data: { url: "https://app.cardmail.example/api/v1/calendar-feeds/q3J0c2VjcmV0LWZlZWQtdG9rZW4tZXhhbXBsZS12YWx1.ics" },
};

const WEBHOOK = {
  id: "0d6f3b9a-2c41-4e7d-9b15-8a3c6e2f1d47",
  url: "https://partner.example.com/cardmail/webhooks",
  description: "CRM sync",
  events: ["order.created", "order.recipient.status_changed"],
  active: true,
  created_at: "2026-11-02T18:30:00.000Z",
  updated_at: "2026-11-02T18:30:00.000Z",
} satisfies Out<typeof webhookEndpointDataResponse>["data"];

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3uX1oHVKqkw=";

export const webhookRequestExample = { url: WEBHOOK.url, events: WEBHOOK.events, description: WEBHOOK.description };
export const webhookExample: Out<typeof webhookEndpointDataResponse> = { data: WEBHOOK };
export const webhooksExample: Out<typeof webhookEndpointsResponse> = { data: [WEBHOOK] };
export const webhookCreatedExample: Out<typeof webhookEndpointCreatedResponse> = { data: { ...WEBHOOK, secret: SECRET } };
export const webhookSecretExample: Out<typeof webhookSecretResponse> = { data: { secret: "whsec_Y2FyZG1haWwtcm90YXRlZC1zZWNyZXQtZXhhbXBsZSE=" } };

const DELIVERY = {
  id: 5012,
  event_id: "msg_3f2a9c0d4b6e48f1a7c5e2d9b0f61a34",
  event_type: "order.recipient.status_changed",
  status: "pending",
  attempts: 1,
  response_status: 503,
  error: "The endpoint answered 503.",
  next_attempt_at: "2026-11-02T18:30:06.000Z",
  created_at: "2026-11-02T18:30:00.000Z",
  updated_at: "2026-11-02T18:30:01.000Z",
} satisfies Out<typeof webhookDeliveryDataResponse>["data"];

export const webhookDeliveryExample: Out<typeof webhookDeliveryDataResponse> = {
  data: { ...DELIVERY, id: 5013, event_id: "msg_9b1e2d3c4a5f46e7b8c9d0e1f2a3b4c5", event_type: "webhook.test", status: "pending", attempts: 0, response_status: null, error: null, next_attempt_at: "2026-11-02T18:31:00.000Z" },
};
export const webhookDeliveriesExample: Out<typeof webhookDeliveriesPageResponse> = {
  data: [
    DELIVERY,
    { ...DELIVERY, id: 5011, event_id: "msg_0a1b2c3d4e5f46a7b8c9d0e1f2a3b4c5", event_type: "order.created", status: "succeeded", response_status: 200, error: null, next_attempt_at: null },
  ],
  next_cursor: null,
};
