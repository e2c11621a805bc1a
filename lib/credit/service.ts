import "server-only";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { creditLedger, orderRecipients, users, type CreditEntryKind } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { isIdPosition, keysetCursor } from "@/lib/cursor";
import { fieldError, forbidden, notFound } from "@/lib/errors";
import { isSerialId } from "@/lib/ids";
import { centsToDollars } from "@/lib/money";
import { toCursorPage } from "@/lib/paging";
import { parseInput } from "@/lib/validation";
import { moveCredit, type LedgerEntry } from "./ledger";
import { grantCreditSchema, listLedgerQuerySchema, type ListLedgerQuery } from "./schema";

export const ADMIN_ACCOUNT_TYPE = 3;

export type CreditBalance = { cents: number; dollars: number };

export type { LedgerEntry } from "./ledger";

export type LedgerPage = { entries: LedgerEntry[]; nextCursor: string | null };

const ledgerCursor = keysetCursor("credit-ledger", isIdPosition);

export async function getCredit(ctx: ServiceContext): Promise<CreditBalance> {
  const [row] = await ctx.db.select({ cents: users.creditCents }).from(users).where(eq(users.id, ctx.user.id));
  if (!row) throw notFound("User not found");
  return { cents: row.cents, dollars: centsToDollars(row.cents) };
}

/** The acting user's credit history, newest first. */
export async function listLedger(ctx: ServiceContext, input: Partial<ListLedgerQuery> = {}): Promise<LedgerPage> {
  const query = parseInput(listLedgerQuerySchema, input);
  const after = ledgerCursor.decode(ctx, query.cursor);
  const rows = await ctx.db
    .select({
      id: creditLedger.id,
      kind: creditLedger.kind,
      amountCents: creditLedger.amountCents,
      balanceAfterCents: creditLedger.balanceAfterCents,
      orderId: creditLedger.orderId,
      orderRecipientId: creditLedger.orderRecipientId,
      note: creditLedger.note,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, ctx.user.id), after ? lt(creditLedger.id, after.id) : undefined))
    .orderBy(desc(creditLedger.id))
    .limit(query.per_page + 1);
  const page = toCursorPage(rows, query.per_page, (last) => ledgerCursor.encode(ctx, { id: last.id }));
  return { entries: page.items.map((row) => ({ ...row, kind: row.kind as CreditEntryKind })), nextCursor: page.nextCursor };
}

/**
 * What the order's cancelled pieces gave back: the ledger's refund rows, which are the record of
 * money moved (a piece's status says nothing of what was paid back). Found through the pieces,
 * which the one-refund-per-piece index serves.
 */
export async function refundedCentsOfOrder(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${creditLedger.amountCents}), 0)::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.kind, "refund"),
        inArray(creditLedger.orderRecipientId, db.select({ id: orderRecipients.id }).from(orderRecipients).where(eq(orderRecipients.orderId, orderId))),
      ),
    );
  return Number(row?.cents ?? 0);
}

export function assertAdmin(ctx: ServiceContext): void {
  if (ctx.user.accountType !== ADMIN_ACCOUNT_TYPE) throw forbidden("This action is unauthorized.");
}

/**
 * Adds credit to an account (a 'grant') or, with a negative amount, takes some back (an
 * 'adjustment'). The balance moves in one conditional UPDATE, so concurrent grants and
 * checkouts never lose a change nor take the balance below zero.
 */
export async function grantCredit(ctx: ServiceContext, userId: number, amountCents: number, note?: string | null): Promise<LedgerEntry> {
  assertAdmin(ctx);
  const input = parseInput(grantCreditSchema, { amount_cents: amountCents, note: note ?? null });
  const amount = input.amount_cents;
  if (!isSerialId(userId)) throw notFound("User not found");
  return ctx.db.transaction(async (tx) => {
    // Locked, so that an account deleted meanwhile is seen deleted: its closed balance stays closed.
    const [account] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).for("update");
    if (!account) throw notFound("User not found");
    if (account.deletedAt) throw notFound("This account was deleted: its credit cannot change.");
    const change = await moveCredit(tx, { userId, amountCents: amount, kind: amount > 0 ? "grant" : "adjustment", note: input.note ?? null, createdBy: ctx.user.id });
    if (change.outcome === "no-account") throw notFound("User not found");
    if (change.outcome === "out-of-bounds") {
      if (amount < 0) throw fieldError("amount_cents", `The adjustment would take the balance below zero (the balance is ${centsToDollars(change.balanceCents).toFixed(2)}).`);
      throw fieldError("amount_cents", "The grant would take the balance above the largest amount an account can hold.");
    }
    return change.entry;
  });
}
