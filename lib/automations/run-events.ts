import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { automationRuns } from "@/db/schema";
import { recordWebhookEvents } from "@/lib/webhooks/outbox";
import { toAutomationRunJson } from "./mapper";
import type { AutomationRunEventData } from "./response";

/**
 * `automation.run.completed` for a run that sent its order, `automation.run.failed` for one
 * skipped (no credit, or the card withdrawn); the data is the run as GET
 * /automations/{id}/runs shows it, with its automation's id.
 */
export async function recordAutomationRun(tx: Database, runId: number): Promise<void> {
  const [run] = await tx.select().from(automationRuns).where(eq(automationRuns.id, runId));
  if (!run) return;
  const { id, ...shown } = toAutomationRunJson(run);
  await recordWebhookEvents(tx, [
    {
      userId: run.userId,
      type: run.status === "sent" ? "automation.run.completed" : "automation.run.failed",
      data: { id, automation_id: run.automationId, ...shown } satisfies AutomationRunEventData,
    },
  ]);
}
