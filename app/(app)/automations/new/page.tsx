import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { AutomationForm } from "@/components/automations/automation-form";
import { Panel } from "@/components/ui/feedback";
import { getAutomationFormOptions } from "@/lib/automations/view";

export const metadata: Metadata = { title: "New automation" };

export default async function NewAutomationPage() {
  await connection();
  const options = await getAutomationFormOptions(await requireServiceContext());

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href="/automations" className="font-medium text-stone-600 hover:text-stone-900">
          ← Automations
        </Link>
      </nav>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-stone-900">New automation</h1>
      <div className="grid gap-6 lg:grid-cols-5">
        <Panel title="Automation" className="min-w-0 self-start lg:col-span-3">
          <AutomationForm options={options} />
        </Panel>
        <Panel title="Upcoming sends" className="min-w-0 self-start lg:col-span-2">
          <p className="text-sm text-stone-600">
            Once saved, the cards it will send in the next 90 days show here: whose date, to whom, with the message as it will read, and their cost against your
            credit.
          </p>
        </Panel>
      </div>
    </>
  );
}
