import Link from "next/link";
import type { ReactNode } from "react";
import { formatMoney } from "@/lib/money";
import { plural } from "@/components/ui/format";
import { Time } from "@/components/ui/time";
import type { StatusCounts } from "@/lib/orders/status";
import { StatusSummary } from "./status-badge";

type Props = {
  href: string;
  orderId: number;
  createdAt: Date;
  totalCents: number;
  recipientsCount: number;
  statusCounts: StatusCounts;
  /** A line under the title: the projects, or the buyer for admins. */
  detail?: ReactNode;
};

/** One order in a list; the whole card is the link to its tracking page. */
export function OrderCard({ href, orderId, createdAt, totalCents, recipientsCount, statusCounts, detail }: Props) {
  return (
    <article className="relative rounded-xl border border-stone-200 bg-white p-4 shadow-sm transition-colors focus-within:border-rose-300 hover:border-stone-300 sm:p-5">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-stone-900">
            <Link href={href} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
              Order #{orderId}
            </Link>
          </h2>
          <p className="text-sm text-stone-600">
            <Time value={createdAt} style="date" />
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className="font-semibold text-stone-900 tabular-nums">{formatMoney(totalCents)}</p>
          <p className="text-sm text-stone-600">{plural(recipientsCount, "card")}</p>
        </div>
      </div>
      {detail ? <div className="mt-2 min-w-0 text-sm break-words text-stone-700">{detail}</div> : null}
      <StatusSummary counts={statusCounts} className="mt-3" />
    </article>
  );
}
