import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import { chargeOrder } from "@/lib/credit/ledger";
import { AppError } from "@/lib/errors";
import { queueOrderReceipt } from "@/lib/mail/account-mail";
import { recordOrderCreated } from "@/lib/webhooks/domain-events";

/**
 * The columns of order_recipients a piece is written with, in the order `pieces` selects them:
 * order_id, user_id, project_id, project_recipient_id, contact_id, internal_id, name, company,
 * address, apt, city, state, zip, country, message, price_cents, status, scheduled_delivery_date.
 */
const PIECE_COLUMNS = sql.raw(
  "order_id, user_id, project_id, project_recipient_id, contact_id, internal_id, name, company, address, apt, city, state, zip, country, message, price_cents, status, scheduled_delivery_date",
);

export type PlaceOrderInput = {
  userId: number;
  /** The project the pieces are recorded under (an automation's own, for its orders). */
  projectId: string;
  /** What placed the order, as its `order.created` webhook event says. */
  source: "checkout" | "automation";
  totalCents: number;
  /** How many pieces `pieces` selects: anything else is a bug and rolls the order back. */
  piecesCount: number;
  /** A SELECT of the pieces' columns (see PIECE_COLUMNS) for the new order, in the order the pieces should get their ids. */
  pieces: (orderId: number) => SQL;
};

export type PlacedOrder = { orderId: number; remainingCreditCents: number; pieceIds: number[] };

/**
 * Charges the account and writes the order, its pieces (each `pending`, with its first status
 * change) and the ledger row, inside the caller's transaction: every order, a checkout's or an
 * automation's, is recorded the same way. The order is opened by its charge (`chargeOrder`),
 * which never takes the credit below zero; without enough, nothing is written and a
 * `payment_required` error says what there is and what the order costs. The `order.created` webhook event and the receipt mail are written here too. Piece ids come back ascending, which is the order
 * `pieces` selected them in (the insert draws them from the sequence row by row).
 */
export async function placeOrder(tx: Database, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { userId, totalCents } = input;
  const charge = await chargeOrder(tx, { userId, totalCents });
  if (charge.outcome === "short") {
    throw new AppError("payment_required", "No account credit available to process order", {
      credit: { availableCents: charge.balanceCents, orderTotalCents: totalCents },
    });
  }
  const { orderId, balanceCents: remainingCreditCents } = charge;
  const placed = await execute<{ id: number }>(
    tx,
    sql`
      with placed as (
        insert into order_recipients (${PIECE_COLUMNS})
        ${input.pieces(orderId)}
        returning id, created_at
      )
      insert into order_status_events (order_recipient_id, status, created_at)
      select id, 'pending', created_at from placed
      returning order_recipient_id as id
    `,
  );
  if (placed.length !== input.piecesCount) throw new Error(`The order copied ${placed.length} of ${input.piecesCount} pieces`);

  await recordOrderCreated(tx, { userId, orderId, projectId: input.projectId, recipientsCount: placed.length, creditChargedCents: totalCents, source: input.source });
  await queueOrderReceipt(tx, {
    userId,
    orderId,
    projectId: input.projectId,
    source: input.source,
    piecesCount: placed.length,
    totalCents,
    remainingCreditCents,
  });
  return { orderId, remainingCreditCents, pieceIds: placed.map((row) => Number(row.id)).sort((a, b) => a - b) };
}
