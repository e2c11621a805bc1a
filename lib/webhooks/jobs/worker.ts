import "server-only";
import { inArray } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { webhookDeliveries } from "@/db/schema";
import { log } from "@/lib/logger";
import { recordJobRun } from "@/lib/metrics";
import type { JobContext } from "@/lib/jobs/queue";
import { deliverWebhook, type DeliveryOptions } from "../delivery";
import { webhookDeliveryJob, type WebhookDeliveryPayload } from "./deliver-job";

/*
 * Deliveries are worked by a few workers, each taking a batch of jobs. Within a batch the jobs of
 * one endpoint go one after the other, different endpoints side by side; and an endpoint never
 * has more than PER_ENDPOINT_IN_FLIGHT batches running in this process: a batch of an endpoint at
 * its limit, or the rest of a batch after its endpoint timed out or could not be reached, is put
 * back for a few seconds. So a slow endpoint holds at most that many workers, for one timeout
 * each, and every other account's deliveries keep flowing.
 */

export type WebhookWorkerOptions = DeliveryOptions & {
  workers?: number;
  batchSize?: number;
  perEndpointInFlight?: number;
  pollingIntervalSeconds?: number;
};

const DEFAULT_WORKERS = 4;
const DEFAULT_BATCH_SIZE = 20;
const DEFAULT_PER_ENDPOINT_IN_FLIGHT = 2;
/** How long a put-back job waits before it is fetched again. */
const DEFER_SECONDS = 2;

export async function workWebhookDeliveries(boss: PgBoss, ctx: JobContext, options: WebhookWorkerOptions = {}): Promise<void> {
  const inFlight = new Map<string, number>();
  const limit = options.perEndpointInFlight ?? DEFAULT_PER_ENDPOINT_IN_FLIGHT;

  const putBack = async (ids: number[]) => {
    if (ids.length === 0) return;
    const startAfter = new Date(Date.now() + DEFER_SECONDS * 1000).toISOString();
    await boss.insert(ids.map((deliveryId) => ({ name: webhookDeliveryJob.name, data: { deliveryId }, startAfter })));
  };

  const runEndpoint = async (endpointId: string, ids: number[]) => {
    const running = inFlight.get(endpointId) ?? 0;
    if (running >= limit) return putBack(ids);
    inFlight.set(endpointId, running + 1);
    try {
      for (const [index, id] of ids.entries()) {
        const outcome = await deliverWebhook(ctx, id, options);
        recordJobRun(webhookDeliveryJob.name, "ok");
        if (outcome.kind === "failed" && outcome.unreachable) return putBack(ids.slice(index + 1));
      }
    } finally {
      const left = (inFlight.get(endpointId) ?? 1) - 1;
      if (left > 0) inFlight.set(endpointId, left);
      else inFlight.delete(endpointId);
    }
  };

  const handler = async (jobs: PgBoss.Job<unknown>[]) => {
    const ids = jobs.map((job) => webhookDeliveryJob.payload.parse(job.data as WebhookDeliveryPayload).deliveryId);
    const rows = await ctx.db
      .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.id, ids));
    const byEndpoint = new Map<string, number[]>();
    for (const row of rows) byEndpoint.set(row.endpointId, [...(byEndpoint.get(row.endpointId) ?? []), row.id]);
    try {
      await Promise.all([...byEndpoint].map(([endpointId, list]) => runEndpoint(endpointId, list)));
    } catch (error) {
      // The whole batch is retried by pg-boss; deliveries already made are no longer due, so a
      // retried job does nothing for them.
      log("jobs").error({ err: error, job: webhookDeliveryJob.name }, "job failed");
      recordJobRun(webhookDeliveryJob.name, "failed");
      throw error;
    }
  };

  const workOptions = {
    batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    ...(options.pollingIntervalSeconds && { pollingIntervalSeconds: options.pollingIntervalSeconds }),
  };
  for (let i = 0; i < (options.workers ?? DEFAULT_WORKERS); i++) {
    await boss.work(webhookDeliveryJob.name, workOptions, handler);
  }
}
