import "server-only";
import { sql } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import { enqueueMany } from "@/lib/queue/queue";
import { webhookDeliveryJob } from "./webhook-delivery";

/**
 * The channel on which the delivery workers of every instance hear of new jobs. PostgreSQL
 * delivers a notification when the transaction that sent it commits, and never when it rolls
 * back: a worker looks for the jobs as soon as they exist, rather than at its next poll.
 */
export const WEBHOOK_WAKE_CHANNEL = "cardmail_webhook_delivery";

/**
 * Queues an attempt of each delivery in `tx` (at `startAfter`, or now), and wakes the workers
 * once it commits when one is due now.
 */
export async function enqueueDeliveries(tx: Database, deliveries: { deliveryId: number; startAfter?: Date }[]): Promise<void> {
  if (deliveries.length === 0) return;
  await enqueueMany(
    tx,
    webhookDeliveryJob,
    deliveries.map(({ deliveryId, startAfter }) => ({ data: { deliveryId }, ...(startAfter && { startAfter }) })),
  );
  if (deliveries.some((d) => !d.startAfter)) await execute(tx, sql`select pg_notify(${WEBHOOK_WAKE_CHANNEL}, '')`);
}
