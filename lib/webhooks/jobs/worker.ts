import "server-only";
import { inArray } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { driverOf, listen } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { renewJobs, type JobContext } from "@/lib/jobs/queue";
import { log } from "@/lib/logger";
import { recordJobRun } from "@/lib/metrics";
import { claimDeliveries, recordAttempts, sendAttempt, type AttemptRecord, type Claimed, type DeliveryOptions, type DeliveryStore } from "../delivery";
import { WEBHOOK_JOB_RENEW_SECONDS, webhookDeliveryJobSpec as webhookDeliveryJob } from "./delivery-job-spec";
import { WEBHOOK_WAKE_CHANNEL } from "./enqueue";

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
 * process dies, pg-boss expires and retries it soon after (deliver-job.ts has the times), and the
 * delivery row decides whether an attempt is still due.
 * The loop wakes on the notification that commits with new jobs (enqueueDeliveries) and
 * otherwise polls, for retries whose time has come.
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

/** Attempts claimed, or recorded, with one statement at most. */
const STATEMENT_BATCH_MAX = 50;
/**
 * Claim statements, and record statements, in flight at a time: one per connection of a 2-core
 * instance's pool; PGlite runs one statement at a time, and more would only wait there unbatched.
 */
const statementsInFlight = (ctx: JobContext) => (driverOf(ctx.db) === "pglite" ? 1 : 2);

type Held = { jobId: string; deliveryId: number; fetchedAt: number };

/**
 * Runs `run` over the inputs that arrived while its earlier calls ran (up to `max` at a time),
 * `parallel` calls at most at a time: alone, an input goes at once; under load, many share a
 * statement, and a few statements are in flight, as the connection pool pipelines them.
 */
function batcher<In, Out>(max: number, parallel: number, run: (inputs: In[]) => Promise<Out[]>): (input: In) => Promise<Out> {
  const queue: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  let running = 0;
  const next = () => {
    if (running >= parallel || queue.length === 0) return;
    const batch = queue.splice(0, max);
    running += 1;
    run(batch.map((entry) => entry.input))
      .then(
        (outs) => batch.forEach((entry, index) => entry.resolve(outs[index]!)),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      )
      .finally(() => {
        running -= 1;
        next();
      });
  };
  return (input) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      next();
    });
}

/** Claims and records of the attempts running side by side, a statement for many. */
export function batchedStore(ctx: JobContext): DeliveryStore {
  const parallel = statementsInFlight(ctx);
  return {
    claim: batcher<number, Claimed | undefined>(STATEMENT_BATCH_MAX, parallel, async (ids) => {
      const claimed = new Map((await claimDeliveries(ctx, ids)).map((row) => [Number(row.id), row]));
      return ids.map((id) => claimed.get(id));
    }),
    record: batcher<AttemptRecord, void>(STATEMENT_BATCH_MAX, parallel, async (attempts) => {
      await recordAttempts(ctx.db, attempts);
      return attempts.map(() => undefined);
    }),
  };
}

type Lane = { running: number; waiting: Held[]; deferredUntil: number };

