import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { type Database } from "@/db/client";
import { creditLedger, users, type CreditEntryKind } from "@/db/schema";
import { MAX_INT4 } from "@/lib/ids";

/*
 * The only writers of an account's credit. Each moves the balance and writes the ledger rows
 * that explain it in the same statement or transaction, so the ledger always adds up to the
 * balance: every row's balance_after is the one before plus its amount.
 */

export type LedgerEntry = {
  id: number;
  kind: CreditEntryKind;
  amountCents: number;
  balanceAfterCents: number;
  orderId: number | null;
  orderRecipientId: number | null;
  note: string | null;
  createdAt: Date;
};

export type CreditChange =
  | { outcome: "moved"; entry: LedgerEntry }
  | { outcome: "no-account" }
  | { outcome: "out-of-bounds"; balanceCents: number };

/**
 * Moves an account's balance by `amountCents` and writes its ledger row, inside the caller's
 * transaction. One conditional UPDATE moves the balance, so concurrent changes never lose one
 * nor take the balance below zero or past what the column holds; the caller words the refusal.
 */
export async function moveCredit(
  tx: Database,
  change: { userId: number; amountCents: number; kind: CreditEntryKind; note: string | null; createdBy?: number | null },
): Promise<CreditChange> {
  const [credited] = await tx
    .update(users)
    .set({ creditCents: sql`${users.creditCents} + ${change.amountCents}::int` })
    .where(and(eq(users.id, change.userId), sql`${users.creditCents}::bigint + ${change.amountCents}::int between 0 and ${MAX_INT4}::int`))
    .returning({ creditCents: users.creditCents });
  if (!credited) {
    const [user] = await tx.select({ creditCents: users.creditCents }).from(users).where(eq(users.id, change.userId));
    return user ? { outcome: "out-of-bounds", balanceCents: user.creditCents } : { outcome: "no-account" };
  }
  const [entry] = await tx
    .insert(creditLedger)
    .values({
      userId: change.userId,
      amountCents: change.amountCents,
      balanceAfterCents: credited.creditCents,
      kind: change.kind,
      note: change.note,
      createdBy: change.createdBy ?? null,
    })
    .returning();
  return {
    outcome: "moved",
    entry: {
      id: entry!.id,
      kind: entry!.kind as CreditEntryKind,
      amountCents: entry!.amountCents,
      balanceAfterCents: entry!.balanceAfterCents,
      orderId: entry!.orderId,
      orderRecipientId: entry!.orderRecipientId,
      note: entry!.note,
      createdAt: entry!.createdAt,
    },
  };
}
