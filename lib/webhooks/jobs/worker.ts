import "server-only";
import { inArray } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { listen } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { renewJobs, type JobContext } from "@/lib/queue/queue";
import { log } from "@/lib/logger";
import { recordJobRun } from "@/lib/metrics";
import { sendAttempt, type DeliveryOptions } from "../delivery";
import { batchedStore } from "./batched-store";
import { WEBHOOK_WAKE_CHANNEL } from "./enqueue";
import { jobOutcomes, type JobOutcomes } from "./job-outcomes";
import { wakeSignal, type WakeSignal } from "./wake-signal";
import { WEBHOOK_JOB_RENEW_SECONDS, webhookDeliveryJob } from "./webhook-delivery";

/*
 * The delivery jobs of this process are fetched by one loop and run in lanes, one lane per
 * endpoint: a lane sends at most `perEndpointConcurrency` requests at a time (a place is free
 * again once the answer is in), and the jobs it cannot start yet wait in it. The attempts that
 * run side by side claim their deliveries and record their results a statement for many
 * (batchedStore). A job is completed as soon as its attempt is recorded, not with
 * the batch it came in, so a slow endpoint holds its own lane and nothing else: the loop keeps
 * fetching, and every other endpoint's jobs start at once in their lanes. When an endpoint
 * times out or cannot be reached, the jobs waiting in its lane, and those fetched for it in the
 * next few seconds, are put back for a few seconds (as new jobs, the held ones completed).
 *
 * A job stays active in pg-boss while this process holds it, renewed every few seconds: if the
 * process dies, pg-boss expires and retries it soon after (webhook-delivery.ts has the times), and the
 * delivery row decides whether an attempt is still due.
 * The loop wakes on the notification that commits with new jobs (enqueueDeliveries) and
 * otherwise polls, for retries whose time has come.
 *
 * The parts: the fetch loop (fetchLoop), the lanes and their attempts (endpointLanes), the jobs
 * held and their renewal (heldJobs), the batched claims and records (batched-store.ts), the
 * batched writes of the jobs' outcomes (job-outcomes.ts) and the loop's sleep (wake-signal.ts).
 */

export type WebhookWorkerOptions = DeliveryOptions & {
  /** Requests in flight to one endpoint from this process. */
  perEndpointConcurrency?: number;
  /** Jobs fetched at a time. */
  batchSize?: number;
  /** Jobs this process holds at most, running or waiting in a lane. */
  maxHeld?: number;
  /** How often the loop looks for jobs without a notification (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
};

export type WebhookWorkers = {
  /** Stops fetching, hands back the waiting jobs, and lets running attempts finish (up to `timeoutMs`). */
  stop(timeoutMs: number): Promise<void>;
};

export const DEFAULT_PER_ENDPOINT_CONCURRENCY = 25;
const DEFAULT_BATCH_SIZE = 100;
const DEFAULT_MAX_HELD = 1000;
const DEFAULT_POLLING_INTERVAL_SECONDS = 0.5;
/** How long a put-back job waits before it is fetched again. */
const DEFER_SECONDS = 2;
/** A job waits in its lane this long at most (renewed meanwhile): past it, the endpoint is too slow for what waits. */
const HOLD_MAX_MS = 60_000;

type Held = { jobId: string; deliveryId: number; fetchedAt: number };

type Lane = { running: number; waiting: Held[]; deferredUntil: number };

export async function workWebhookDeliveries(boss: PgBoss, ctx: JobContext, options: WebhookWorkerOptions = {}): Promise<WebhookWorkers> {
  const name = webhookDeliveryJob.name;
  const maxHeld = options.maxHeld ?? DEFAULT_MAX_HELD;
  const signal = wakeSignal();
  const outcomes = jobOutcomes(boss, name);
  const holding = heldJobs(ctx, maxHeld, signal.wake);
  const lanes = endpointLanes(ctx, options, outcomes, holding);

  let unlisten: (() => Promise<void>) | undefined;
  try {
    unlisten = await listen(ctx.db, WEBHOOK_WAKE_CHANNEL, signal.wake);
  } catch (error) {
    log("jobs").warn({ err: error, job: name }, "could not listen for new webhook deliveries; polling only");
  }
  const loop = fetchLoop(boss, options, { signal, holding, lanes });

  return {
    async stop(timeoutMs) {
      loop.stop();
      lanes.stopStarting();
      signal.wake();
      await loop.done;
      await unlisten?.().catch(() => {});
      await lanes.drain(timeoutMs);
      await outcomes.settled();
      holding.stop();
    },
  };
}

