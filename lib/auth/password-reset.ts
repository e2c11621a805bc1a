import "server-only";
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { appOrigin } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { enqueue } from "@/lib/queue/queue";
import { consumeAccountToken, peekAccountToken, revokeAccessAfterNewPassword } from "./account-tokens";
import { passwordResetJob } from "./jobs/password-reset-mail";
import { reserveAccountMail } from "./mail-limits";
import { hashPassword } from "./password";
import type { ForgotPasswordInput, ResetPasswordInput } from "./schema";

/** A reset link works for one hour, once. */
export const RESET_LINK_TTL_SECONDS = 60 * 60;

export const RESET_LINK_INVALID = "This link has expired or was already used. Ask for a new one below.";

/** The page a reset link opens, with its secret. */
export const resetPasswordUrl = (secret: string) => `${appOrigin()}/reset-password?token=${encodeURIComponent(secret)}`;

/** The mail a reset request is answered with: at most one per request, however often its job runs. */
export const resetMailKey = (requestId: string) => `password-reset:${requestId}`;

/**
 * The forgotten-password form: every request gets the same answer (nothing to tell), whether or
 * not an account has the email and whether or not it is over the limits of lib/auth/mail-limits.ts
 * (per client address and per email, counted whether or not the email is known). Within them,
 * the request is one job on the queue, the same for every email, so neither the answer nor its
 * timing tells whether an account exists; the job mails the link. Past them, no job.
 */
export async function requestPasswordReset(db: Database, input: ForgotPasswordInput, ip: string): Promise<void> {
  const email = input.email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    if (!(await reserveAccountMail(tx, { kind: "password_reset", ip, email }))) return;
    await enqueue(tx, passwordResetJob, { email, requestId: crypto.randomUUID() });
  });
}

/** Whether a reset link can still be used (the page shows the form or says it has expired). */
export async function isResetLinkUsable(db: Database, secret: unknown): Promise<boolean> {
  return (await peekAccountToken(db, "password_reset", secret)) !== undefined;
}

/**
 * Sets the password through a reset link, which is used up (with every other reset link of the
 * account), and locks out whoever knew the old password: every session ends, every API token is
 * revoked and every email change waiting for its link is cancelled.
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
    await revokeAccessAfterNewPassword(tx, updated.id);
    return { userId: updated.id };
  });
}
