import Link from "next/link";
import type { CalendarDay } from "@/lib/events/calendar";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CALENDAR_KIND_LABELS } from "@/lib/events/wording";
import { AutomatedBadge, TooLateMark } from "./automated-badge";
import { KindIcon, SendIcon } from "./event-kind";
import { contactHref, formatLongDay, sendCardHref, yearsLabel } from "./format";

// Links here prefetch nothing (prefetch={false}): each one in view asked the server for its page
// while this page was still starting, main-thread work that delayed a phone's first interaction.

type Props = {
  year: number;
  month: number;
  days: CalendarDay[];
  today: { year: number; month: number; day: number };
};

/** The month's days that have events, one after the other: the phone and tablet view of the calendar. */
export function AgendaList({ year, month, days, today }: Props) {
  const isCurrentMonth = today.year === year && today.month === month;
  // Today stays on the list when it has nothing, so the reader knows where they are in the month.
  const shown = isCurrentMonth && !days.some((d) => d.day === today.day) ? [...days, { day: today.day, entries: [] }].sort((a, b) => a.day - b.day) : days;
  return (
    <ol className="space-y-4">
      {shown.map(({ day, entries }) => {
        const isToday = isCurrentMonth && today.day === day;
        return (
          <li
            key={day}
            aria-current={isToday ? "date" : undefined}
            className={cn("rounded-xl border bg-white shadow-sm", isToday ? "border-rose-300 ring-1 ring-rose-200" : "border-stone-200")}
          >
            <h2 className="flex items-center justify-between gap-2 border-b border-stone-100 px-4 py-2.5 text-sm font-semibold text-stone-900">
              {formatLongDay({ year, month, day })}
              {isToday ? <span className="rounded-full bg-rose-700 px-2 py-0.5 text-xs font-semibold text-white">Today</span> : null}
            </h2>
            {entries.length === 0 ? (
              <p className="px-4 py-3 text-sm text-stone-500">No birthdays or anniversaries today.</p>
            ) : (
              <ul className="divide-y divide-stone-100">
                {entries.map((entry, index) => {
                  const years = yearsLabel(entry);
                  const detail = [CALENDAR_KIND_LABELS[entry.kind], entry.relation, years].filter(Boolean).join(" · ");
                  return (
                    <li key={`${entry.contactUuid}-${entry.kind}-${index}`} className="flex items-center gap-3 px-4 py-3">
                      <KindIcon kind={entry.kind} className="h-8 w-8 [&>svg]:h-4 [&>svg]:w-4" />
                      <div className="min-w-0 flex-1">
                        <Link prefetch={false} href={contactHref(entry)} aria-label={entry.text} className="block text-sm font-medium break-words text-stone-900 hover:text-rose-800">
                          {entry.name}
                        </Link>
                        <p className="text-xs text-stone-500">{detail}</p>
                        <AutomatedBadge names={entry.automations} />
                        <TooLateMark names={entry.tooLateFor} href={sendCardHref(entry, { year, month, day })} about={entry.text} />
                      </div>
                      <Link prefetch={false} href={sendCardHref(entry, { year, month, day })} aria-label={`Send a card for ${entry.text}`} className={buttonClass("secondary", "sm", "shrink-0 px-2.5")}>
                        <SendIcon />
                        Send a card
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