/**
 * The jobs this process holds, running or waiting in a lane: counted against `maxHeld` (room
 * freed wakes the fetch loop), and renewed every few seconds, so that they do not expire while
 * this process lives, however long they wait or run.
 */
function heldJobs(ctx: JobContext, maxHeld: number, onRoom: () => void) {
  const name = webhookDeliveryJob.name;
  const ids = new Set<string>();
  let renewing = false;
  const renewTimer = setInterval(() => {
    if (renewing || ids.size === 0) return;
    renewing = true;
    renewJobs(ctx.db, name, [...ids])
      .catch((error: unknown) => log("jobs").error({ err: error, job: name }, "could not renew the webhook delivery jobs held here"))
      .finally(() => (renewing = false));
  }, WEBHOOK_JOB_RENEW_SECONDS * 1000);
  return {
    room: () => maxHeld - ids.size,
    hold(jobId: string) {
      ids.add(jobId);
    },
    release(items: Held[]) {
      const wasFull = ids.size >= maxHeld;
      for (const item of items) ids.delete(item.jobId);
      if (wasFull && ids.size < maxHeld) onRoom();
    },
    stop() {
      clearInterval(renewTimer);
    },
  };
}

/**
 * The lanes, one per endpoint, in which the fetched jobs wait and run: `route` sorts fetched
 * jobs into them, `pump` starts what a lane has room for, and each attempt claims its delivery,
 * sends it and records the result (batchedStore), then writes its job's outcome.
 */
