import "server-only";
import { log } from "@/lib/logger";
import type { JobHandler } from "@/lib/queue/queue";
import { runDueAutomations } from "../scheduler";
import type { AutomationsPassPayload } from "./automations-pass";

/** One pass of the automations scheduler (the job: automations-pass.ts). */
export const handle: JobHandler<AutomationsPassPayload> = async ({ db, clock }, { automationId }) => {
  const pass = await runDueAutomations(db, { now: clock.now(), automationId });
  const sent = pass.runs.filter((run) => run.status === "sent" && run.recipientsCount > 0);
  if (sent.length > 0 || pass.failed > 0) {
    log("jobs").info({ job: "automations-pass", orders: sent.length, failed: pass.failed }, `${sent.length} order(s) placed, ${pass.failed} automation(s) failed`);
  }
  // A failed automation is retried on the next pass; the job fails so the admin sees it.
  if (pass.failed > 0) throw new Error(`${pass.failed} automation(s) failed in this pass`);
};
