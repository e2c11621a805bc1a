import "server-only";
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { authSecret } from "@/lib/config";

export { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./session-lifetime";

/**
 * Ends every browser session of the account, if `version` is still its current one: a session
 * that has already ended cannot end the sessions issued after it.
 */
export async function endSessions(db: Database, userId: number, version: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.id, userId), eq(users.sessionVersion, version)))
    .returning({ id: users.id });
  return rows.length > 0;
}

const grantKey = () => `session-grant:${authSecret()}`;

/**
 * Proof, made on the server, that a session may move to `version` (after a password change on
 * this device). The session endpoint accepts updates from the browser too, so a version change
 * without this proof is ignored.
 */
export function sessionGrant(userId: number, version: number): string {
  return crypto.createHmac("sha256", grantKey()).update(`${userId}:${version}`).digest("base64url");
}

export function isSessionGrant(userId: number, version: number, grant: unknown): boolean {
  if (typeof grant !== "string") return false;
  const expected = Buffer.from(sessionGrant(userId, version));
  const given = Buffer.from(grant);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
