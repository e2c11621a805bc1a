import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";

export type SessionUser = {
  id: number;
  email: string;
  username: string;
  accountType: number;
  isAdmin: boolean;
  creditCents: number;
  /** The IANA zone the web app shows this account's times in. */
  timeZone: string;
  /** The version the session carries, which is the account's current one. */
  sessionVersion: number;
};

/**
 * The account behind a browser session, if it still exists, is active, and the session carries
 * the account's current session version (signing out and a password change bump it, which ends
 * every session issued before). One query: the version is compared on the row already read.
 */
export async function findSessionUser(db: Database, session: { id: number; sessionVersion: number }): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      accountType: users.accountType,
      creditCents: users.creditCents,
      timeZone: users.timeZone,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(and(eq(users.id, session.id), eq(users.isActive, true)))
    .limit(1);
  if (!row || row.sessionVersion !== session.sessionVersion) return undefined;
  return { ...row, isAdmin: row.accountType === 3 };
}
