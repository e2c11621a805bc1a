import "server-only";
import crypto from "node:crypto";
import { authSecret } from "./config";
import { fieldError } from "./errors";

/**
 * Opaque, tamper-evident cursors: the position as JSON, base64url, and an HMAC of both the
 * position and the list it belongs to, so a cursor of one list is refused by another.
 */
export function encodeCursor(list: string, position: unknown): string {
  const payload = Buffer.from(JSON.stringify(position)).toString("base64url");
  return `${payload}.${sign(list, payload)}`;
}

export function decodeCursor<T>(list: string, cursor: string, isValid: (value: unknown) => value is T): T {
  const invalid = () => fieldError("cursor", "The cursor is invalid.");
  const [payload, signature, ...rest] = cursor.split(".");
  if (!payload || !signature || rest.length > 0) throw invalid();
  const expected = sign(list, payload);
  if (signature.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!isValid(value)) throw invalid();
  return value;
}

function sign(list: string, payload: string): string {
  return crypto.createHmac("sha256", authSecret()).update(`cursor:${list}:${payload}`).digest("base64url").slice(0, 22);
}

export type KeysetCursor<T> = {
  encode(position: T): string;
  /** No cursor is the first page (undefined); a bad one is a 422 on `cursor`. */
  decode(cursor: string | null | undefined): T | undefined;
};

/** The cursors of one list: its name signs them, `isPosition` checks what a decoded one holds. */
export function keysetCursor<T>(list: string, isPosition: (value: unknown) => value is T): KeysetCursor<T> {
  return {
    encode: (position) => encodeCursor(list, position),
    decode: (cursor) => (cursor ? decodeCursor(list, cursor, isPosition) : undefined),
  };
}

/** The position of a list ordered by a serial id. */
export type IdPosition = { id: number };

export const isIdPosition = (value: unknown): value is IdPosition =>
  typeof value === "object" && value !== null && Number.isSafeInteger((value as { id?: unknown }).id);
