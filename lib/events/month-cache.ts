import "server-only";
import type { Database } from "@/db/client";
import { createBookCache } from "@/lib/book-cache";

/**
 * Months of events as JSON text, bounded by total length: a month of a 100,000-contact book is
 * ~2.6 million characters (six fit; a book of a thousand contacts has a month of ~26,000). The
 * budget stays small next to the server's heap: a 2-core instance is expected to run in 350 MB.
 */
export const monthCache = createBookCache<string>(16_000_000, (text) => text.length);

export type MonthKey = { db: Database; userId: number; year: number; month: number };

export const monthCacheKey = ({ userId, year, month }: Omit<MonthKey, "db">) => `${userId}:${year}-${month}`;

/** The cached text, when it was read at `version`. */
export const getCachedMonth = (month: MonthKey, version: number): string | undefined => monthCache.get(month.db, monthCacheKey(month), version);

export const setCachedMonth = (month: MonthKey, version: number, text: string): void => monthCache.set(month.db, monthCacheKey(month), version, text);
