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
};

/** The account behind a browser session, if it still exists and is active. */
export async function findSessionUser(db: Database, id: number): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, username: users.username, accountType: users.accountType, creditCents: users.creditCents })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isActive, true)))
    .limit(1);
  return row ? { ...row, isAdmin: row.accountType === 3 } : undefined;
}
