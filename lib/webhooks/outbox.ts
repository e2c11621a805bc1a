import "server-only";
import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents, type WebhookEventType } from "@/db/schema";
import { enqueueDeliveries } from "./jobs/enqueue";
import type { OrderCreatedData, RecipientStatusChangedData, WebhookTestData } from "./payloads";

/*
 * The outbox: an event is written by the transaction of the change it reports, with a delivery
 * row and a queued job for each endpoint that wants it. A rolled-back change leaves none of
 * them; a committed one is delivered even if this process dies the next moment.
 */

/**
 * The data of each event type, as the OpenAPI document describes it: this folder's schemas
 * (./payloads.ts), and for an automation run lib/automations' own, which its writer checks
 * (lib/automations/run-events.ts), since this folder does not import lib/automations.
 */
type WebhookEventData = {
  "order.created": OrderCreatedData;
  "order.recipient.status_changed": RecipientStatusChangedData;
  "automation.run.completed": { id: number; automation_id: number };
  "automation.run.failed": { id: number; automation_id: number };
  // lib/address-requests' contactSubmittedDataSchema, which its writer checks.
  "contact.submitted": { address_request_id: number; submission_id: number };
  "webhook.test": WebhookTestData;
};

/** An event and its data. */
export type NewWebhookEvent = { [T in WebhookEventType]: { userId: number; type: T; data: WebhookEventData[T] } }[WebhookEventType];
export type RecordedWebhookEvent = { eventId: string; deliveryIds: number[] };

/** `msg_` and 32 hex digits: the webhook-id of every request that carries the event. */
export const newEventId = () => `msg_${crypto.randomUUID().replaceAll("-", "")}`;

/**
 * Records events in `tx` for the active endpoints of their users subscribed to their type (or,
 * with `endpointId`, for that endpoint alone whatever its events: a test). An event no endpoint
 * wants is not stored at all.
 */
export async function recordWebhookEvents(tx: Database, events: NewWebhookEvent[], options: { endpointId?: string } = {}): Promise<RecordedWebhookEvent[]> {
  if (events.length === 0) return [];
  const userIds = [...new Set(events.map((e) => e.userId))];
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(
      options.endpointId
        ? and(eq(webhookEndpoints.id, options.endpointId), inArray(webhookEndpoints.userId, userIds))
        : and(inArray(webhookEndpoints.userId, userIds), eq(webhookEndpoints.active, true)),
    );
  if (endpoints.length === 0) return [];
  const wanted = events
    .map((event) => ({
      event,
      id: newEventId(),
      endpointIds: endpoints.filter((e) => e.userId === event.userId && (options.endpointId || e.events.includes(event.type))).map((e) => e.id),
    }))
    .filter((e) => e.endpointIds.length > 0);
  if (wanted.length === 0) return [];
  await tx.insert(webhookEvents).values(wanted.map(({ event, id }) => ({ id, userId: event.userId, type: event.type, payload: event.data })));
  const deliveries = await tx
    .insert(webhookDeliveries)
    .values(wanted.flatMap(({ event, id, endpointIds }) => endpointIds.map((endpointId) => ({ userId: event.userId, endpointId, eventId: id, nextAttemptAt: sql`now()` }))))
    .returning({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId });
  await enqueueDeliveries(
    tx,
    deliveries.map((d) => ({ deliveryId: d.id })),
  );
  return wanted.map(({ id }) => ({ eventId: id, deliveryIds: deliveries.filter((d) => d.eventId === id).map((d) => d.id) }));
}

export async function recordWebhookEvent(tx: Database, event: NewWebhookEvent, options: { endpointId?: string } = {}): Promise<RecordedWebhookEvent | undefined> {
  const [recorded] = await recordWebhookEvents(tx, [event], options);
  return recorded;
}
