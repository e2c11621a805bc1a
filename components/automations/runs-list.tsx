"use client";

import Link from "next/link";
import { fetchCursorPage, MorePages, useCursorPages } from "@/components/ui/cursor-pages";
import { Badge } from "@/components/ui/feedback";
import { plural } from "@/components/ui/format";
import { Time } from "@/components/ui/time";
import type { AutomationRunRow, AutomationRunRowPage } from "@/lib/automations/view";
import { skipReasonInWords } from "@/lib/automations/wording";
import { formatMoney } from "@/lib/money";

type Props = { automationId: number; initialPage: AutomationRunRowPage; renderedAt: string };

/** The automation's runs, newest first: the server renders the first page, "Load more" the next. */
export function RunsList({ automationId, initialPage, renderedAt }: Props) {
  const pages = useCursorPages({
    queryKey: ["automation-runs", automationId, renderedAt],
    initialPage,
    fetchPage: (cursor, signal) =>
      fetchCursorPage<AutomationRunRow>(`/automations/${automationId}/runs-data?${new URLSearchParams(cursor ? { cursor } : {})}`, "runs", signal),
  });
  if (pages.items.length === 0) {
    return <p className="text-sm text-stone-500">No runs yet. Each day the automation sends cards, or can&apos;t, shows here.</p>;
  }
  return (
    <div>
      <ol className="divide-y divide-stone-100" aria-label="Runs">
        {pages.items.map((run) => (
          <li key={run.id} className="space-y-1 py-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Time value={run.createdAt} className="font-medium text-stone-900" />
              {run.status === "sent" ? <Badge tone="green">Sent</Badge> : <Badge tone="amber">Skipped</Badge>}
              {run.orderId !== null ? (
                <Link href={`/orders/${run.orderId}`} className="font-medium text-rose-700 hover:text-rose-900">
                  Order #{run.orderId}
                </Link>
              ) : null}
            </div>
            {run.status === "sent" ? (
              <p className="text-stone-600">
                {plural(run.recipientsCount, "recipient")} · {formatMoney(run.creditChargedCents)} charged
              </p>
            ) : (
              <p className="text-stone-600">{skipReasonInWords(run.reason, run.creditNeededCents)}</p>
            )}
            {run.leftOut.length > 0 ? (
              <div className="text-stone-600">
                <p>Left out:</p>
                <ul className="ml-4 list-disc">
                  {run.leftOut.map((item) => (
                    <li key={item.contactId}>
                      {item.name ? (
                        <Link href={`/contacts/${item.contactId}`} className="font-medium text-stone-800 hover:text-rose-800">
                          {item.name}
                        </Link>
                      ) : (
                        "A deleted contact"
                      )}{" "}
                      — no complete address
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <MorePages pages={pages} noun="runs" />
    </div>
  );
}
