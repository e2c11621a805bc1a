import "server-only";
import { eq, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { revokeAccessAfterNewPassword } from "@/lib/auth/account-tokens";
import { throttledPasswordCheck } from "@/lib/auth/login";
import { hashPassword } from "@/lib/auth/password";
import { isPersonalPassword, PERSONAL_PASSWORD_MESSAGE } from "@/lib/auth/password-rules";
import type { ServiceContext } from "@/lib/context";
import { fieldError, notFound } from "@/lib/errors";
import type { ChangePasswordInput } from "./schema";

/**
 * Replaces the account's password (under the rules of lib/auth/password-rules.ts) and locks out
 * whoever knew the old one: every browser session ends (the session version moves on), every API
 * token is revoked and every email change waiting for its link is cancelled. Returns the new
 * version, which the caller's own session may be re-issued with. The current password is checked
 * under the login throttling (`ip` is the client's address): a stolen session cannot guess it
 * faster than the sign-in form allows.
 */
export async function changePassword(ctx: ServiceContext, input: ChangePasswordInput, ip: string): Promise<{ sessionVersion: number }> {
  const [row] = await ctx.db.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (!row) throw notFound("Account not found");
  const user = await throttledPasswordCheck(ctx.db, row.email, input.current_password, ip);
  if (user?.id !== ctx.user.id) throw fieldError("current_password", "The current password is incorrect.");
  if (isPersonalPassword(input.new_password, { email: row.email, name: row.username })) throw fieldError("new_password", PERSONAL_PASSWORD_MESSAGE);
  const passwordHash = await hashPassword(input.new_password);
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, ctx.user.id))
      .returning({ sessionVersion: users.sessionVersion });
    if (!updated) throw notFound("Account not found");
    await revokeAccessAfterNewPassword(tx, ctx.user.id);
    return updated;
  });
}
