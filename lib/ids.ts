import { z } from "zod";
import { queryInt } from "./validation";

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const MAX_INT4 = 2_147_483_647;

/** Serial ids are int4: a bigger id can never name a row (and would be a database error, not a 404). */
export const MAX_SERIAL_ID = MAX_INT4;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Path identifiers that can't be a uuid are simply not found, never a database error. */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

/** An integer a serial column could hold (1 to MAX_SERIAL_ID). */
export function isSerialId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_SERIAL_ID;
}

/** Path ids arrive as text: anything that cannot be a serial id throws `missing()` (a not found). */
export function toSerialId(value: number | string, missing: () => Error): number {
  const id = typeof value === "number" ? value : /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!isSerialId(id)) throw missing();
  return id;
}

/** A query parameter naming a row by serial id: "12" becomes 12, out of range is a 422. */
export function serialIdQuery() {
  return queryInt().pipe(z.number().int().min(1).max(MAX_SERIAL_ID));
}
