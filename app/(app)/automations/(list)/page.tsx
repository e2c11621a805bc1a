import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { ActiveToggle } from "@/components/automations/active-toggle";
import { CardThumb } from "@/components/projects/card-thumb";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState, PageHeader } from "@/components/ui/feedback";
import { listAutomationOverviews } from "@/lib/automations/view";
import { eventsInWords } from "@/lib/automations/wording";

export const metadata: Metadata = { title: "Automations" };

const daysEarly = (days: number) => (days === 0 ? "arrives on the day" : `arrives ${days} ${days === 1 ? "day" : "days"} early`);

export default async function AutomationsPage() {
  await connection();
  const automations = await listAutomationOverviews(await requireServiceContext());

  return (
    <>
      <PageHeader
        title="Automations"
        description="Cards that go out by themselves for the birthdays and anniversaries in your address book."
        actions={automations.length > 0 ? <ButtonLink href="/automations/new">New automation</ButtonLink> : null}
      />
      {automations.length === 0 ? (
        <EmptyState title="No automations yet" action={<ButtonLink href="/automations/new">New automation</ButtonLink>}>
          An automation never misses a date: choose a card, a message and the dates (birthdays, anniversaries, or those of spouses, children and pets) of
          everyone or of a group, and Cardmail mails the card in time for each one, paid from your credit.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm" aria-label="Automations">
          {automations.map((automation) => (
            <li key={automation.id} className="flex items-center gap-4 p-4">
              <CardThumb src={automation.cardPicture} alt="" />
              <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-6">
                <div className="min-w-0 flex-1">
                  <h2 className="line-clamp-2 text-base font-semibold break-words text-stone-900">
                    <Link href={`/automations/${automation.id}`} className="hover:text-rose-800">
                      {automation.name}
                    </Link>
                  </h2>
                  <p className="truncate text-sm text-stone-600">{automation.cardName}</p>
                  <p className="mt-1 text-xs text-stone-500">
                    {eventsInWords(automation.events)} · {automation.groupName ?? "Everyone"} · {daysEarly(automation.daysBefore)}
                  </p>
                </div>
                <div className="mt-3 sm:mt-0 sm:shrink-0">
                  <ActiveToggle id={automation.id} name={automation.name} active={automation.active} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
