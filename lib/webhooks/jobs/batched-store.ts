import "server-only";
import { driverOf } from "@/db/client";
import type { JobContext } from "@/lib/queue/queue";
import { claimDeliveries, recordAttempts, type AttemptRecord, type Claimed, type DeliveryStore } from "../delivery";

/** Attempts claimed, or recorded, with one statement at most. */
const STATEMENT_BATCH_MAX = 50;
/**
 * Claim statements, and record statements, in flight at a time: one per connection of a 2-core
 * instance's pool; PGlite runs one statement at a time, and more would only wait there unbatched.
 */
const statementsInFlight = (ctx: JobContext) => (driverOf(ctx.db) === "pglite" ? 1 : 2);

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
