import "server-only";
import { z } from "zod";
import type { JobDefinition } from "@/lib/queue/queue";

/**
 * Hourly from pg-boss's scheduler (one run a slot across instances). Hourly rather than daily so
 * that each zone's morning has a pass, and a morning the server was down still gets its digests
 * at the first pass after; `reminder_checked_on` keeps an account to one look a day.
 */
export const reminderDigestJob: JobDefinition<Record<string, never>> = {
  name: "reminder-digest",
  description:
    "Mails each account the birthdays and anniversaries of its reminder window (7, 14 or 30 days) that no order or automation covers yet, at most once a day: the account's own day, from 08:00 in its time zone. Every hour.",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  queue: { policy: "stately", retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 30 * 60 },
  schedule: "15 * * * *",
};
