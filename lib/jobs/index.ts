import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/db/client";
import { automationsPassJob } from "@/lib/automations/jobs/automations-pass";
import { config } from "@/lib/config";
import { log } from "@/lib/logger";
import { fulfilmentIntervalSeconds } from "@/lib/orders/jobs/fulfilment-step";
import { startJobRunner } from "./runner";
import { sendSoon, setJobSender } from "@/lib/queue/send-soon";

/** The background jobs of this process; stop() lets running jobs finish (10 s at most). */
export type Jobs = { stop(): Promise<void> };

const DEFAULT_FULFILMENT_STEP_SECONDS = 60;

type Holder = { jobs?: Promise<Jobs> };
const holder: Holder = ((globalThis as Record<symbol, Holder>)[Symbol.for("cardmail.jobs")] ??= {});

/**
 * Starts the job queue of this server process, once: pg-boss on the process's database, in
 * its own schema. The jobs are rows, so they survive restarts, retry with backoff, and run
 * once however many app instances share the database.
 */
export function startJobs(): Promise<Jobs> {
  holder.jobs ??= (async () => {
    const stepSeconds = config().FULFILMENT_STEP_SECONDS ?? DEFAULT_FULFILMENT_STEP_SECONDS;
    const runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: stepSeconds });
    setJobSender((name, data, options) => runner.boss.send(name, data, options));
    // A pass cut short by a crash is rolled back whole; one at start sends its occurrences as
    // soon as the instance is back rather than at the next minute. Each start sends its own, under
    // a key no other start shares: a key shared by every instance let one restarting in the same
    // 10 s as another wait for the cron. Passes running side by side are safe (runDueAutomations
    // locks each automation for its run, and automation_sends lets an occurrence out once).
    await sendSoon(automationsPassJob, {}, { singletonKey: `automations-at-start:${randomUUID()}` });
    log("jobs").info("job queue started (pg-boss, schema pgboss): prune-expired-records and reminder-digest hourly, automations-pass every minute");
    log("jobs").info(
      stepSeconds > 0
        ? `fulfilment simulator started: pieces move after ${stepSeconds} s, checked every ${fulfilmentIntervalSeconds(stepSeconds)} s`
        : "fulfilment simulator off (FULFILMENT_STEP_SECONDS=0)",
    );
    return {
      async stop() {
        holder.jobs = undefined;
        setJobSender(undefined);
        await runner.stop();
      },
    };
  })().catch((error: unknown) => {
    holder.jobs = undefined;
    throw error;
  });
  return holder.jobs;
}
