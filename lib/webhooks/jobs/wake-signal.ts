/**
 * What lets the fetch loop sleep between looks and be woken early (a notification of new jobs,
 * room freed, a stop). A wake that comes while the loop is busy is kept for the round, so the
 * loop looks again at once instead of sleeping through it.
 */
export type WakeSignal = {
  wake(): void;
  /** Starts a round of the loop: wakes before it are forgotten. */
  beginRound(): void;
  /** Sleeps up to `ms`, or not at all when woken since the round began. */
  idle(ms: number): Promise<void>;
};

export function wakeSignal(): WakeSignal {
  let wakeUp: (() => void) | undefined;
  let wokenWhileBusy = false;
  return {
    wake() {
      if (!wakeUp) {
        wokenWhileBusy = true;
        return;
      }
      const resolve = wakeUp;
      wakeUp = undefined;
      resolve();
    },
    beginRound() {
      wokenWhileBusy = false;
    },
    idle(ms) {
      if (wokenWhileBusy) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          wakeUp = undefined;
          resolve();
        }, ms);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}
