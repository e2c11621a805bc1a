import "server-only";
import { log } from "@/lib/logger";
import type { JobHandler } from "@/lib/queue/queue";
import { advanceFulfilment } from "../status-changes";
import type { FulfilmentStepPayload } from "./fulfilment-step";

/** One step of the fulfilment simulator (the job: fulfilment-step.ts). */
export const handle: JobHandler<FulfilmentStepPayload> = async ({ db, clock }, { stepSeconds }) => {
  const moved = await advanceFulfilment(db, { stepSeconds, now: clock.now() });
  // Steps that move nothing (most of them) stay out of the log.
  if (moved > 0) log("jobs").info({ job: "fulfilment-step", moved }, `${moved === 1 ? "1 piece" : `${moved} pieces`} moved one status forward`);
};
