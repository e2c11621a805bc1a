import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { automations, cards, orderRecipients, projects, users } from "@/db/schema";
import { appOrigin } from "@/lib/config";
import { queueMail } from "./outbox";
import { automationSkippedMail, orderCancelledMail, orderReceiptMail } from "./templates";

/** The receipt lists this many pieces by name; a bigger order says how many more. */
export const RECEIPT_PIECES_LISTED = 20;

const deliveryDay = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

async function accountOf(tx: Database, userId: number) {
  const [user] = await tx.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/**
 * The receipt of an order, written in the order's own transaction (a checkout's or an
 * automation's): it exists exactly when the order does.
 */
export async function queueOrderReceipt(
  tx: Database,
  order: { userId: number; orderId: number; projectId: string; source: "checkout" | "automation"; piecesCount: number; totalCents: number; remainingCreditCents: number },
): Promise<void> {
  const user = await accountOf(tx, order.userId);
  if (!user) return;
  const [project] = await tx
    .select({ cardName: cards.name, automationName: automations.name })
    .from(projects)
    .innerJoin(cards, eq(cards.id, projects.cardId))
    .leftJoin(automations, eq(automations.projectId, projects.id))
    .where(eq(projects.id, order.projectId))
    .limit(1);
  const pieces = await tx
    .select({ name: orderRecipients.name, delivery: orderRecipients.scheduledDeliveryDate })
    .from(orderRecipients)
    .where(eq(orderRecipients.orderId, order.orderId))
    .orderBy(asc(orderRecipients.id))
    .limit(RECEIPT_PIECES_LISTED);
  const mail = orderReceiptMail({
    username: user.username,
    orderId: order.orderId,
    source: order.source,
    automationName: project?.automationName ?? null,
    cardName: project?.cardName ?? null,
    pieces: pieces.map((piece) => ({ name: piece.name, deliveryDate: deliveryDay.format(new Date(piece.delivery)) })),
    piecesCount: order.piecesCount,
    totalCents: order.totalCents,
    remainingCreditCents: order.remainingCreditCents,
    orderUrl: `${appOrigin()}/orders/${order.orderId}`,
  });
  await queueMail(tx, { ...mail, to: user.email, userId: order.userId });
}

/**
 * Tells the account that cards of an order were cancelled and refunded (by the account or by an
 * administrator), written in the cancellation's transaction: one mail per cancellation, naming
 * the cards (the first RECEIPT_PIECES_LISTED), the refund and the credit after it.
 */
export async function queueOrderCancelled(tx: Database, cancelled: { userId: number; pieceIds: number[] }): Promise<void> {
  if (cancelled.pieceIds.length === 0) return;
  const user = await accountOf(tx, cancelled.userId);
  if (!user) return;
  const pieces = await tx
    .select({ orderId: orderRecipients.orderId, name: orderRecipients.name, priceCents: orderRecipients.priceCents })
    .from(orderRecipients)
    .where(inArray(orderRecipients.id, cancelled.pieceIds))
    .orderBy(asc(orderRecipients.id));
  const [account] = await tx.select({ creditCents: users.creditCents }).from(users).where(eq(users.id, cancelled.userId)).limit(1);
  // A cancellation is of one order's pieces; should a caller pass several orders, each gets its mail.
  for (const orderId of [...new Set(pieces.map((piece) => piece.orderId))]) {
    const ofOrder = pieces.filter((piece) => piece.orderId === orderId);
    const mail = orderCancelledMail({
      username: user.username,
      orderId,
      names: ofOrder.slice(0, RECEIPT_PIECES_LISTED).map((piece) => piece.name),
      cancelledCount: ofOrder.length,
      refundedCents: ofOrder.reduce((sum, piece) => sum + piece.priceCents, 0),
      remainingCreditCents: account?.creditCents ?? 0,
      orderUrl: `${appOrigin()}/orders/${orderId}`,
    });
    await queueMail(tx, { ...mail, to: user.email, userId: cancelled.userId });
  }
}

/**
 * Tells the account that an automation sent nothing today for want of credit, with what it
 * needed, what the account has and what is missing. Written with the day's skipped run, once.
 */
export async function queueAutomationSkipped(tx: Database, run: { userId: number; automationId: number; neededCents: number }): Promise<void> {
  const user = await accountOf(tx, run.userId);
  if (!user) return;
  const [row] = await tx
    .select({ name: automations.name, creditCents: users.creditCents })
    .from(automations)
    .innerJoin(users, eq(users.id, automations.userId))
    .where(eq(automations.id, run.automationId))
    .limit(1);
  if (!row) return;
  const mail = automationSkippedMail({
    username: user.username,
    automationName: row.name,
    neededCents: run.neededCents,
    availableCents: row.creditCents,
    automationUrl: `${appOrigin()}/automations/${run.automationId}`,
    addCreditUrl: `${appOrigin()}/account/credit`,
  });
  await queueMail(tx, { ...mail, to: user.email, userId: run.userId });
}
