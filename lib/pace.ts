/**
 * Long synchronous work in slices. An imported file of 5 MiB is read and checked in about a
 * second, and every other request of the process would wait behind it: the work asks `isDue()`
 * between steps and, once `sliceMs` have passed, `await pause()`, which lets the event loop serve
 * what came in meanwhile (a setImmediate runs after pending I/O).
 */
export type Pacer = { isDue(): boolean; pause(): Promise<void> };

/** Lets the event loop serve what came in meanwhile (a setImmediate runs after pending I/O). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Slices of 5 ms: a request that needs a few turns of the event loop still waits well under 100 ms. */
export function eventLoopPacer(sliceMs = 5): Pacer {
  let since = performance.now();
  return {
    isDue: () => performance.now() - since >= sliceMs,
    async pause() {
      await nextTurn();
      since = performance.now();
    },
  };
}
