import "server-only";
import { z } from "zod";
import type { JobDefinition } from "@/lib/queue/queue";
import { sendSoon } from "@/lib/queue/send-soon";

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
  schedule: "* * * * *",
};

/** A pass over one automation right after it was created or changed, rather than within the minute. */
export function requestAutomationPass(automationId: number): Promise<void> {
  return sendSoon(automationsPassJob, { automationId }, { singletonKey: `automation-${automationId}`, singletonSeconds: 5 });
}
