import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import { orderRecipients, printBatches, type DeliveryStatus, type OrderRecipientRow } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { refundPieces } from "@/lib/credit/ledger";
import { ADMIN_ACCOUNT_TYPE, assertAdmin } from "@/lib/credit/service";
import { addDays, toDateOnly } from "@/lib/dates";
import { AppError, isUniqueViolation, notFound } from "@/lib/errors";
import { toSerialId } from "@/lib/ids";
import { queueOrderCancelled } from "@/lib/mail/account-mail";
import { parseInput } from "@/lib/validation";
import { recordStatusChanges } from "@/lib/webhooks/domain-events";
import { DELIVERY_LEAD_DAYS, setRecipientStatusSchema } from "./schema";
import { ALLOWED_FROM, NEXT_FULFILMENT_STEP, refundsOnEntry } from "./status";

/*
 * Pieces moving from one delivery status to the next after checkout: a cancellation by the
 * buyer, an admin's change, and the fulfilment simulator's steps. Each change is logged in
 * order_status_events by the same statement that makes it.
 */

const recipientNotFound = () => notFound("Order recipient not found");
const cannotChange = (from: string, to: string) => new AppError("validation", `Cannot change status from ${from} to ${to}.`);

/**
 * Moves one piece to `to` if its current status allows it, logging the event in the same
 * statement; a cancellation refunds the piece's price with a 'refund' ledger row. The status
 * test is part of the UPDATE, so two concurrent changes can never both apply (nor refund twice).
 */
async function changeStatus(
  db: Database,
  options: { orderRecipientId: number; to: DeliveryStatus; ownerId?: number; actorId: number },
): Promise<OrderRecipientRow> {
  const { orderRecipientId: id, to, ownerId, actorId } = options;
  const ownerScope = ownerId === undefined ? sql`` : sql` and r.user_id = ${ownerId}::int`;
  const from = ALLOWED_FROM[to];
  const productionDayScope =
    to === "in_production" ? sql` and r.scheduled_delivery_date <= now() + ${DELIVERY_LEAD_DAYS}::int * interval '1 day'` : sql``;
  if (from.length > 0) {
    const refund = refundsOnEntry(to) ? sql`, ${refundPieces("moved", actorId)}` : sql``;
    try {
      // A savepoint, so that a refused statement leaves a caller's transaction usable.
      // The webhook event is written by the same transaction as the change.
      const moved = await db.transaction(async (tx) => {
        const rows = await execute<{ id: number; user_id: number; previous_status: string }>(
          tx,
          sql`
          with moved as (
            update order_recipients r set status = ${to}, updated_at = now()
            from order_recipients was
            where was.id = r.id and r.id = ${id}::int${ownerScope}${productionDayScope} and r.status in (${sql.join(
              from.map((status) => sql`${status}`),
              sql`, `,
            )})
            returning r.id, r.user_id, r.order_id, r.price_cents, r.status, r.updated_at, was.status as previous_status
          ),
          logged as (
            insert into order_status_events (order_recipient_id, status, created_at)
            select id, status, updated_at from moved
          )${refund}
          select id, user_id, previous_status from moved
        `,
        );
        await recordStatusChanges(
          tx,
          rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id), previousStatus: row.previous_status })),
        );
        if (to === "cancelled") for (const row of rows) await queueOrderCancelled(tx, { userId: Number(row.user_id), pieceIds: [Number(row.id)] });
        return rows;
      });
      if (moved.length > 0) {
        const [row] = await db.select().from(orderRecipients).where(eq(orderRecipients.id, id));
        return row!;
      }
    } catch (error) {
      if (!isUniqueViolation(error, "credit_ledger_refund_once_key")) throw error;
    }
  }
  const [current] = await db
    .select({ status: orderRecipients.status, scheduledDeliveryDate: orderRecipients.scheduledDeliveryDate })
    .from(orderRecipients)
    .where(and(eq(orderRecipients.id, id), ownerId === undefined ? undefined : eq(orderRecipients.userId, ownerId)));
  if (!current) throw recipientNotFound();
  if (to === "in_production" && current.status === "pending") {
    const productionDay = addDays(new Date(current.scheduledDeliveryDate), -DELIVERY_LEAD_DAYS);
    if (productionDay.getTime() > Date.now()) {
      throw new AppError("validation", `Production of this piece starts on ${toDateOnly(productionDay)}, ${DELIVERY_LEAD_DAYS} days before its delivery date.`);
    }
  }
  throw cannotChange(current.status, to);
}

