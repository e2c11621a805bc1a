import "server-only";
import { log } from "@/lib/logger";
import type PgBoss from "pg-boss";
import type { JobDefinition } from "./queue";

/*
 * Work a request asks for "now" (a pass over one automation that was just saved), sent through
 * this process's running queue. Processes without one (tests, scripts) send nothing: the
 * scheduled passes cover the same work a minute later at most.
 */

type Sender = (name: string, data: object, options: PgBoss.SendOptions) => Promise<string | null>;
type Slot = { sender?: Sender };
const slot: Slot = ((globalThis as Record<symbol, Slot>)[Symbol.for("cardmail.jobs.sender")] ??= {});

/** Set by startJobs while the queue of this process runs. */
export function setJobSender(sender: Sender | undefined): void {
  slot.sender = sender;
}

export async function sendSoon<Payload>(job: Pick<JobDefinition<Payload>, "name" | "payload">, data: Payload, options: PgBoss.SendOptions = {}): Promise<void> {
  if (!slot.sender) return;
  try {
    await slot.sender(job.name, job.payload.parse(data) as object, options);
  } catch (error) {
    // The request succeeded; the scheduled pass will do this work instead.
    log("jobs").error({ err: error, job: job.name }, "could not send the job");
  }
}
