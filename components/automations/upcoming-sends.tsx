import Link from "next/link";
import { Alert } from "@/components/ui/feedback";
import { longDate } from "@/components/ui/format";
import { daysEarlyInWords, EVENT_SINGULAR, upcomingCostInWords } from "@/lib/automations/wording";
import type { UpcomingSends as Upcoming } from "@/lib/automations/upcoming";
import { formatMoney } from "@/lib/money";

/** The calendar's send flow for a date too late for the automation: the catalog for the occasion, the contact and the date carried along. */
const sendNowHref = (item: Upcoming["occurrences"][number]) =>
  `/cards?${new URLSearchParams({ for: item.contactId, occasion: item.kind === "anniversary" ? "anniversary" : "birthday", delivery_date: item.eventDate })}`;

/** What the saved automation will send in the next days, and whether the credit covers it; too-late dates are listed, not counted. */
export function UpcomingSends({ upcoming, days, active }: { upcoming: Upcoming; days: number; active: boolean }) {
  const { occurrences, count, totalCents, creditAvailableCents } = upcoming;
  const short = totalCents > creditAvailableCents;
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm font-medium text-stone-900">
        {upcomingCostInWords(totalCents, count, days, creditAvailableCents)}
      </p>
      {!active ? <Alert tone="info">This automation is off: these are the cards it would send once turned on.</Alert> : null}
      {short ? (
        <Alert>
          Your credit does not cover these cards: {formatMoney(totalCents - creditAvailableCents)} more is needed. A card that can&apos;t be paid for waits
          until you <Link href="/account/credit" className="font-medium underline">add credit</Link>, while it can still arrive in time.
        </Alert>
      ) : null}
      {occurrences.length === 0 ? (
        <p className="text-sm text-stone-500">
          Nothing to send in the next {days} days. Contacts need the chosen dates and a complete mailing address to receive a card.
        </p>
      ) : (
        <ol className="divide-y divide-stone-100" aria-label="Upcoming sends">
          {occurrences.map((item) => (
            <li key={`${item.contactId}-${item.kind}-${item.eventDate}`} className="py-3 text-sm">
              <div className="flex items-baseline justify-between gap-4">
                <p className="min-w-0 font-medium break-words text-stone-900">
                  {EVENT_SINGULAR[item.kind]} of {item.name} · {longDate(item.eventDate)}
                </p>
                <p className={item.status === "too_late" ? "shrink-0 text-stone-500 line-through tabular-nums" : "shrink-0 text-stone-900 tabular-nums"}>
                  {formatMoney(item.priceCents)}
                </p>
              </div>
              <p className="text-stone-600">
                To{" "}
                <Link href={`/contacts/${item.contactId}`} className="font-medium text-stone-800 hover:text-rose-800">
                  {item.recipientName}
                </Link>
                {item.contactIds.length > 1 ? <> · one card for the {item.contactIds.length} of them at one address</> : null}
                {item.status === "too_late" ? null : (
                  <>
                    {" "}
                    · goes out {longDate(item.sendDate)} · arrives {longDate(item.deliveryDate)}
                  </>
                )}
              </p>
              {item.status === "late" && item.daysEarly !== null ? (
                <p className="mt-1 text-amber-800">Later than asked: its date is close, so it arrives {daysEarlyInWords(item.daysEarly)}.</p>
              ) : null}
              {item.status === "too_late" ? (
                <p className="mt-1 text-amber-800">
                  Too late: no card can arrive by the date, so none is sent.{" "}
                  <Link href={sendNowHref(item)} className="font-medium text-rose-700 underline hover:text-rose-900">
                    Send a card now
                  </Link>
                </p>
              ) : (
                <p className="mt-1 rounded-md bg-stone-50 px-3 py-2 whitespace-pre-line text-stone-700">{item.message}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
