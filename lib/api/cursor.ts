import crypto from "node:crypto";
import { authSecret } from "@/lib/config";
import { fieldError } from "@/lib/errors";

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
