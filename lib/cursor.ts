import "server-only";
import crypto from "node:crypto";
import { authSecret } from "./config";
import { fieldError } from "./errors";

/*
 * Opaque cursors (DESIGN.md, security 1.2): the position (a page's boundary row: for the address
 * book, a contact's names and uuid) is encrypted with AES-256-GCM, so nobody reads it, and the
 * list and the acting user are its additional authenticated data, so a cursor decrypts only for
 * the user and the list it was issued to: another user's, another list's (cards, orders, another
 * group's members...) or an altered one is the same 422 as a malformed one. A fresh IV each time:
 * two cursors of one position never look alike. The key is derived from AUTH_SECRET (HKDF), so
 * every instance reads every other's cursors, and rotating the secret only restarts paging.
 */

/** Whom a cursor is issued to: a service's context (the acting user) will do. */
export type CursorScope = { user: { id: number } };

const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

let derived: { secret: string; key: Buffer } | undefined;

function cursorKey(): Buffer {
  const secret = authSecret();
  if (derived?.secret !== secret) {
    derived = { secret, key: Buffer.from(crypto.hkdfSync("sha256", secret, "cardmail", "cursor encryption v1", 32)) };
  }
  return derived.key;
}

const boundTo = (list: string, scope: CursorScope) => Buffer.from(`cursor:v1\u0000${list}\u0000${scope.user.id}`);

export function encodeCursor(scope: CursorScope, list: string, position: unknown): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", cursorKey(), iv);
  cipher.setAAD(boundTo(list, scope));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(position), "utf8"), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

export function decodeCursor<T>(scope: CursorScope, list: string, cursor: string, isValid: (value: unknown) => value is T): T {
  const invalid = () => fieldError("cursor", "The cursor is invalid.");
  // Buffer.from skips what is not base64url and a dangling last letter: only the exact text
  // of a cursor decodes, never one with a letter more.
  if (!BASE64URL.test(cursor)) throw invalid();
  const bytes = Buffer.from(cursor, "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString("base64url") !== cursor) throw invalid();
  let value: unknown;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", cursorKey(), bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(boundTo(list, scope));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
    value = JSON.parse(plain.toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!isValid(value)) throw invalid();
  return value;
}

export type KeysetCursor<T> = {
  encode(scope: CursorScope, position: T): string;
  /** No cursor is the first page (undefined); a bad one, or one issued to another user or list, is a 422 on `cursor`. */
  decode(scope: CursorScope, cursor: string | null | undefined): T | undefined;
};

/** The cursors of one list: its name binds them, `isPosition` checks what a decrypted one holds. */
export function keysetCursor<T>(list: string, isPosition: (value: unknown) => value is T): KeysetCursor<T> {
  return {
    encode: (scope, position) => encodeCursor(scope, list, position),
    decode: (scope, cursor) => (cursor ? decodeCursor(scope, list, cursor, isPosition) : undefined),
  };
}

/** The position of a list ordered by a serial id. */
export type IdPosition = { id: number };

export const isIdPosition = (value: unknown): value is IdPosition =>
  typeof value === "object" && value !== null && Number.isSafeInteger((value as { id?: unknown }).id);
