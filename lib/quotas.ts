import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { fieldError } from "@/lib/errors";

/**
 * How much one account may keep: each quota is checked in the transaction that would exceed it,
 * after its insert, so a bulk request counts what it would add and is refused whole (a 422
 * naming the field) rather than cut short. docs/api.md's "Limits" lists them.
 */
export const QUOTAS = {
  /** Contacts in one account's address book (the benchmark holds 100,000). */
  contactsPerAccount: 200_000,
  /** Recipients on one project. */
  recipientsPerProject: 10_000,
  /** Contacts in one group: as many as the address book may hold. */
  membersPerGroup: 200_000,
  /** Tokens that are neither revoked nor expired, one per app_id. */
  liveTokensPerAccount: 100,
  /** Idempotency-Keys one account used in the last 24 hours (they are kept that long). */
  idempotencyKeysPerDay: 10_000,
} as const;

export type QuotaName = keyof typeof QUOTAS;

let overrides: Partial<Record<QuotaName, number>> = {};

/** The quota in force: the constant, unless a test lowered it. */
export function quota(name: QuotaName): number {
  return overrides[name] ?? QUOTAS[name];
}

/**
 * Tests only: lowers quotas so that reaching one takes a few rows, not 200,000. Returns the
 * function that restores them.
 */
export function overrideQuotasForTests(values: Partial<Record<QuotaName, number>>): () => void {
  if (!process.env.VITEST) throw new Error("Quotas are overridden in tests only.");
  overrides = { ...overrides, ...values };
  return () => {
    overrides = {};
  };
}

// The first key of the two-key advisory lock that orders one account's quota-checked writes.
const QUOTA_LOCK_CLASS = 727_274_002;

/**
 * Takes the account's quota lock until the transaction ends, so that two transactions adding
 * rows for one account count one after the other, never both under the limit at once. Take it
 * before the first insert (and before any row lock) of the transaction: a lock taken in one
 * order everywhere can't deadlock. Must run inside a transaction.
 */
export async function lockAccountQuotas(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}, ${userId}::int)`);
}

const formatCount = (n: number) => n.toLocaleString("en-US");

/**
 * A 422 on `field` when `count`, the total after the write, is over the quota; the transaction
 * that wrote it rolls back.
 */
export function assertWithinQuota(name: QuotaName, count: number, field: string, describe: (limit: string) => string): void {
  const limit = quota(name);
  if (count > limit) throw fieldError(field, describe(formatCount(limit)));
}
