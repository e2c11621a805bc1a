import Link from "next/link";
import { TooLateMark } from "@/components/calendar/automated-badge";
import { formatLongDay, sendCardHref, yearsLabel } from "@/components/calendar/format";
import { StatusBadge } from "@/components/orders/status-badge";
import { buttonClass, ButtonLink } from "@/components/ui/button";
import { Badge, Panel } from "@/components/ui/feedback";
import type { HomeData, HomeDate, HomeFirstSteps } from "@/lib/home/home";
import { formatMoney } from "@/lib/money";

// Links here prefetch nothing (prefetch={false}): each one in view asked the server for its page
// while this page was still starting, main-thread work that delayed a phone's first interaction.

const dayOf = (date: string) => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return { year, month, day };
};

const daysAway = (today: string, date: string) => Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
const whenText = (n: number) => (n === 0 ? "Today" : n === 1 ? "Tomorrow" : `In ${n} days`);

/** Signed in, `/`: what the next 30 days hold and whether a card will be there for each. */
export function HomeDashboard({ data, name }: { data: HomeData; name: string }) {
  const steps = data.firstSteps;
  const stepsLeft = !steps.contacts || !steps.returnAddress || !steps.automation;
  return (
    <div>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-rose-700">Home</p>
          <h1 className="text-2xl font-semibold tracking-tight text-stone-900">Hello, {name}</h1>
          <p className="mt-1 text-sm text-stone-600">The next 30 days of birthdays and anniversaries, and what is done about each.</p>
        </div>
        <p className="text-sm text-stone-700">
          Credit: <span className="font-semibold text-stone-900">{formatMoney(data.creditCents)}</span>{" "}
          <Link prefetch={false} href="/account/credit" className="font-medium text-rose-700 underline-offset-2 hover:underline">
            Add credit
          </Link>
        </p>
      </div>

      {stepsLeft ? <FirstSteps steps={steps} /> : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="next-dates" className="lg:col-span-2">
          <h2 id="next-dates" className="mb-3 text-lg font-semibold text-stone-900">
            Next 30 days
          </h2>
          {data.dates.length === 0 ? (
            <Panel>
              <p className="text-sm text-stone-600">
                No birthdays or anniversaries in the next 30 days.{" "}
                <Link prefetch={false} href="/calendar" className="font-medium text-rose-700 underline-offset-2 hover:underline">
                  Open the calendar
                </Link>
              </p>
            </Panel>
          ) : (
            <NextDatesList dates={data.dates} today={data.today} />
          )}
        </section>

        <section aria-labelledby="in-the-post">
          <h2 id="in-the-post" className="mb-3 text-lg font-semibold text-stone-900">
            Cards in the post
          </h2>
          {data.inThePost.length === 0 ? (
            <Panel>
              <p className="text-sm text-stone-600">No cards on their way right now.</p>
            </Panel>
          ) : (
            <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
              {data.inThePost.map((p, i) => (
                <li key={`${p.orderId}-${i}`} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                  <span className="min-w-0">
                    <Link prefetch={false} href={`/orders/${p.orderId}`} className="font-medium text-stone-900 hover:underline">
                      {p.name}
                    </Link>
                    <span className="block text-xs text-stone-600">Arrives by {formatLongDay(dayOf(p.scheduledDeliveryDate))}</span>
                  </span>
                  <StatusBadge status={p.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** The dates of the next 30 days, each with what is done about it; home's list and the calendar's side list. */
export function NextDatesList({ dates, today, narrow = false }: { dates: HomeDate[]; today: string; narrow?: boolean }) {
  return (
    <ol className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
      {dates.map((d) => (
        <DateRow key={`${d.date}|${d.entry.contactUuid}|${d.entry.text}`} item={d} today={today} narrow={narrow} />
      ))}
    </ol>
  );
}

function DateRow({ item, today, narrow }: { item: HomeDate; today: string; narrow: boolean }) {
  const { entry, state, date } = item;
  const day = dayOf(date);
  const years = yearsLabel(entry);
  const href = sendCardHref(entry, day);
  return (
    <li className={narrow ? "flex flex-col gap-2 px-4 py-3" : "flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"}>
      <div className="min-w-0">
        <p className="text-xs font-medium text-stone-600">
          {formatLongDay(day)} · {whenText(daysAway(today, date))}
        </p>
        <p className="font-medium text-stone-900">
          {entry.name}
          {years ? <span className="font-normal text-stone-600"> · {years}</span> : null}
        </p>
        <p className="text-sm text-stone-600">{entry.text}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {state.kind === "ordered" ? (
          <>
            <Badge tone="green">Card ordered</Badge>
            <Link prefetch={false} href={`/orders/${state.orderId}`} className="text-sm font-medium text-rose-700 underline-offset-2 hover:underline" aria-label={`Track the card for ${entry.text}`}>
              <StatusBadge status={state.status} />
            </Link>
          </>
        ) : state.kind === "automated" ? (
          <Badge tone="blue">Automated: {state.automations.join(", ")}</Badge>
        ) : state.kind === "too_late" ? (
          <TooLateMark names={state.automations} href={href} about={entry.text} />
        ) : (
          <>
            <Badge>Nothing yet</Badge>
            <Link prefetch={false} href={href} aria-label={`Send a card for ${entry.text}`} className={buttonClass("secondary", "sm")}>
              Send a card
            </Link>
          </>
        )}
      </div>
    </li>
  );
}

function FirstSteps({ steps }: { steps: HomeFirstSteps }) {
  const items = [
    { done: steps.contacts, title: "Import your contacts", text: "Bring your address book in from a file.", href: "/contacts/import", action: "Import contacts" },
    { done: steps.returnAddress, title: "Add your return address", text: "It is printed on every envelope.", href: "/account", action: "Add return address" },
    { done: steps.automation, title: "Set up an automation", text: "A card for every birthday of a group, mailed on time.", href: "/automations/new", action: "Create an automation" },
  ].filter((s) => !s.done);
  return (
    <section aria-labelledby="first-steps" className="mb-6 rounded-xl border border-rose-200 bg-rose-50 p-4">
      <h2 id="first-steps" className="text-lg font-semibold text-stone-900">
        First steps
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {items.map((s) => (
          <li key={s.title} className="flex flex-col justify-between gap-2 rounded-lg bg-white p-3 ring-1 ring-rose-100">
            <div>
              <h3 className="font-medium text-stone-900">{s.title}</h3>
              <p className="text-sm text-stone-600">{s.text}</p>
            </div>
            <ButtonLink prefetch={false} href={s.href} variant="secondary" size="sm" className="self-start">
              {s.action}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