export async function workWebhookDeliveries(boss: PgBoss, ctx: JobContext, options: WebhookWorkerOptions = {}): Promise<WebhookWorkers> {
  const name = webhookDeliveryJob.name;
  const limit = options.perEndpointConcurrency ?? DEFAULT_PER_ENDPOINT_CONCURRENCY;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxHeld = options.maxHeld ?? DEFAULT_MAX_HELD;
  const pollMs = (options.pollingIntervalSeconds ?? DEFAULT_POLLING_INTERVAL_SECONDS) * 1000;

  const store = batchedStore(ctx);
  const lanes = new Map<string, Lane>();
  const running = new Set<Promise<void>>();
  let held = 0;
  /** The ids of the jobs held, running or waiting: renewed until completed, put back or failed. */
  const heldIds = new Set<string>();
  let stopping = false;
  // When the retries this process queued fall due: the loop looks for jobs then rather than at
  // its next poll, so a retry goes at its time.
  let retriesDue: number[] = [];

  // Completions, put-backs and failures are written in batches, one flush at a time.
  let toComplete: string[] = [];
  let toPutBack: { item: Held; startAfter: Date }[] = [];
  let toFail: { jobId: string; message: string }[] = [];
  let flushChain = Promise.resolve();
  let flushQueued = false;
  const flush = () => {
    if (flushQueued) return;
    flushQueued = true;
    flushChain = flushChain.then(async () => {
      flushQueued = false;
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
          await boss.insert(putBack.map(({ item, startAfter }) => ({ name, data: { deliveryId: item.deliveryId }, startAfter: startAfter.toISOString() })));
        }
        const ids = [...complete, ...putBack.map(({ item }) => item.jobId)];
        if (ids.length > 0) await boss.complete(name, ids);
        for (const { jobId, message } of fail) await boss.fail(name, jobId, { message });
      } catch (error) {
        // The jobs stay active: pg-boss expires and retries them.
        log("jobs").error({ err: error, job: name }, "could not complete webhook delivery jobs");
      }
    });
  };

  let wakeUp: (() => void) | undefined;
  let wokenWhileBusy = false;
  const wake = () => {
    if (!wakeUp) {
      wokenWhileBusy = true;
      return;
    }
    const resolve = wakeUp;
    wakeUp = undefined;
    resolve();
  };
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wakeUp = undefined;
        resolve();
      }, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const release = (items: Held[]) => {
    const wasFull = held >= maxHeld;
    held -= items.length;
    for (const item of items) heldIds.delete(item.jobId);
    if (wasFull && held < maxHeld) wake();
  };
  const complete = (item: Held) => {
    toComplete.push(item.jobId);
    release([item]);
    flush();
  };
  const putBack = (items: Held[], delaySeconds: number) => {
    if (items.length === 0) return;
    const startAfter = new Date(Date.now() + delaySeconds * 1000);
    toPutBack.push(...items.map((item) => ({ item, startAfter })));
    release(items);
    flush();
  };
  const fail = (item: Held, error: unknown) => {
    toFail.push({ jobId: item.jobId, message: error instanceof Error ? error.message : String(error) });
    release([item]);
    flush();
  };

  // The jobs held here do not expire while this process lives, however long they wait or run.
  let renewing = false;
  const renewTimer = setInterval(() => {
    if (renewing || heldIds.size === 0) return;
    renewing = true;
    renewJobs(ctx.db, name, [...heldIds])
      .catch((error: unknown) => log("jobs").error({ err: error, job: name }, "could not renew the webhook delivery jobs held here"))
      .finally(() => (renewing = false));
  }, WEBHOOK_JOB_RENEW_SECONDS * 1000);

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

  const route = async (jobs: PgBoss.Job<unknown>[]) => {
    const fetchedAt = Date.now();
    const items: Held[] = [];
    held += jobs.length;
    for (const job of jobs) {
      heldIds.add(job.id);
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
  };

  const forgetIdleLanes = () => {
    const now = Date.now();
    for (const [endpointId, lane] of lanes) {
      if (lane.running === 0 && lane.waiting.length === 0 && lane.deferredUntil <= now) lanes.delete(endpointId);
    }
  };

  let unlisten: (() => Promise<void>) | undefined;
  try {
    unlisten = await listen(ctx.db, WEBHOOK_WAKE_CHANNEL, wake);
  } catch (error) {
    log("jobs").warn({ err: error, job: name }, "could not listen for new webhook deliveries; polling only");
  }

  const untilNextLook = () => {
    const now = Date.now();
    retriesDue = retriesDue.filter((at) => at > now);
    const next = retriesDue.length > 0 ? Math.min(...retriesDue) - now : pollMs;
    // A few milliseconds late, so that the job's start_after has passed by the database's clock too.
    return Math.min(pollMs, next + 20);
  };

  const loop = (async () => {
    while (!stopping) {
      wokenWhileBusy = false;
      const room = maxHeld - held;
      let more = false;
      if (room > 0) {
        const size = Math.min(batchSize, room);
        try {
          const jobs = await boss.fetch(name, { batchSize: size });
          more = jobs.length === size;
          if (jobs.length > 0) await route(jobs);
        } catch (error) {
          log("jobs").error({ err: error, job: name }, "could not fetch webhook delivery jobs");
        }
      }
      forgetIdleLanes();
      if (stopping) break;
      if (more && held < maxHeld) continue;
      if (!wokenWhileBusy) await idle(untilNextLook());
    }
  })();

  return {
    async stop(timeoutMs) {
      stopping = true;
      wake();
      await loop;
      await unlisten?.().catch(() => {});
      // What waits goes back to the queue at once, for another instance or the next start.
      for (const lane of lanes.values()) putBack(lane.waiting.splice(0), 0);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      flush();
      await flushChain;
      clearInterval(renewTimer);
    },
  };
}
