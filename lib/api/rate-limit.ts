import "server-only";
import { lt } from "drizzle-orm";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { nodePostgresLikeClient, type Database } from "@/db/client";
import { apiRateLimits } from "@/db/schema";
import { config } from "@/lib/config";
import { AppError, type AppErrorDetails } from "@/lib/errors";

const WINDOW_SECONDS = 60;

/** Where a token stands in its current window, for the RateLimit-* headers. */
export type RateLimitState = NonNullable<AppErrorDetails["rateLimit"]>;

// One limiter per database (tests open several) and limit (tests change API_RATE_LIMIT).
const limiters = new WeakMap<Database, RateLimiterPostgres>();

function limiterFor(db: Database, points: number): RateLimiterPostgres {
  const known = limiters.get(db);
  if (known && known.points === points) return known;
  const limiter = new RateLimiterPostgres({
    // rate-limiter-flexible speaks node-postgres; postgres.js and PGlite get its query() shape.
    storeClient: nodePostgresLikeClient(db),
    storeType: "client",
    tableName: "api_rate_limits",
    // The migration 0003 created the table: no DDL at request time.
    tableCreated: true,
    // The maintenance job deletes old windows (pruneRateLimits), not a timer per limiter.
    clearExpiredByTimeout: false,
    keyPrefix: "api",
    points,
    duration: WINDOW_SECONDS,
    // A token over its limit is answered from this instance's memory until its window ends,
    // so a client hammering away costs the database nothing more.
    inMemoryBlockOnConsumed: points + 1,
  });
  limiters.set(db, limiter);
  return limiter;
}

function stateOf(limit: number, res: RateLimiterRes): RateLimitState {
  return { limit, remaining: res.remainingPoints, resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}

/**
 * Counts one request of the token (by its row id, never its text) in a fixed one-minute window
 * shared by every instance; over `API_RATE_LIMIT`, a 429 carrying the state for its headers.
 * Undefined when the limit is off (0).
 */
export async function consumeApiRequest(db: Database, tokenId: string): Promise<RateLimitState | undefined> {
  const limit = config().API_RATE_LIMIT;
  if (limit === 0) return undefined;
  try {
    return stateOf(limit, await limiterFor(db, limit).consume(tokenId));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const state = stateOf(limit, rejection);
    throw new AppError("too_many_requests", `Too many requests. Please try again in ${state.resetSeconds} seconds.`, {
      retryAfterSeconds: state.resetSeconds,
      rateLimit: state,
    });
  }
}

/** The IETF RateLimit-* headers (draft-ietf-httpapi-ratelimit-headers): limit, remaining, seconds to reset. */
export function rateLimitHeaders(state: RateLimitState | undefined): Record<string, string> {
  if (!state) return {};
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
  };
}

/** The response with the token's RateLimit-* headers. */
export function withRateLimitHeaders(response: Response, state: RateLimitState | undefined): Response {
  for (const [name, value] of Object.entries(rateLimitHeaders(state))) response.headers.set(name, value);
  return response;
}

/** Forgets windows that ended over an hour ago; called by the maintenance job. */
export async function pruneRateLimits(db: Database, now: Date): Promise<void> {
  await db.delete(apiRateLimits).where(lt(apiRateLimits.expire, now.getTime() - 3_600_000));
}
