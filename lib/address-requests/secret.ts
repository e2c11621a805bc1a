import "server-only";
import crypto from "node:crypto";
import { authSecret } from "@/lib/config";

/*
 * The secret of a link: 32 random bytes, base64url. It is looked up by its SHA-256 (as the
 * calendar feed's is), and kept sealed with AES-256-GCM under a key derived from AUTH_SECRET,
 * bound to its link's id, so the owner can see and share the link again while the table alone
 * neither opens a link nor tells which of its rows a URL names. Should AUTH_SECRET change, a
 * sealed secret no longer opens: the link still works for those who have it, and its owner is
 * shown no URL (a new link gives one).
 */

const SECRET_BYTES = 32;
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const newLinkSecret = () => crypto.randomBytes(SECRET_BYTES).toString("base64url");

/** Whether the text could be a link's secret at all (anything else is simply not found). */
export const isLinkSecret = (value: string) => SECRET_PATTERN.test(value);

export const hashLinkSecret = (secret: string) => crypto.createHash("sha256").update(secret).digest("hex");

let derived: { secret: string; key: Buffer } | undefined;

function sealKey(): Buffer {
  const secret = authSecret();
  if (derived?.secret !== secret) {
    derived = { secret, key: Buffer.from(crypto.hkdfSync("sha256", secret, "cardmail", "address request link v1", 32)) };
  }
  return derived.key;
}

const boundTo = (requestId: number) => Buffer.from(`address-request:${requestId}`);

export function sealLinkSecret(requestId: number, secret: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealKey(), iv);
  cipher.setAAD(boundTo(requestId));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** The link's secret, or null when it no longer opens (AUTH_SECRET changed). */
export function openLinkSecret(requestId: number, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, "base64url");
    const decipher = crypto.createDecipheriv("aes-256-gcm", sealKey(), bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(boundTo(requestId));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
