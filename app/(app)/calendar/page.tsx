import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { connection } from "next/server";
import { isPhone } from "@/app/_lib/phone";
import { requireServiceContext } from "@/app/_lib/service-context";
import { AgendaList } from "@/components/calendar/agenda-list";
import { CalendarFeed } from "@/components/calendar/calendar-feed";
import { KindLegend } from "@/components/calendar/event-kind";
import { formatMonth, formatMonthYear } from "@/components/calendar/format";
import { MonthGrid } from "@/components/calendar/month-grid";
import { buttonClass, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/feedback";
import { calendarFeedCreatedAt } from "@/lib/account/calendar-feed";
import { NextDatesList } from "@/components/home/home-dashboard";
import { markAutomatedEntries } from "@/lib/automations/view";
import { getHomeData } from "@/lib/home/home";
import { getCalendarMonth, monthWeeks, resolveCalendarMonth, shiftMonth } from "@/lib/events/calendar";
import { todayIn } from "@/lib/time-zone";

// Links here prefetch nothing (prefetch={false}): each one in view asked the server for its page
// while this page was still starting, main-thread work that delayed a phone's first interaction.

export const metadata: Metadata = { title: "Calendar" };

type Props = { searchParams: Promise<{ month?: string | string[]; year?: string | string[] }> };

const monthHref = (m: { year: number; month: number }) => `/calendar?month=${m.month}&year=${m.year}`;

export default async function CalendarPage({ searchParams }: Props) {
  await connection();
  const ctx = await requireServiceContext();
  // Today is the account's today: the day it is in its time zone.
  const today = todayIn(ctx.user.timeZone);
  const { year, month } = resolveCalendarMonth(await searchParams, today);
  const todayIso = `${today.year}-${String(today.month).padStart(2, "0")}-${String(today.day).padStart(2, "0")}`;
  const calendar = await markAutomatedEntries(ctx, await getCalendarMonth(ctx, { year, month }), todayIso);
  const feedCreatedAt = await calendarFeedCreatedAt(ctx);
  const isThisMonth = year === today.year && month === today.month;
  // The next 30 days run into next month: beside this month's grid they say what is coming, whatever the month's end.
  const next30 = isThisMonth ? await getHomeData(ctx, todayIso) : null;
  const previous = shiftMonth(year, month, -1);
  const next = shiftMonth(year, month, 1);
  const title = formatMonthYear(year, month);
  const navLink = buttonClass("secondary", "sm");
  // A phone gets the agenda only: the month grid it would never show was most of what its
  // browser had to read and hydrate.
  const phone = isPhone(await headers());

  return (
    <div>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-rose-700">Calendar</p>
          <h1 className="text-2xl font-semibold tracking-tight text-stone-900">{title}</h1>
          <p className="mt-1 text-sm text-stone-600">
            {calendar.count === 0
              ? "No birthdays or anniversaries this month."
              : `${calendar.count} ${calendar.count === 1 ? "birthday or anniversary" : "birthdays and anniversaries"} of your contacts and their families.`}
          </p>
        </div>
        <nav aria-label="Months" className="flex items-center gap-2">
          {previous ? (
            <Link prefetch={false} href={monthHref(previous)} className={navLink} aria-label={`Previous month, ${formatMonthYear(previous.year, previous.month)}`}>
              <span aria-hidden="true">‹</span> {formatMonth(previous.month)}
            </Link>
          ) : null}
          <Link prefetch={false} href="/calendar" className={navLink}>
            Today
          </Link>
          {next ? (
            <Link prefetch={false} href={monthHref(next)} className={navLink} aria-label={`Next month, ${formatMonthYear(next.year, next.month)}`}>
              {formatMonth(next.month)} <span aria-hidden="true">›</span>
            </Link>
          ) : null}
        </nav>
      </div>

      {/* With dates coming next month, the list beside the grid already says what there is. */}
      {calendar.count === 0 && (next30?.dates.length ?? 0) === 0 ? (
        <div className="mb-6">
          <EmptyState
            title={`Nothing to celebrate in ${formatMonth(month)} yet`}
            action={
              <ButtonLink prefetch={false} href="/contacts" variant="primary">
                Add birthdays to your contacts
              </ButtonLink>
            }
          >
            Birthdays and anniversaries of your contacts, their spouses, children and pets appear here once their month and day are on the
            contact.
          </EmptyState>
        </div>
      ) : null}

      <div className={next30 ? "lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6" : undefined}>
        <div className="min-w-0">
          {phone ? null : (
            <div className="hidden lg:block">
              {calendar.count > 0 ? (
                <div className="mb-3">
                  <KindLegend automated={calendar.days.some((d) => d.entries.some((e) => (e.automations?.length ?? 0) > 0))} />
                </div>
              ) : null}
              <MonthGrid year={year} month={month} weeks={monthWeeks(year, month)} days={calendar.days} today={today} />
            </div>
          )}

          {calendar.count > 0 ? (
            <div className={phone ? undefined : "lg:hidden"}>
              <AgendaList year={year} month={month} days={calendar.days} today={today} />
            </div>
          ) : null}
        </div>
        {next30 ? (
          <section aria-labelledby="next-30-days" className="mt-6 lg:mt-0">
            <h2 id="next-30-days" className="mb-3 text-lg font-semibold text-stone-900">
              Next 30 days
            </h2>
            {next30.dates.length === 0 ? (
              <p className="text-sm text-stone-600">No birthdays or anniversaries in the next 30 days.</p>
            ) : (
              <NextDatesList dates={next30.dates} today={todayIso} narrow />
            )}
          </section>
        ) : null}
      </div>

      <CalendarFeed createdAt={feedCreatedAt?.toISOString() ?? null} />
    </div>
  );
}
