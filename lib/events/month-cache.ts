import "server-only";
import type { Database } from "@/db/client";

/**
 * Months of events as JSON text, each labelled with the book version it was read at, least
 * recently used first. Bounded by total length: a month of a 100,000-contact book is ~2.6
 * million characters (six fit; a book of a thousand contacts has a month of ~26,000), and a
 * body over a quarter of the budget would push out most others. The budget stays small next to
 * the server's heap: a 2-core instance is expected to run in 350 MB.
 */
const BUDGET_CHARS = 16_000_000;
const MAX_ENTRY_CHARS = BUDGET_CHARS / 4;

type Entry = { version: number; text: string };

const entries = new Map<string, Entry>();
let totalChars = 0;

// Tests open several databases in one process, where the same user id names different books.
const databaseIds = new WeakMap<Database, number>();
let lastDatabaseId = 0;

export type MonthKey = { db: Database; userId: number; year: number; month: number };

function keyOf({ db, userId, year, month }: MonthKey): string {
  let id = databaseIds.get(db);
  if (id === undefined) databaseIds.set(db, (id = ++lastDatabaseId));
  return `${id}:${userId}:${year}-${month}`;
}

function remove(key: string, entry: Entry): void {
  entries.delete(key);
  totalChars -= entry.text.length;
}

/** The cached text, when it was read at `version`. */
export function getCachedMonth(month: MonthKey, version: number): string | undefined {
  const key = keyOf(month);
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.version !== version) {
    remove(key, entry);
    return undefined;
  }
  entries.delete(key);
  entries.set(key, entry);
  return entry.text;
}

export function setCachedMonth(month: MonthKey, version: number, text: string): void {
  const key = keyOf(month);
  const old = entries.get(key);
  if (old) remove(key, old);
  if (text.length > MAX_ENTRY_CHARS) return;
  entries.set(key, { version, text });
  totalChars += text.length;
  for (const [oldestKey, oldest] of entries) {
    if (totalChars <= BUDGET_CHARS) break;
    remove(oldestKey, oldest);
  }
}
