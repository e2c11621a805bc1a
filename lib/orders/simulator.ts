import "server-only";
import { getDb } from "@/db/client";
import { log } from "@/lib/logger";
import { recordJobRun } from "@/lib/metrics";
import { advanceFulfilment } from "./status-changes";

/**
 * Stands in for the print shop and the postal service: every piece moves one status forward
 * once it has kept its status `stepSeconds`. Each instance may run one; advanceFulfilment is
 * safe to run concurrently. A step of 0 (or less) turns the simulator off.
 */
export function startFulfilmentSimulator(options: { stepSeconds: number }): { stop(): void } {
  const { stepSeconds } = options;
  if (!(stepSeconds > 0)) return { stop() {} };
  let isRunning = false;
  const tick = async () => {
    // A slow run is not stacked on by the next tick.
    if (isRunning) return;
    isRunning = true;
    try {
      await advanceFulfilment(await getDb(), { stepSeconds });
      recordJobRun("fulfilment-simulator", "ok");
    } catch (error) {
      log("jobs").error({ err: error, job: "fulfilment-simulator" }, "a fulfilment step failed");
      recordJobRun("fulfilment-simulator", "failed");
    } finally {
      isRunning = false;
    }
  };
  const timer = setInterval(() => void tick(), Math.min(stepSeconds, 10) * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
