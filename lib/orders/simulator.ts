import "server-only";
import { getDb } from "@/db/client";
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
    } catch (error) {
      console.error("Fulfilment simulator: a step failed", error);
    } finally {
      isRunning = false;
    }
  };
  const timer = setInterval(() => void tick(), Math.min(stepSeconds, 10) * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
