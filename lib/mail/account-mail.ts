import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { automations, cards, orderRecipients, projects, users } from "@/db/schema";
import { appOrigin } from "@/lib/config";
import { queueMail } from "./outbox";
import { automationSkippedMail, cardCancelledMail, orderReceiptMail } from "./templates";

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

/**
 * Tells the account that one of its cards was cancelled (by it or by an administrator) and its
 * price refunded, with the credit it now has. Written in the cancellation's own transaction,
 * after the refund: it exists exactly when the refund does.
 */
export async function queueCardCancelled(tx: Database, pieceId: number): Promise<void> {
  const [row] = await tx
    .select({
      userId: orderRecipients.userId,
      orderId: orderRecipients.orderId,
      name: orderRecipients.name,
      priceCents: orderRecipients.priceCents,
      cardName: cards.name,
      email: users.email,
      username: users.username,
      creditCents: users.creditCents,
    })
    .from(orderRecipients)
    .innerJoin(users, eq(users.id, orderRecipients.userId))
    .innerJoin(projects, eq(projects.id, orderRecipients.projectId))
    .innerJoin(cards, eq(cards.id, projects.cardId))
    .where(eq(orderRecipients.id, pieceId))
    .limit(1);
  if (!row) return;
  const mail = cardCancelledMail({
    username: row.username,
    recipientName: row.name,
    cardName: row.cardName,
    orderId: row.orderId,
    refundCents: row.priceCents,
    creditCents: row.creditCents,
    orderUrl: `${appOrigin()}/orders/${row.orderId}`,
  });
  await queueMail(tx, { ...mail, to: row.email, userId: row.userId });
}
