import "server-only";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Database } from "@/db/client";
import { apiTokens, users } from "@/db/schema";
import { authSecret, config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import type { ActingUser, ServiceContext } from "@/lib/context";
import { assertWithinQuota } from "@/lib/quotas";
import type { CreateTokenInput } from "./schema";

const ISSUER = "cardmail";
const AUDIENCE = "cardmail-api";

function key(): Uint8Array {
  return new TextEncoder().encode(`api:${authSecret()}`);
}

let verificationKey: Promise<CryptoKey> | undefined;

/** The same key, imported once: given the raw bytes, jose imports them again on every verification. */
function verifyKey(): Promise<CryptoKey> {
  verificationKey ??= crypto.subtle.importKey("raw", key() as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  return verificationKey;
}

export const unauthenticated = () => new AppError("unauthenticated", "Unauthenticated.");

const isLive = sql`(${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())`;

/**
 * Issues a bearer token for (user, app_id), revoking the one that app_id had. The partial
 * unique index allows one active token per app_id; the user row lock orders concurrent logins,
 * and so the count of live tokens: a new app_id past the quota is a 422 on `app_id`.
 */
export async function issueToken(db: Database, userId: number, appId: string): Promise<{ token: string; tokenId: string; replaced: boolean }> {
  const ttlDays = config().TOKEN_TTL_DAYS;
  const expiresAt = ttlDays ? new Date(Date.now() + ttlDays * 86_400_000) : null;
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.userId, userId), eq(apiTokens.appId, appId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, live: isLive });
    const [inserted] = await tx.insert(apiTokens).values({ userId, appId, expiresAt }).returning({ id: apiTokens.id });
    // Counted on api_tokens_one_active_per_app, whose rows are the unrevoked tokens.
    const [live] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), isLive));
    assertWithinQuota(
      "liveTokensPerAccount",
      Number(live!.n),
      "app_id",
      (limit) => `An account can have at most ${limit} active API tokens, one per app_id: log in again with an app_id you already use, or log out one you no longer need.`,
    );
    // An expired token of that app_id was no longer in use: nothing that worked stops working.
    return { id: inserted!.id, replaced: revoked.some((r) => r.live) };
  });
  let jwt = new SignJWT({ app_id: appId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setJti(row.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt();
  if (expiresAt) jwt = jwt.setExpirationTime(Math.floor(expiresAt.getTime() / 1000));
  return { token: await jwt.sign(key()), tokenId: row.id, replaced: row.replaced };
}

/**
 * A token made in the web app's Developers area: the same rule as logging in with an app_id,
 * so an app_id that already has an active token gets a new one and the old one stops working.
 */
export async function createApiToken(ctx: ServiceContext, input: CreateTokenInput): Promise<{ token: string; app_id: string; replaced: boolean }> {
  const { token, replaced } = await issueToken(ctx.db, ctx.user.id, input.app_id);
  return { token, app_id: input.app_id, replaced };
}

export type Authenticated = { user: ActingUser; tokenId: string; appId: string };

// The last use of a token is written at most once a minute: a write on every request would
// double the database work of the busiest integrations for a figure shown to the minute.
const LAST_USE_PRECISION = sql`interval '1 minute'`;

function activeTokenQuery(db: Database) {
  return db
    .select({
      userId: users.id,
      accountType: users.accountType,
      appId: apiTokens.appId,
      lastUseIsStale: sql<boolean>`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < now() - ${LAST_USE_PRECISION})`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.id, sql.placeholder("tokenId")),
        isNull(apiTokens.revokedAt),
        eq(users.isActive, true),
        sql`(${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())`,
      ),
    )
    .limit(1)
    .prepare("active_api_token");
}

// Every API request runs this statement: it is built once per database, not once per request.
const activeTokenQueries = new WeakMap<Database, ReturnType<typeof activeTokenQuery>>();

// Tokens whose signature and claims were verified, by their text (a bounded, oldest-out cache):
// the signature check is the costliest step of authenticating a request, and its answer for a
// given token never changes. Revocation and expiry are still asked of the database every time.
const verifiedTokens = new Map<string, { tokenId: string; expiresAt: number | undefined }>();
const VERIFIED_TOKENS_MAX = 1000;

async function verifiedTokenId(token: string): Promise<string> {
  const known = verifiedTokens.get(token);
  if (known && (known.expiresAt === undefined || known.expiresAt > Date.now())) return known.tokenId;
  verifiedTokens.delete(token);
  try {
    const { payload } = await jwtVerify(token, await verifyKey(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    if (typeof payload.jti !== "string" || !/^[0-9a-f-]{36}$/i.test(payload.jti)) throw unauthenticated();
    if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) verifiedTokens.delete(verifiedTokens.keys().next().value!);
    verifiedTokens.set(token, { tokenId: payload.jti, expiresAt: payload.exp === undefined ? undefined : payload.exp * 1000 });
    return payload.jti;
  } catch {
    throw unauthenticated();
  }
}

/** Verifies the signature, then asks the database (one query) whether the token is still active. */
export async function authenticateToken(db: Database, token: string): Promise<Authenticated> {
  const tokenId = await verifiedTokenId(token);
  let query = activeTokenQueries.get(db);
  if (!query) activeTokenQueries.set(db, (query = activeTokenQuery(db)));
  const [row] = await query.execute({ tokenId });
  if (!row) throw unauthenticated();
  if (row.lastUseIsStale) {
    // Conditional again: of concurrent requests that all saw a stale value, one writes.
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiTokens.id, tokenId), sql`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < now() - ${LAST_USE_PRECISION})`));
  }
  return { user: { id: row.userId, accountType: row.accountType }, tokenId, appId: row.appId };
}

export async function revokeToken(db: Database, userId: number, tokenId: string): Promise<boolean> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length > 0;
}

export type ApiTokenSummary = { id: string; app_id: string; created_at: string; expires_at: string | null; last_used_at: string | null };

/** Active tokens of a user, for the Developers area. */
export async function listActiveTokens(db: Database, userId: number): Promise<ApiTokenSummary[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), sql`(${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())`))
    .orderBy(apiTokens.appId);
  return rows.map((r) => ({
    id: r.id,
    app_id: r.appId,
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt?.toISOString() ?? null,
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
  }));
}
