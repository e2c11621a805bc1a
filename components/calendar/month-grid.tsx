import Link from "next/link";
import type { CalendarDay, GridDay } from "@/lib/events/calendar";
import { cn } from "@/components/ui/cn";
import { AutomatedBadge, TooLateMark } from "./automated-badge";
import { KindIcon, SendIcon } from "./event-kind";
import { contactHref, formatFullDate, formatMonthYear, sendCardHref, WEEKDAYS } from "./format";

// Links here prefetch nothing (prefetch={false}): each one in view asked the server for its page
// while this page was still starting, main-thread work that delayed a phone's first interaction.

type Props = {
  year: number;
  month: number;
  weeks: GridDay[][];
  days: CalendarDay[];
  today: { year: number; month: number; day: number };
};

const isSameDay = (a: GridDay, b: Props["today"]) => a.year === b.year && a.month === b.month && a.day === b.day;

/** The month as a table of Sunday-first weeks: a wide-screen view (narrower screens get the agenda). */
export function MonthGrid({ year, month, weeks, days, today }: Props) {
  const entriesByDay = new Map(days.map((d) => [d.day, d.entries]));
  return (
    <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <table className="w-full table-fixed border-collapse text-left">
        <caption className="sr-only">Birthdays and anniversaries in {formatMonthYear(year, month)}</caption>
        <thead>
          <tr className="border-b border-stone-200 bg-stone-50">
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" className="px-2 py-2 text-xs font-semibold uppercase tracking-wide text-stone-500">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={`${week[0]!.year}-${week[0]!.month}-${week[0]!.day}`} className="border-b border-stone-200 last:border-b-0">
              {week.map((day) => {
                const isToday = isSameDay(day, today);
                const entries = day.inMonth ? (entriesByDay.get(day.day) ?? []) : [];
                return (
                  <td
                    key={`${day.month}-${day.day}`}
                    aria-current={isToday ? "date" : undefined}
                    className={cn(
                      "h-28 border-r border-stone-200 p-1.5 align-top last:border-r-0",
                      day.inMonth ? "bg-white" : "bg-stone-50 text-stone-400",
                      isToday && "bg-rose-50/60",
                    )}
                  >
                    <div className="flex items-center justify-between px-1">
                      <span
                        className={cn(
                          "grid h-7 min-w-7 place-items-center rounded-full text-sm tabular-nums",
                          day.inMonth ? "font-medium text-stone-800" : "text-stone-500",
                          isToday && "bg-rose-700 font-semibold text-white",
                        )}
                      >
                        <span className="sr-only">{formatFullDate(day)}</span>
                        <span aria-hidden="true">{day.day}</span>
                      </span>
                      {isToday ? <span className="text-xs font-semibold text-rose-800">Today</span> : null}
                    </div>
                    {entries.length > 0 ? (
                      <ul className="mt-1 space-y-1">
                        {entries.map((entry, index) => (
                          <li key={`${entry.contactUuid}-${entry.kind}-${index}`} className="group flex items-center gap-0.5 rounded-md hover:bg-stone-50">
                            <Link prefetch={false}
                              href={contactHref(entry)}
                              aria-label={entry.text}
                              title={entry.text}
                              className="flex min-w-0 flex-1 items-center gap-1.5 rounded-md px-1 py-0.5 text-xs text-stone-800 hover:text-rose-800"
                            >
                              <KindIcon kind={entry.kind} />
                              {/* A long name wraps in a narrow day rather than losing its end. */}
                              <span className="min-w-0 [overflow-wrap:anywhere]">{entry.name}</span>
                            </Link>
                            <AutomatedBadge names={entry.automations} compact />
                            <TooLateMark names={entry.tooLateFor} href={sendCardHref(entry, day)} about={entry.text} compact />
                            <Link prefetch={false}
                              href={sendCardHref(entry, day)}
                              aria-label={`Send a card for ${entry.text}`}
                              title="Send a card"
                              className="grid h-6 w-6 shrink-0 place-items-center rounded-md text-stone-400 hover:bg-rose-100 hover:text-rose-800 focus-visible:text-rose-800"
                            >
                              <SendIcon className="h-3.5 w-3.5" />
                            </Link>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
