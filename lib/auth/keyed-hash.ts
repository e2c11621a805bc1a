import "server-only";
import crypto from "node:crypto";
import { authSecret } from "@/lib/config";

/**
 * What throttling keeps of a client address or an email: an HMAC-SHA256 under the app's secret
 * and the use it is for (hex). Unlike a bare hash, the table alone can't be searched for a known
 * address, the IPv4 space being small enough to hash whole.
 */
export function keyedHash(use: string, value: string): string {
  return crypto.createHmac("sha256", `${use}:${authSecret()}`).update(value).digest("hex");
}