function endpointLanes(ctx: JobContext, options: WebhookWorkerOptions, outcomes: JobOutcomes, holding: ReturnType<typeof heldJobs>) {
  const name = webhookDeliveryJob.name;
  const limit = options.perEndpointConcurrency ?? DEFAULT_PER_ENDPOINT_CONCURRENCY;
  const store = batchedStore(ctx);
  const lanes = new Map<string, Lane>();
  const running = new Set<Promise<void>>();
  let stopping = false;
  // When the retries this process queued fall due: the loop looks for jobs then rather than at
  // its next poll, so a retry goes at its time.
  let retriesDue: number[] = [];

  const complete = (item: Held) => {
    outcomes.complete(item.jobId);
    holding.release([item]);
  };
  const putBack = (items: Held[], delaySeconds: number) => {
    if (items.length === 0) return;
    outcomes.putBack(items, new Date(Date.now() + delaySeconds * 1000));
    holding.release(items);
  };
  const fail = (item: Held, error: unknown) => {
    outcomes.fail(item.jobId, error);
    holding.release([item]);
  };

  const attempt = async (lane: Lane, item: Held) => {
    let slotTaken = true;
    const freeSlot = () => {
      if (!slotTaken) return;
      slotTaken = false;
      lane.running -= 1;
      pump(lane);
    };
    try {
      const claimed = await store.claim(item.deliveryId);
      if (claimed) {
        const { record, outcome } = await sendAttempt(ctx, claimed, options);
        if (outcome.kind === "failed" && outcome.unreachable) {
          lane.deferredUntil = Date.now() + DEFER_SECONDS * 1000;
          putBack(lane.waiting.splice(0), DEFER_SECONDS);
        }
        // The endpoint is done with this request: the next one goes while this one is recorded.
        freeSlot();
        await store.record(record);
        if (record.retryAt) retriesDue.push(record.retryAt.getTime());
      }
      recordJobRun(name, "ok");
      complete(item);
    } catch (error) {
      // pg-boss retries the job per the queue's settings; the delivery row decides what is due.
      log("jobs").error({ err: error, job: name, delivery_id: item.deliveryId }, "job failed");
      recordJobRun(name, "failed");
      fail(item, error);
    } finally {
      freeSlot();
    }
  };

  const pump = (lane: Lane) => {
    if (stopping) return putBack(lane.waiting.splice(0), 0);
    while (lane.running < limit && lane.waiting.length > 0) {
      const item = lane.waiting.shift()!;
      if (Date.now() - item.fetchedAt > HOLD_MAX_MS) {
        // The endpoint answers, but too slowly for what waits: the rest goes back to the queue.
        putBack([item, ...lane.waiting.splice(0)], DEFER_SECONDS);
        return;
      }
      lane.running += 1;
      const task = attempt(lane, item);
      running.add(task);
      void task.finally(() => running.delete(task));
    }
  };

  return {
    async route(jobs: PgBoss.Job<unknown>[]) {
      const fetchedAt = Date.now();
      const items: Held[] = [];
      for (const job of jobs) {
        holding.hold(job.id);
        const parsed = webhookDeliveryJob.payload.safeParse(job.data);
        if (parsed.success) items.push({ jobId: job.id, deliveryId: parsed.data.deliveryId, fetchedAt });
        else fail({ jobId: job.id, deliveryId: 0, fetchedAt }, new Error("The job's payload is not a delivery's id."));
      }
      if (items.length === 0) return;
      let rows: { id: number; endpointId: string }[];
      try {
        rows = await ctx.db
          .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
          .from(webhookDeliveries)
          .where(
            inArray(
              webhookDeliveries.id,
              items.map((item) => item.deliveryId),
            ),
          );
      } catch (error) {
        for (const item of items) fail(item, error);
        return;
      }
      const endpointOf = new Map(rows.map((row) => [row.id, row.endpointId]));
      const touched = new Set<Lane>();
      for (const item of items) {
        const endpointId = endpointOf.get(item.deliveryId);
        // Deleted with its endpoint: nothing is left to send.
        if (!endpointId) {
          complete(item);
          continue;
        }
        let lane = lanes.get(endpointId);
        if (!lane) lanes.set(endpointId, (lane = { running: 0, waiting: [], deferredUntil: 0 }));
        if (lane.deferredUntil > fetchedAt) {
          putBack([item], DEFER_SECONDS);
          continue;
        }
        lane.waiting.push(item);
        touched.add(lane);
      }
      for (const lane of touched) pump(lane);
    },
    forgetIdle() {
      const now = Date.now();
      for (const [endpointId, lane] of lanes) {
        if (lane.running === 0 && lane.waiting.length === 0 && lane.deferredUntil <= now) lanes.delete(endpointId);
      }
    },
    /** How long until the next look: the poll interval, or sooner when a retry falls due. */
    untilNextLook(pollMs: number) {
      const now = Date.now();
      retriesDue = retriesDue.filter((at) => at > now);
      const next = retriesDue.length > 0 ? Math.min(...retriesDue) - now : pollMs;
      // A few milliseconds late, so that the job's start_after has passed by the database's clock too.
      return Math.min(pollMs, next + 20);
    },
    /** From now on, what a lane would start goes back to the queue instead. */
    stopStarting() {
      stopping = true;
    },
    /** What waits goes back to the queue at once, for another instance or the next start; running attempts get `timeoutMs`. */
    async drain(timeoutMs: number) {
      for (const lane of lanes.values()) putBack(lane.waiting.splice(0), 0);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    },
  };
}

/** The one loop that fetches jobs, as many as there is room for, and hands them to the lanes. */
function fetchLoop(
  boss: PgBoss,
  options: WebhookWorkerOptions,
  parts: { signal: WakeSignal; holding: ReturnType<typeof heldJobs>; lanes: ReturnType<typeof endpointLanes> },
) {
  const { signal, holding, lanes } = parts;
  const name = webhookDeliveryJob.name;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const pollMs = (options.pollingIntervalSeconds ?? DEFAULT_POLLING_INTERVAL_SECONDS) * 1000;
  let stopping = false;
  const done = (async () => {
    while (!stopping) {
      signal.beginRound();
      const room = holding.room();
      let more = false;
      if (room > 0) {
        const size = Math.min(batchSize, room);
        try {
          const jobs = await boss.fetch(name, { batchSize: size });
          more = jobs.length === size;
          if (jobs.length > 0) await lanes.route(jobs);
        } catch (error) {
          log("jobs").error({ err: error, job: name }, "could not fetch webhook delivery jobs");
        }
      }
      lanes.forgetIdle();
      if (stopping) break;
      if (more && holding.room() > 0) continue;
      await signal.idle(lanes.untilNextLook(pollMs));
    }
  })();
  return {
    done,
    stop() {
      stopping = true;
    },
  };
}
