import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { appOrigin } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { queueMail } from "@/lib/mail/outbox";
import { passwordResetMail } from "@/lib/mail/templates";
import { consumeAccountToken, createAccountToken, peekAccountToken } from "./account-tokens";
import { reserveLoginAttempt } from "./login";
import { hashPassword } from "./password";
import type { ForgotPasswordInput, ResetPasswordInput } from "./schema";

/** A reset link works for one hour, once. */
export const RESET_LINK_TTL_SECONDS = 60 * 60;

export const RESET_LINK_INVALID = "This link has expired or was already used. Ask for a new one below.";

/** The page a reset link opens, with its secret. */
export const resetPasswordUrl = (secret: string) => `${appOrigin()}/reset-password?token=${encodeURIComponent(secret)}`;

/**
 * The forgotten-password form: mails a reset link when an active account has the email, and
 * does nothing visible otherwise, so the answer never tells whether an account exists. Requests
 * are throttled like sign-ins (per email and address, and per email), counted whether or not the
 * email is known; over the limit it throws too_many_requests.
 */
export async function requestPasswordReset(db: Database, input: ForgotPasswordInput, ip: string): Promise<void> {
  const email = input.email.trim().toLowerCase();
  await reserveLoginAttempt(db, `password-reset:${email}`, ip);
  const [user] = await db
    .select({ id: users.id, email: users.email, username: users.username, isActive: users.isActive })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (!user?.isActive) return;
  await db.transaction(async (tx) => {
    const secret = await createAccountToken(tx, { userId: user.id, purpose: "password_reset", ttlSeconds: RESET_LINK_TTL_SECONDS });
    await queueMail(tx, { ...passwordResetMail({ username: user.username, resetUrl: resetPasswordUrl(secret) }), to: user.email, userId: user.id });
  });
}

/** Whether a reset link can still be used (the page shows the form or says it has expired). */
export async function isResetLinkUsable(db: Database, secret: unknown): Promise<boolean> {
  return (await peekAccountToken(db, "password_reset", secret)) !== undefined;
}

/**
 * Sets the password through a reset link, which is used up (with every other reset link of the
 * account), and ends every session of the account: whoever knew the old password is signed out.
 */
export async function resetPassword(db: Database, input: ResetPasswordInput): Promise<{ userId: number }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const link = await consumeAccountToken(tx, "password_reset", input.token);
    if (!link) throw new AppError("validation", RESET_LINK_INVALID, { errors: { token: [RESET_LINK_INVALID] } });
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, link.userId))
      .returning({ id: users.id });
    if (!updated) throw new AppError("validation", RESET_LINK_INVALID, { errors: { token: [RESET_LINK_INVALID] } });
    return { userId: updated.id };
  });
}
