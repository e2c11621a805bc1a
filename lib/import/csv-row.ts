import { type DatePrefix } from "./dates";
import { splitPersonName, type ImportRow } from "./rows";

/*
 * What every CSV reader (ours and the programs', csv-programs.ts) does with a row's cells: the
 * spouse's name split, dates kept until the whole file says how slashed ones read, a full name,
 * group names.
 */

/**
 * A data row's value by normalized header (of two columns of one name, the first one filled), and
 * the first column of a header: a row shorter than that has no value for it.
 */
export type Cells = { get(header: string): string | undefined; length: number };

export function setSpouse(result: ImportRow, name: string): void {
  const trimmed = name.trim();
  if (trimmed === "") return;
  const { first, last } = splitPersonName(trimmed);
  result.input.spouse_first_name = first;
  result.input.spouse_last_name = last;
  result.spouseName = trimmed;
}

/**
 * Dates wait for the whole file: whether `3/4/1980` is March or April depends on the file's
 * other slashed dates (or the request's `date_order`).
 */
export const pendingDates = new WeakMap<ImportRow, [prefix: DatePrefix, text: string][]>();

export function deferDate(result: ImportRow, prefix: DatePrefix, text: string): void {
  if (text.trim() === "") return;
  const dates = pendingDates.get(result);
  if (dates) dates.push([prefix, text]);
  else pendingDates.set(result, [[prefix, text]]);
}

export function setFullName(result: ImportRow, name: string | undefined): void {
  const trimmed = name?.trim();
  if (trimmed) result.fullName = trimmed;
}

/** Google's own labels, not groups of the user's. */
const SYSTEM_GROUP = /^(\*|system group:)/i;

/** Google's "Family ::: Friends", Outlook's "Family;Friends" (or with commas). */
export function setGroups(result: ImportRow, cell: string | undefined): void {
  const text = cell?.trim();
  if (!text) return;
  const separator = text.includes(":::") ? ":::" : /[;,]/;
  const names = [...new Set(text.split(separator).map((name) => name.trim().replace(/\s+/g, " ")).filter((name) => name !== "" && !SYSTEM_GROUP.test(name)))];
  if (names.length > 0) result.groups = names.map((name) => name.slice(0, 255));
}

/** Program files have no column for most fields: what they lack is left alone. */
export function dropUnset(input: Record<string, unknown>): void {
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
}
