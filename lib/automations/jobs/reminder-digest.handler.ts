import "server-only";
import type { JobHandler } from "@/lib/queue/queue";
import { sendReminderDigests } from "../reminder-digest";

/** One hourly pass of the reminder digest (the job: reminder-digest.ts). */
export const handle: JobHandler<Record<string, never>> = async ({ db, clock }) => {
  await sendReminderDigests(db, clock.now());
};
