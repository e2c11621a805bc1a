import type { ReactNode } from "react";
import { plural } from "@/components/ui/format";
import { Time } from "@/components/ui/time";
import { formatMoney } from "@/lib/money";
import type { StatusCounts } from "@/lib/orders/status";
import { AutoRefresh } from "./auto-refresh";
import { hasOpenPieces } from "./piece-list";
import { StatusSummary } from "./status-badge";

type Props = {
  order: { id: number; createdAt: Date; totalCents: number };
  totals: { statusCounts: StatusCounts; refundedCents: number };
  /** Every card of the order, whatever its project. */
  pieces: { status: string }[];
  /** Who placed the order, on the admins' page; the buyer's own page says "Placed" instead. */
  buyer?: ReactNode;
};

/** An order tracking page's title: when it was placed, what it cost, where its cards are. */
export function OrderHeader({ order, totals, pieces, buyer }: Props) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-stone-900">Order #{order.id}</h1>
        <p className="mt-1 text-sm break-words text-stone-600">
          {buyer ? <>{buyer} · </> : "Placed "}
          <Time value={order.createdAt} /> · {plural(pieces.length, "card")} ·{" "}
          <span className="font-medium text-stone-900 tabular-nums">{formatMoney(order.totalCents)}</span> charged
          {totals.refundedCents > 0 ? <> · {formatMoney(totals.refundedCents)} refunded</> : null}
        </p>
        <StatusSummary counts={totals.statusCounts} className="mt-3" />
      </div>
      <AutoRefresh active={hasOpenPieces(pieces)} />
    </div>
  );
}
