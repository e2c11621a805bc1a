import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { AutomationWorkspace } from "@/components/automations/automation-workspace";
import { DeleteAutomationButton } from "@/components/automations/delete-automation-button";
import { RunsList } from "@/components/automations/runs-list";
import { Badge, Panel } from "@/components/ui/feedback";
import { UPCOMING_DAYS_DEFAULT } from "@/lib/automations/schema";
import { listRuns } from "@/lib/automations/service";
import { listUpcoming } from "@/lib/automations/upcoming";
import { AUTOMATION_RUNS_PER_PAGE, getAutomationFormOptions, toAutomationRunRows } from "@/lib/automations/view";
import { eventsInWords } from "@/lib/automations/wording";
import { loadAutomation } from "../_lib/load-automation";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: (await loadAutomation((await params).id)).name };
}

export default async function AutomationPage({ params }: Params) {
  await connection();
  const ctx = await requireServiceContext();
  const automation = await loadAutomation((await params).id);
  const [options, upcoming, runs] = await Promise.all([
    getAutomationFormOptions(ctx, automation.cardId),
    listUpcoming(ctx, automation.id, { days: UPCOMING_DAYS_DEFAULT }),
    listRuns(ctx, automation.id, { per_page: AUTOMATION_RUNS_PER_PAGE }),
  ]);
  const runRows = await toAutomationRunRows(ctx, runs.runs);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href="/automations" className="font-medium text-stone-600 hover:text-stone-900">
          ← Automations
        </Link>
      </nav>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight break-words text-stone-900">
            {automation.name} {automation.active ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}
          </h1>
          <p className="mt-1 text-sm text-stone-600">{eventsInWords(automation.events)}</p>
        </div>
        <DeleteAutomationButton id={automation.id} name={automation.name} />
      </div>

      <AutomationWorkspace
        automation={{
          id: automation.id,
          name: automation.name,
          cardId: automation.cardId,
          events: automation.events,
          groupId: automation.groupId,
          message: automation.message,
          signoff: automation.signoff,
          messageFont: automation.messageFont,
          daysBefore: automation.daysBefore,
          active: automation.active,
        }}
        options={options}
        upcoming={upcoming}
        days={UPCOMING_DAYS_DEFAULT}
      >
        <Panel title="Runs">
          <RunsList automationId={automation.id} initialPage={{ items: runRows, nextCursor: runs.nextCursor }} renderedAt={new Date().toISOString()} />
        </Panel>
      </AutomationWorkspace>
    </>
  );
}
