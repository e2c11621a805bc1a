import "server-only";
import type PgBoss from "pg-boss";
import { log } from "@/lib/logger";

/**
 * The outcomes of the delivery jobs a process holds, written to pg-boss in batches, one write
 * at a time: each call only notes what to write and asks for a write, and every call made while
 * a write runs goes in the next one.
 */
export type JobOutcomes = {
  complete(jobId: string): void;
  /** Completes the jobs and queues new ones for their deliveries, to be fetched from `startAfter`. */
  putBack(jobs: { jobId: string; deliveryId: number }[], startAfter: Date): void;
  fail(jobId: string, error: unknown): void;
  /** Resolves once every outcome noted so far is written (or failed to be). */
  settled(): Promise<void>;
};

export function jobOutcomes(boss: PgBoss, name: string): JobOutcomes {
  let toComplete: string[] = [];
  let toPutBack: { jobId: string; deliveryId: number; startAfter: Date }[] = [];
  let toFail: { jobId: string; message: string }[] = [];
  let chain = Promise.resolve();
  let queued = false;

  const write = async () => {
    queued = false;
    const complete = toComplete;
    const putBack = toPutBack;
    const fail = toFail;
    toComplete = [];
    toPutBack = [];
    toFail = [];
    try {
      // The new job exists before the held one is completed: a crash in between leaves both,
      // and the delivery row makes the second one a no-op.
      if (putBack.length > 0) {
        await boss.insert(putBack.map(({ deliveryId, startAfter }) => ({ name, data: { deliveryId }, startAfter: startAfter.toISOString() })));
      }
      const ids = [...complete, ...putBack.map(({ jobId }) => jobId)];
      if (ids.length > 0) await boss.complete(name, ids);
      for (const { jobId, message } of fail) await boss.fail(name, jobId, { message });
    } catch (error) {
      // The jobs stay active: pg-boss expires and retries them.
      log("jobs").error({ err: error, job: name }, "could not complete webhook delivery jobs");
    }
  };
  const flush = () => {
    if (queued) return;
    queued = true;
    chain = chain.then(write);
  };

  return {
    complete(jobId) {
      toComplete.push(jobId);
      flush();
    },
    putBack(jobs, startAfter) {
      toPutBack.push(...jobs.map(({ jobId, deliveryId }) => ({ jobId, deliveryId, startAfter })));
      flush();
    },
    fail(jobId, error) {
      toFail.push({ jobId, message: error instanceof Error ? error.message : String(error) });
      flush();
    },
    settled() {
      flush();
      return chain;
    },
  };
}
