import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
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

export type OrderCharge = { outcome: "charged"; orderId: number; balanceCents: number } | { outcome: "short"; balanceCents: number };

/**
 * Opens an order of `totalCents` and pays it from the account's credit with one 'order' ledger
 * row, in one statement of the caller's transaction: an order never exists without its charge,
 * and a refused one takes no order id. The debit is conditional, so concurrent orders never take
 * the balance below zero; when the credit falls short nothing is written and the caller words
 * the refusal with the balance returned.
 */
export async function chargeOrder(tx: Database, order: { userId: number; totalCents: number }): Promise<OrderCharge> {
  const { userId, totalCents } = order;
  const [charged] = await execute<{ order_id: number; credit_cents: number }>(
    tx,
    sql`
      with charged as (
        update users set credit_cents = credit_cents - ${totalCents}::bigint
        where id = ${userId}::int and credit_cents >= ${totalCents}::bigint
        returning id, credit_cents
      ),
      opened as (
        insert into orders (user_id, total_cents)
        select id, ${totalCents}::int from charged
        returning id, user_id
      ),
      logged as (
        insert into credit_ledger (user_id, amount_cents, balance_after_cents, kind, order_id, created_by)
        select charged.id, -${totalCents}::int, charged.credit_cents, 'order', opened.id, charged.id
        from charged join opened on opened.user_id = charged.id
      )
      select opened.id as order_id, charged.credit_cents from charged join opened on opened.user_id = charged.id
    `,
  );
  if (charged) return { outcome: "charged", orderId: Number(charged.order_id), balanceCents: Number(charged.credit_cents) };
  const [user] = await tx.select({ creditCents: users.creditCents }).from(users).where(eq(users.id, userId));
  return { outcome: "short", balanceCents: user?.creditCents ?? 0 };
}

/**
 * The refund of every piece in the caller's CTE named `pieces` (rows with id, user_id, order_id
 * and price_cents), as two more CTEs for the same statement: a piece's status change and its
 * refund are then one write, and a change that does not happen refunds nothing. Each account is
 * credited once with its pieces' sum (`credited`: id, credit_cents after); each piece gets a
 * 'refund' row whose balance is the credit after its own refund, the rows in the order of the
 * piece ids so that each balance follows the one before.
 */
export function refundPieces(pieces: string, createdBy: number): SQL {
  const from = sql.identifier(pieces);
  return sql`
    credited as (
      update users u set credit_cents = u.credit_cents + owed.cents
      from (select user_id, sum(price_cents) as cents from ${from} group by user_id) owed
      where u.id = owed.user_id
      returning u.id, u.credit_cents
    ),
    refunded as (
      insert into credit_ledger (user_id, amount_cents, balance_after_cents, kind, order_id, order_recipient_id, created_by)
      select p.user_id, p.price_cents,
        c.credit_cents - sum(p.price_cents) over (partition by p.user_id)
          + sum(p.price_cents) over (partition by p.user_id order by p.id rows unbounded preceding),
        'refund', p.order_id, p.id, ${createdBy}::int
      from ${from} p join credited c on c.id = p.user_id
      order by p.user_id, p.id
    )`;
}

/**
 * Takes an account's whole remaining credit away with one 'adjustment' row (nothing when it is
 * zero), as closing the account does, in the caller's transaction.
 */
export async function closeCredit(tx: Database, account: { userId: number; note: string; createdBy: number }): Promise<void> {
  // Locked, so the amount taken is the balance the row holds now, not the one this statement's snapshot saw.
  await execute(
    tx,
    sql`
      with was as (
        select id, credit_cents from users where id = ${account.userId}::int and credit_cents > 0 for update
      ),
      closed as (
        update users u set credit_cents = 0 from was where u.id = was.id
        returning u.id, was.credit_cents
      )
      insert into credit_ledger (user_id, amount_cents, balance_after_cents, kind, note, created_by)
      select id, -credit_cents, 0, 'adjustment', ${account.note}, ${account.createdBy}::int from closed
    `,
  );
}
