import "server-only";
import { z } from "zod";
import type { JobDefinition } from "@/lib/queue/queue";

const payloadSchema = z.object({ stepSeconds: z.number().int().positive() }).strict();
export type FulfilmentStepPayload = z.infer<typeof payloadSchema>;

/**
 * The fulfilment simulator, standing in for the print shop and the post: each run moves every
 * piece that has kept its status `stepSeconds` one status forward (advanceFulfilment is a
 * compare-and-set, safe to run twice or from two instances).
 */
export const fulfilmentStepJob: JobDefinition<FulfilmentStepPayload> = {
  name: "fulfilment-step",
  description: "The fulfilment simulator: moves each ordered card one status forward once it has kept its status long enough. Every few seconds.",
  payload: payloadSchema,
  // stately: at most one run waiting and one running, so the chain below stays one chain.
  queue: { policy: "stately", retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 5 * 60 },
};

/** The one key of the chain of steps: with the stately policy, one waiting step per database. */
export const FULFILMENT_CHAIN_KEY = "chain";

/** Seconds between two steps: a piece moves at most this late after its time (as before, 10 s at most). */
export function fulfilmentIntervalSeconds(stepSeconds: number): number {
  return Math.min(stepSeconds, 10);
}
