import "server-only";
import { eq } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Database } from "@/db/client";
import { contactBookVersions } from "@/db/schema";

/**
 * Values derived from a user's address book, each labelled with the book version it was read
 * at (contact_book_versions: changed by the database in every transaction that writes the
 * user's contacts, children, pets or group memberships), least recently used first, bounded by
 * the total of `sizeOf` over the entries; one entry over a quarter of the budget is not kept,
 * as it would push out most others.
 */
export type BookCache<T> = {
  get(db: Database, key: string, version: number): T | undefined;
  set(db: Database, key: string, version: number, value: T): void;
};

// Tests open several databases in one process, where the same user id names different books.
const databaseIds = new WeakMap<Database, number>();
let lastDatabaseId = 0;

function databaseKey(db: Database, key: string): string {
  let id = databaseIds.get(db);
  if (id === undefined) databaseIds.set(db, (id = ++lastDatabaseId));
  return `${id}:${key}`;
}

export function createBookCache<T>(budget: number, sizeOf: (value: T) => number): BookCache<T> {
  type Entry = { version: number; value: T; size: number };
  const entries = new Map<string, Entry>();
  let total = 0;
  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    total -= entry.size;
  };
  return {
    get(db, key, version) {
      const fullKey = databaseKey(db, key);
      const entry = entries.get(fullKey);
      if (!entry) return undefined;
      if (entry.version !== version) {
        remove(fullKey, entry);
        return undefined;
      }
      entries.delete(fullKey);
      entries.set(fullKey, entry);
      return entry.value;
    },
    set(db, key, version, value) {
      const fullKey = databaseKey(db, key);
      const old = entries.get(fullKey);
      if (old) remove(fullKey, old);
      const size = sizeOf(value);
      if (size > budget / 4) return;
      entries.set(fullKey, { version, value, size });
      total += size;
      for (const [oldestKey, oldest] of entries) {
        if (total <= budget) break;
        remove(oldestKey, oldest);
      }
    },
  };
}

/** The user's book version; 0 for a book never written. */
export async function readBookVersion(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ version: contactBookVersions.version }).from(contactBookVersions).where(eq(contactBookVersions.userId, userId));
  return row?.version ?? 0;
}

/**
 * `read()` from the cache while the user's book is at the version it was read at. The version
 * is read first: under READ COMMITTED the value is then at least as new as its label, so a write
 * committed in between only costs a read on the next call. In a transaction the cache is left
 * alone: the transaction's own writes change the version only when it commits.
 */
export async function readThroughBookCache<T>(cache: BookCache<T>, db: Database, userId: number, key: string, read: () => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return read();
  const version = await readBookVersion(db, userId);
  const cached = cache.get(db, key, version);
  if (cached !== undefined) return cached;
  const value = await read();
  cache.set(db, key, version, value);
  return value;
}
