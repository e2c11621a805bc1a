import type { z } from "zod";
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from "./endpoints";
import type { webhookDeliverySchema, webhookEndpointSchema, webhookEndpointWithSecretSchema } from "./response";

// The API's shapes are the response schemas' (./response.ts, which the OpenAPI document names).
export type WebhookEndpointJson = z.infer<typeof webhookEndpointSchema>;
export type WebhookEndpointWithSecretJson = z.infer<typeof webhookEndpointWithSecretSchema>;
export type WebhookDeliveryJson = z.infer<typeof webhookDeliverySchema>;

export type WebhookAttemptJson = {
  id: number;
  attempt: number;
  response_status: number | null;
  error: string | null;
  duration_ms: number;
  request_body: string;
  response_body: string | null;
  created_at: string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export function toWebhookEndpointJson(endpoint: WebhookEndpoint): WebhookEndpointJson {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    active: endpoint.active,
    created_at: iso(endpoint.createdAt),
    updated_at: iso(endpoint.updatedAt),
  };
}

export function toWebhookEndpointWithSecretJson(endpoint: WebhookEndpointWithSecret): WebhookEndpointWithSecretJson {
  return { ...toWebhookEndpointJson(endpoint), secret: endpoint.secret };
}

export function toWebhookDeliveryJson(delivery: WebhookDelivery): WebhookDeliveryJson {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    response_status: delivery.responseStatus,
    error: delivery.error,
    next_attempt_at: delivery.nextAttemptAt ? iso(delivery.nextAttemptAt) : null,
    created_at: iso(delivery.createdAt),
    updated_at: iso(delivery.updatedAt),
  };
}

export function toWebhookAttemptJson(attempt: WebhookAttempt): WebhookAttemptJson {
  return {
    id: attempt.id,
    attempt: attempt.attempt,
    response_status: attempt.responseStatus,
    error: attempt.error,
    duration_ms: attempt.durationMs,
    request_body: attempt.requestBody,
    response_body: attempt.responseBody,
    created_at: iso(attempt.createdAt),
  };
}