/** Cancels a piece that is not in production yet and refunds its price; the owner or an admin may. */
export async function cancelOrderRecipient(ctx: ServiceContext, orderRecipientId: number | string): Promise<OrderRecipientRow> {
  const id = toSerialId(orderRecipientId, recipientNotFound);
  const isAdmin = ctx.user.accountType === ADMIN_ACCOUNT_TYPE;
  return changeStatus(ctx.db, { orderRecipientId: id, to: "cancelled", ownerId: isAdmin ? undefined : ctx.user.id, actorId: ctx.user.id });
}

/** An admin moving any piece along the allowed transitions (a cancellation refunds, as above). */
export async function setRecipientStatus(ctx: ServiceContext, orderRecipientId: number | string, status: string): Promise<OrderRecipientRow> {
  assertAdmin(ctx);
  const input = parseInput(setRecipientStatusSchema, { status });
  const id = toSerialId(orderRecipientId, recipientNotFound);
  return changeStatus(ctx.db, { orderRecipientId: id, to: input.status, actorId: ctx.user.id });
}

export type AdvanceOptions = {
  /** A piece moves on once it has kept its status this long. */
  stepSeconds: number;
  /** The simulated present (tests); the database clock otherwise. */
  now?: Date;
  /** Most pieces moved in one call, so one run stays a short statement. */
  limit?: number;
};

/** The pieces that entered production in one pass become one print batch, in the same transaction. */
async function recordPrintBatch(tx: Database, pieceIds: number[]): Promise<void> {
  if (pieceIds.length === 0) return;
  const [batch] = await tx.insert(printBatches).values({ pieceCount: pieceIds.length }).returning({ id: printBatches.id });
  await tx.update(orderRecipients).set({ printBatchId: batch!.id }).where(inArray(orderRecipients.id, pieceIds));
}

/**
 * Moves every piece that has kept its status for `stepSeconds` one step along FULFILMENT_PATH,
 * logging each step, in one statement. A pending piece waits for its production day,
 * DELIVERY_LEAD_DAYS before its scheduled delivery.
 * Safe to run from several app instances at once: a piece is only updated if it still has
 * the status and time this statement read (a compare-and-set that PostgreSQL re-checks after
 * waiting for a concurrent update), so a piece never moves two steps nor logs one twice.
 * Returns how many pieces moved.
 */
export async function advanceFulfilment(db: Database, options: AdvanceOptions): Promise<number> {
  const at = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const step = Math.max(0, Math.floor(options.stepSeconds));
  const limit = Math.max(1, Math.floor(options.limit ?? 5000));
  const movable = Object.keys(NEXT_FULFILMENT_STEP) as DeliveryStatus[];
  const cases = sql.join(
    movable.map((status) => sql`when ${status} then ${NEXT_FULFILMENT_STEP[status]!}`),
    sql` `,
  );
  // The steps and their webhook events are written together: one transaction.
  const moved = await db.transaction(async (tx) => {
    const rows = await execute<{ id: number; user_id: number; previous_status: string }>(
      tx,
      sql`
        with due as (
          select id, status, updated_at from order_recipients
          where status in (${sql.join(
            movable.map((status) => sql`${status}`),
            sql`, `,
          )}) and updated_at <= ${at} - ${step}::int * interval '1 second'
            and (status <> 'pending' or scheduled_delivery_date <= ${at} + ${DELIVERY_LEAD_DAYS}::int * interval '1 day')
          order by updated_at, id
          limit ${limit}::int
        ),
        moved as (
          update order_recipients r set status = case due.status ${cases} end, updated_at = ${at}
          from due
          where r.id = due.id and r.status = due.status and r.updated_at = due.updated_at
          returning r.id, r.user_id, r.status, due.status as previous_status
        ),
        logged as (
          insert into order_status_events (order_recipient_id, status, created_at)
          select id, status, ${at} from moved
        )
        select id, user_id, previous_status from moved
      `,
    );
    await recordStatusChanges(
      tx,
      rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id), previousStatus: row.previous_status })),
    );
    await recordPrintBatch(
      tx,
      rows.filter((row) => row.previous_status === "pending").map((row) => Number(row.id)),
    );
    return rows;
  });
  return moved.length;
}
