import "server-only";
import crypto from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";
import { fieldError } from "@/lib/errors";
import { assertWithinQuota, lockAccountQuotas } from "@/lib/quotas";
import type { ApiContext } from "./handler";
import { json } from "./http";

export type StoredResponse = { status: number; body: unknown };

/**
 * Runs a POST at most once per `Idempotency-Key`: the key row is inserted in the same
 * transaction as the work, so a racing request with the same key waits on the row, then
 * replays the stored response. Failed requests store nothing and may be retried with the key.
 * A new key past the account's daily quota of keys is a 422 on `Idempotency-Key`: the request
 * may be sent without one, or later.
 */
export async function idempotent(ctx: ApiContext, run: (db: Database) => Promise<StoredResponse>): Promise<Response> {
  const key = ctx.req.headers.get("idempotency-key");
  if (key === null) {
    const result = await run(ctx.db);
    return json(result.body, result.status);
  }
  if (key.trim() === "" || key.length > 255) throw fieldError("Idempotency-Key", "The Idempotency-Key header must be 1 to 255 characters.");
  const method = ctx.req.method.toUpperCase();
  const path = new URL(ctx.req.url).pathname;
  const requestHash = crypto.createHash("sha256").update(`${method} ${path}\n${await ctx.bodyText()}`).digest("hex");

  const outcome = await ctx.db.transaction(async (tx) => {
    // Before the key row: the work below may take the same lock for its own quotas.
    await lockAccountQuotas(tx, ctx.user.id);
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: ctx.user.id, key, method, path, requestHash, responseStatus: 0 })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { method, path, requestHash, responseStatus: 0, responseBody: null, createdAt: sql`now()` },
        setWhere: sql`${idempotencyKeys.createdAt} < now() - interval '24 hours'`,
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, ctx.user.id), eq(idempotencyKeys.key, key)));
      if (!stored || stored.method !== method || stored.path !== path || stored.requestHash !== requestHash) {
        throw fieldError("Idempotency-Key", "This Idempotency-Key was already used for a different request.");
      }
      return { replayed: true, status: stored.responseStatus, body: stored.responseBody };
    }
    // Counted on idempotency_keys_user_created_idx; keys older than 24 hours no longer count.
    const [used] = await tx
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, ctx.user.id), gt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`)));
    assertWithinQuota(
      "idempotencyKeysPerDay",
      Number(used!.n),
      "Idempotency-Key",
      (limit) => `An account can use at most ${limit} Idempotency-Keys in 24 hours: send this request without one, or retry it later.`,
    );
    const result = await run(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: result.body as object })
      .where(and(eq(idempotencyKeys.userId, ctx.user.id), eq(idempotencyKeys.key, key)));
    return { replayed: false, ...result };
  });
  return json(outcome.body, outcome.status, outcome.replayed ? { "Idempotent-Replayed": "true" } : {});
}

/** Forgets keys past their 24 hours at `now`; called by the maintenance job. */
export async function pruneIdempotencyKeys(db: Database, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < ${now.toISOString()}::timestamptz - interval '24 hours'`);
}
