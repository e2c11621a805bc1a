import { centsToDollars } from "@/lib/money";
import type { LedgerEntry } from "./service";

export type LedgerEntryJson = {
  id: number;
  kind: string;
  amount: number;
  balance_after: number;
  order_id: number | null;
  note: string | null;
  created_at: string;
};

/** A ledger row for the account page: amounts in dollars, like every API amount. */
export function toLedgerEntryJson(entry: LedgerEntry): LedgerEntryJson {
  return {
    id: entry.id,
    kind: entry.kind,
    amount: centsToDollars(entry.amountCents),
    balance_after: centsToDollars(entry.balanceAfterCents),
    order_id: entry.orderId,
    note: entry.note,
    created_at: entry.createdAt.toISOString(),
  };
}
