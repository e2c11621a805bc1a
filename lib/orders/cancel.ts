import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { execute } from "@/db/client";
import { orderRecipients, orders, users } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { refundPieces } from "@/lib/credit/ledger";
import { fieldError, notFound } from "@/lib/errors";
import { toSerialId } from "@/lib/ids";
import { parseInput } from "@/lib/validation";
import { queueOrderCancelled } from "@/lib/mail/account-mail";
import { recordStatusChanges } from "@/lib/webhooks/domain-events";
import { cancelOrderBodySchema } from "./schema";
import { statusLabel } from "./status";

export type CancelOrderResult = { cancelled: number; refundedCents: number; remainingCreditCents: number };

const orderNotFound = () => notFound("Order not found");

/**
 * POST /orders/{orderId}/cancel: cancels the named pieces (or every pending one) of the user's
 * order and refunds each one's price, all or nothing. The pieces are locked first, so a
 * concurrent cancel or production start waits; each refund is a ledger row that the
 * refund-once index allows a piece only once.
 */
export async function cancelOrder(ctx: ServiceContext, orderId: number | string, input: unknown = {}): Promise<CancelOrderResult> {
  const id = toSerialId(orderId, orderNotFound);
  const { recipient_ids: requested } = parseInput(cancelOrderBodySchema, input);
  const userId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)));
    if (!order) throw orderNotFound();
    const pieces = await tx
      .select({ id: orderRecipients.id, status: orderRecipients.status })
      .from(orderRecipients)
      .where(and(eq(orderRecipients.orderId, id), eq(orderRecipients.userId, userId)))
      .orderBy(asc(orderRecipients.id))
      .for("update");

    let targets: number[];
    if (requested === undefined) {
      targets = pieces.filter((piece) => piece.status === "pending").map((piece) => piece.id);
    } else {
      const statusById = new Map(pieces.map((piece) => [piece.id, piece.status]));
      requested.forEach((pieceId, index) => {
        const status = statusById.get(pieceId);
        if (status === undefined) throw fieldError(`recipient_ids.${index}`, `Recipient ${pieceId} is not part of this order.`);
        if (status !== "pending") {
          throw fieldError(`recipient_ids.${index}`, `Recipient ${pieceId} is ${statusLabel(status).toLowerCase()} and can no longer be cancelled.`);
        }
      });
      targets = [...new Set(requested)];
    }
    if (targets.length === 0) {
      const [user] = await tx.select({ creditCents: users.creditCents }).from(users).where(eq(users.id, userId));
      return { cancelled: 0, refundedCents: 0, remainingCreditCents: user?.creditCents ?? 0 };
    }

    // One statement cancels the pieces and refunds them, so no piece is refunded without being cancelled.
    const [result] = await execute<{ cancelled: number; refunded: number; credit: number; ids: number[] }>(
      tx,
      sql`
        with moved as (
          update order_recipients r set status = 'cancelled', updated_at = now()
          where r.id = any(${`{${targets.join(",")}}`}::int[]) and r.order_id = ${id}::int and r.user_id = ${userId}::int and r.status = 'pending'
          returning r.id, r.user_id, r.order_id, r.price_cents, r.updated_at
        ),
        logged as (
          insert into order_status_events (order_recipient_id, status, created_at)
          select id, 'cancelled', updated_at from moved
        ),
        ${refundPieces("moved", userId)}
        select (select count(*) from moved)::int as cancelled,
          (select coalesce(sum(price_cents), 0) from moved)::int as refunded,
          coalesce((select credit_cents from credited), (select credit_cents from users where id = ${userId}::int))::int as credit,
          coalesce((select array_agg(id order by id) from moved), '{}')::int[] as ids
      `,
    );
    await recordStatusChanges(
      tx,
      result!.ids.map((pieceId) => ({ id: Number(pieceId), userId, previousStatus: "pending" })),
    );
    await queueOrderCancelled(tx, { userId, pieceIds: result!.ids.map(Number) });
    return { cancelled: Number(result!.cancelled), refundedCents: Number(result!.refunded), remainingCreditCents: Number(result!.credit) };
  });
}
