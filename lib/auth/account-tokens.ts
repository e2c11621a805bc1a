import "server-only";
import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { accountTokens, apiTokens, type AccountTokenPurpose } from "@/db/schema";

/** A new secret for a mailed link: 32 random bytes, URL-safe. */
export const newLinkSecret = () => crypto.randomBytes(32).toString("base64url");

/** What is stored of a secret: its SHA-256, so the table alone opens no link. */
export const hashLinkSecret = (secret: string) => crypto.createHash("sha256").update(secret).digest("hex");

/** Secrets are 43 URL-safe characters; anything else is not worth a lookup. */
export const looksLikeLinkSecret = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);

/** Writes a single-use link's secret for the account, valid for `ttlSeconds`; returns the secret. */
export async function createAccountToken(
  tx: Database,
  input: { userId: number; purpose: AccountTokenPurpose; ttlSeconds: number; newEmail?: string },
): Promise<string> {
  const secret = newLinkSecret();
  await tx.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashLinkSecret(secret),
    newEmail: input.newEmail ?? null,
    expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
  });
  return secret;
}

const usable = (purpose: AccountTokenPurpose, secret: string) =>
  and(eq(accountTokens.tokenHash, hashLinkSecret(secret)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`));

/** The link's account (and new email), while it is unused and unexpired; nothing is changed. */
export async function peekAccountToken(db: Database, purpose: AccountTokenPurpose, secret: unknown): Promise<{ userId: number; newEmail: string | null } | undefined> {
  if (!looksLikeLinkSecret(secret)) return undefined;
  const [row] = await db.select({ userId: accountTokens.userId, newEmail: accountTokens.newEmail }).from(accountTokens).where(usable(purpose, secret)).limit(1);
  return row;
}

/**
 * Uses the link up, in the caller's transaction: one UPDATE that only an unused, unexpired link
 * passes, so two requests with the same link never both get through. Every other open link of
 * the same purpose for the account is used up with it.
 */
export async function consumeAccountToken(tx: Database, purpose: AccountTokenPurpose, secret: unknown): Promise<{ userId: number; newEmail: string | null } | undefined> {
  if (!looksLikeLinkSecret(secret)) return undefined;
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(purpose, secret))
    .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail });
  if (!row) return undefined;
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, row.userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  return row;
}

/**
 * What a new password (set through a reset link or changed in the account) takes from whoever
 * knew the old one, in the caller's transaction: every API token of the account is revoked, and
 * every email change waiting for its link is cancelled, so that a change asked for before cannot
 * be confirmed after. The sessions end with the session version, which the caller moves on. The
 * take-back links of an email change stay: they are the old address owner's way back.
 */
export async function revokeAccessAfterNewPassword(tx: Database, userId: number): Promise<void> {
  await tx.update(apiTokens).set({ revokedAt: sql`now()` }).where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "email_change"), isNull(accountTokens.usedAt)));
}
