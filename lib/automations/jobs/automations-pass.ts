import "server-only";
import { log } from "@/lib/logger";
import { z } from "zod";
import type { JobDefinition } from "@/lib/jobs/queue";
import { sendSoon } from "@/lib/jobs/send-soon";
import { runDueAutomations } from "../scheduler";

const payloadSchema = z.object({ automationId: z.number().int().positive().optional() }).strict();
export type AutomationsPassPayload = z.infer<typeof payloadSchema>;

/**
 * The scheduler of automations: every minute (pg-boss's cron, one run a minute however many
 * instances), and at once for one automation when it is created or changed. A pass is safe to
 * run twice or from two instances: the sends table's unique key lets an occurrence out once.
 */
export const automationsPassJob: JobDefinition<AutomationsPassPayload> = {
  name: "automations-pass",
  description: "Sends the cards automations have due (birthdays and anniversaries), one order per automation. Every minute, and when an automation is saved.",
  payload: payloadSchema,
  queue: { policy: "standard", retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 10 * 60 },
  run: async ({ db, clock }, { automationId }) => {
    const pass = await runDueAutomations(db, { now: clock.now(), automationId });
    const sent = pass.runs.filter((run) => run.status === "sent" && run.recipientsCount > 0);
    if (sent.length > 0 || pass.failed > 0) {
      log("jobs").info({ job: "automations-pass", orders: sent.length, failed: pass.failed }, `${sent.length} order(s) placed, ${pass.failed} automation(s) failed`);
    }
    // A failed automation is retried on the next pass; the job fails so the admin sees it.
    if (pass.failed > 0) throw new Error(`${pass.failed} automation(s) failed in this pass`);
  },
};

export const AUTOMATIONS_CRON = "* * * * *";

/** A pass over one automation right after it was created or changed, rather than within the minute. */
export function requestAutomationPass(automationId: number): Promise<void> {
  return sendSoon(automationsPassJob, { automationId }, { singletonKey: `automation-${automationId}`, singletonSeconds: 5 });
}
