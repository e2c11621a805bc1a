import { z } from "zod";
import { queryInt } from "./validation";

/*
 * The rules every paged list follows (DESIGN.md, pagination): `per_page` 1 to 100, default 15,
 * out of range a 422 (never clamped); keyset cursors, whose codec is lib/cursor.ts (server only,
 * while this module is also imported by schemas that client forms use).
 */

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

/**
 * The `per_page` query parameter (a list with a larger maximum says so, e.g. a group's members,
 * whose spec answers the whole list). A new schema each call, never one shared instance: the API
 * document annotates each list's own field.
 */
export function perPageQuery(defaultPerPage = DEFAULT_PER_PAGE, maxPerPage = MAX_PER_PAGE) {
  return queryInt().pipe(z.number().int().min(1).max(maxPerPage)).optional().default(defaultPerPage);
}

/**
 * The `cursor` query parameter: opaque text, bounded so a huge one is refused before it is read,
 * yet above the longest cursor issued (a contact's two 100-character names, every character
 * escaped by JSON, encrypted: about 1,800 characters).
 */
export function cursorQuery() {
  return z.string().max(4096).optional();
}

export type CursorPage<T> = { items: T[]; nextCursor: string | null };

/**
 * A page of a keyset list read with `limit: perPage + 1`: the extra row, if it came back, is
 * what says there is a next page, and the page's last row is where it starts.
 */
export function toCursorPage<R>(rows: R[], perPage: number, cursorOf: (last: R) => string): CursorPage<R> {
  const items = rows.slice(0, perPage);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > perPage && last ? cursorOf(last) : null };
}
