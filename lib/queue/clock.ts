/** The time as jobs see it: the system's, or one a test moves by hand. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
