import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { AutomationWorkspace } from "@/components/automations/automation-workspace";
import { UPCOMING_DAYS_DEFAULT } from "@/lib/automations/schema";
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
      <AutomationWorkspace options={options} upcoming={null} days={UPCOMING_DAYS_DEFAULT} />
    </>
  );
}
