import "server-only";
import { getDb } from "@/db/client";
import { pruneIdempotencyKeys } from "@/lib/api/idempotency";
import { pruneLoginAttempts } from "@/lib/auth/login";
import { config } from "@/lib/config";
import { log } from "@/lib/logger";
import { recordJobRun } from "@/lib/metrics";

export type Jobs = { stop(): void };

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const DEFAULT_FULFILMENT_STEP_SECONDS = 60;

type Holder = { jobs?: Promise<Jobs> };
const holder: Holder = ((globalThis as Record<symbol, Holder>)[Symbol.for("cardmail.jobs")] ??= {});

/**
 * Starts the background jobs of this server process, once. Every job keeps its state in the
 * database, so several app instances may run them side by side; timers are unref()'d so they
 * never hold a process open on their own.
 */
export function startJobs(): Promise<Jobs> {
  holder.jobs ??= (async () => {
    const stops = [startPruning(), await startSimulator()].filter((stop) => stop !== undefined);
    return {
      stop() {
        for (const stop of stops) stop();
        holder.jobs = undefined;
      },
    };
  })();
  return holder.jobs;
}

/** Forgets login throttling records and idempotency keys that no longer matter. */
export async function pruneExpiredRecords(): Promise<void> {
  const db = await getDb();
  await pruneLoginAttempts(db);
  await pruneIdempotencyKeys(db);
}

function startPruning(): () => void {
  const run = () =>
    pruneExpiredRecords().then(
      () => recordJobRun("prune-expired-records", "ok"),
      (error: unknown) => {
        log("jobs").error({ err: error, job: "prune-expired-records" }, "pruning failed");
        recordJobRun("prune-expired-records", "failed");
      },
    );
  void run();
  const timer = setInterval(run, PRUNE_INTERVAL_MS);
  timer.unref();
  log("jobs").info({ job: "prune-expired-records" }, "pruning of login attempts and idempotency keys started: hourly");
  return () => clearInterval(timer);
}

async function startSimulator(): Promise<(() => void) | undefined> {
  const stepSeconds = config().FULFILMENT_STEP_SECONDS ?? DEFAULT_FULFILMENT_STEP_SECONDS;
  if (stepSeconds === 0) {
    log("jobs").info({ job: "fulfilment-simulator" }, "fulfilment simulator off (FULFILMENT_STEP_SECONDS=0)");
    return undefined;
  }
  let startFulfilmentSimulator: typeof import("@/lib/orders/simulator").startFulfilmentSimulator;
  // Guarded so that a server without the simulator still starts and serves.
  try {
    ({ startFulfilmentSimulator } = await import("@/lib/orders/simulator"));
  } catch (error) {
    log("jobs").error({ err: error, job: "fulfilment-simulator" }, "fulfilment simulator unavailable");
    return undefined;
  }
  const simulator = startFulfilmentSimulator({ stepSeconds });
  log("jobs").info({ job: "fulfilment-simulator", step_seconds: stepSeconds }, "fulfilment simulator started");
  return () => simulator.stop();
}
