import "server-only";
import { and, arrayContains, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { orderRecipients, webhookEndpoints } from "@/db/schema";
import type { DeliveryStatus } from "@/db/schema/orders";
import { toDateOnly } from "@/lib/dates";
import { centsToDollars } from "@/lib/money";
import { recordWebhookEvents } from "./outbox";

/*
 * The events of Cardmail's domain, each written by the caller's transaction (the one making the
 * change): the payloads are the ones DESIGN.md names, field for field.
 */

export type OrderCreatedFacts = {
  userId: number;
  orderId: number;
  projectId: string;
  recipientsCount: number;
  creditChargedCents: number;
  source: "checkout" | "automation";
};

export async function recordOrderCreated(tx: Database, order: OrderCreatedFacts): Promise<void> {
  await recordWebhookEvents(tx, [
    {
      userId: order.userId,
      type: "order.created",
      data: {
        order_id: order.orderId,
        project_uuid: order.projectId,
        recipients_count: order.recipientsCount,
        credit_charged: centsToDollars(order.creditChargedCents),
        source: order.source,
      },
    },
  ]);
}

/** A piece that just changed status, and the status it had. */
export type StatusChangeFacts = { id: number; userId: number; previousStatus: string };

/**
 * An `order.recipient.status_changed` event for each piece moved, read back after the change so
 * the event carries what was written; pieces of accounts without a subscribed endpoint cost one query.
 */
export async function recordStatusChanges(tx: Database, changes: StatusChangeFacts[]): Promise<void> {
  if (changes.length === 0) return;
  const userIds = [...new Set(changes.map((c) => Number(c.userId)))];
  const listening = await tx
    .selectDistinct({ userId: webhookEndpoints.userId })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.userId, userIds), eq(webhookEndpoints.active, true), arrayContains(webhookEndpoints.events, ["order.recipient.status_changed"])));
  if (listening.length === 0) return;
  const wanted = new Set(listening.map((row) => row.userId));
  const relevant = changes.filter((c) => wanted.has(Number(c.userId)));
  const previous = new Map(relevant.map((c) => [Number(c.id), c.previousStatus]));
  const pieces = await tx
    .select({
      id: orderRecipients.id,
      userId: orderRecipients.userId,
      orderId: orderRecipients.orderId,
      internalId: orderRecipients.internalId,
      contactId: orderRecipients.contactId,
      status: orderRecipients.status,
      scheduledDeliveryDate: orderRecipients.scheduledDeliveryDate,
      updatedAt: orderRecipients.updatedAt,
    })
    .from(orderRecipients)
    .where(inArray(orderRecipients.id, [...previous.keys()]))
    .orderBy(orderRecipients.id);
  await recordWebhookEvents(
    tx,
    pieces.map((piece) => ({
      userId: piece.userId,
      type: "order.recipient.status_changed" as const,
      data: {
        order_id: piece.orderId,
        recipient_id: piece.id,
        internal_id: piece.internalId,
        contact_uuid: piece.contactId,
        // The status columns are text; their check constraints hold them to DELIVERY_STATUSES.
        previous_status: (previous.get(piece.id) ?? null) as DeliveryStatus | null,
        status: piece.status as DeliveryStatus,
        scheduled_delivery_date: toDateOnly(new Date(piece.scheduledDeliveryDate)),
        changed_at: new Date(piece.updatedAt).toISOString(),
      },
    })),
  );
}
