import Link from "next/link";
import type { ReactNode } from "react";
import type { LedgerEntry } from "@/lib/credit/service";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { formatMoney } from "@/lib/money";
import { Time } from "@/components/ui/time";
import { HeaderRow } from "@/components/ui/table";

const KIND_WORDS: Record<LedgerEntry["kind"], string> = {
  grant: "Credit added",
  order: "Order",
  refund: "Refund",
  adjustment: "Adjustment",
  purchase: "Credit bought",
};

const orderLink = "font-medium text-rose-700 underline-offset-2 hover:underline";

function Description({ entry }: { entry: LedgerEntry }) {
  let head: ReactNode = KIND_WORDS[entry.kind] ?? entry.kind;
  if (entry.orderId !== null && entry.kind === "order") {
    head = (
      <Link href={`/orders/${entry.orderId}`} className={orderLink}>
        Order #{entry.orderId}
      </Link>
    );
  } else if (entry.orderId !== null && entry.kind === "refund") {
    head = (
      <>
        Refund for{" "}
        <Link href={`/orders/${entry.orderId}`} className={orderLink}>
          order #{entry.orderId}
        </Link>
      </>
    );
  }
  return (
    <>
      <span className="font-medium text-stone-900">{head}</span>
      {entry.note ? <span className="block text-stone-500">{entry.note}</span> : null}
    </>
  );
}

function Amount({ cents }: { cents: number }) {
  return (
    <span className={cn("font-medium tabular-nums", cents >= 0 ? "text-emerald-700" : "text-stone-900")}>
      {cents >= 0 ? "+" : "−"}
      {formatMoney(Math.abs(cents))}
    </span>
  );
}

type Props = { entries: LedgerEntry[]; nextCursor: string | null; isFirstPage: boolean };

/** Every credit change, newest first: a table on wide screens, a list on phones. */
export function CreditLedger({ entries, nextCursor, isFirstPage }: Props) {
  if (entries.length === 0) {
    return <p className="text-sm text-stone-600">{isFirstPage ? "No credit changes yet. Credit added to your account and spent on orders shows up here." : "No older entries."}</p>;
  }
  return (
    <div>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">Credit history, newest first</caption>
        <thead>
          <HeaderRow
            className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-500"
            cellClass="py-2 font-semibold"
            columns={[
              { label: "Date", className: "pr-4" },
              { label: "Description", className: "pr-4" },
              { label: "Amount", className: "pr-4 text-right" },
              { label: "Balance after", className: "text-right" },
            ]}
          />
        </thead>
        <tbody className="divide-y divide-stone-100">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="whitespace-nowrap py-3 pr-4 align-top text-stone-600">
                <Time value={entry.createdAt} style="date" />
              </td>
              <td className="py-3 pr-4 align-top">
                <Description entry={entry} />
              </td>
              <td className="whitespace-nowrap py-3 pr-4 text-right align-top">
                <Amount cents={entry.amountCents} />
              </td>
              <td className="whitespace-nowrap py-3 text-right align-top tabular-nums text-stone-700">{formatMoney(entry.balanceAfterCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="divide-y divide-stone-100 text-sm sm:hidden" aria-label="Credit history, newest first">
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-start justify-between gap-3 py-3">
            <div className="min-w-0">
              <Description entry={entry} />
              <Time value={entry.createdAt} style="date" className="block text-xs text-stone-500" />
            </div>
            <div className="shrink-0 text-right">
              <Amount cents={entry.amountCents} />
              <span className="block text-xs tabular-nums text-stone-500">Balance {formatMoney(entry.balanceAfterCents)}</span>
            </div>
          </li>
        ))}
      </ul>

      {nextCursor || !isFirstPage ? (
        <nav aria-label="Credit history pages" className="mt-4 flex justify-between gap-2 border-t border-stone-100 pt-4">
          {!isFirstPage ? (
            <Link href="/account#credit-history" className={buttonClass("ghost", "sm")} scroll={false}>
              <span aria-hidden="true">‹</span> Newest entries
            </Link>
          ) : (
            <span />
          )}
          {nextCursor ? (
            <Link href={`/account?ledger=${encodeURIComponent(nextCursor)}#credit-history`} className={buttonClass("secondary", "sm")} scroll={false}>
              Older entries <span aria-hidden="true">›</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
