import "server-only";
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { mails, users } from "@/db/schema";
import { appOrigin } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { enqueue, type JobDefinition } from "@/lib/jobs/queue";
import { queueMail } from "@/lib/mail/outbox";
import { passwordResetMail } from "@/lib/mail/templates";
import { consumeAccountToken, createAccountToken, peekAccountToken, revokeAccessAfterNewPassword } from "./account-tokens";
import { reserveAccountMail } from "./mail-limits";
import { hashPassword } from "./password";
import type { ForgotPasswordInput, ResetPasswordInput } from "./schema";

/** A reset link works for one hour, once. */
export const RESET_LINK_TTL_SECONDS = 60 * 60;

export const RESET_LINK_INVALID = "This link has expired or was already used. Ask for a new one below.";

/** The page a reset link opens, with its secret. */
export const resetPasswordUrl = (secret: string) => `${appOrigin()}/reset-password?token=${encodeURIComponent(secret)}`;

const resetJobPayload = z.object({ email: z.string().min(1).max(255), requestId: z.uuid() }).strict();
export type PasswordResetJobPayload = z.infer<typeof resetJobPayload>;

/** The mail a reset request is answered with: at most one per request, however often its job runs. */
const resetMailKey = (requestId: string) => `password-reset:${requestId}`;

/**
 * Mails a reset link when an active account has the email. A retry whose earlier run committed
 * finds the request's mail already written and stops, so the account never gets two links for
 * one request; two runs at once (a job that outlived its expiry) still write one mail, the
 * dedupe key being unique, and the other run's link is never sent and expires unused.
 */
async function mailResetLink(db: Database, { email, requestId }: PasswordResetJobPayload): Promise<void> {
  const [user] = await db
    .select({ id: users.id, email: users.email, username: users.username, isActive: users.isActive })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (!user?.isActive) return;
  const dedupeKey = resetMailKey(requestId);
  const [sent] = await db.select({ id: mails.id }).from(mails).where(eq(mails.dedupeKey, dedupeKey)).limit(1);
  if (sent) return;
  await db.transaction(async (tx) => {
    const secret = await createAccountToken(tx, { userId: user.id, purpose: "password_reset", ttlSeconds: RESET_LINK_TTL_SECONDS });
    await queueMail(tx, { ...passwordResetMail({ username: user.username, resetUrl: resetPasswordUrl(secret) }), to: user.email, userId: user.id, dedupeKey });
  });
}

/**
 * The lookup and the mail of a reset request, out of the request: whether the account exists
 * decides what this job does, never how long the form takes to answer.
 */
export const passwordResetJob: JobDefinition<PasswordResetJobPayload> = {
  name: "password-reset-mail",
  description: "Answers a forgotten-password request: mails a reset link when an active account has the email, and does nothing otherwise.",
  payload: resetJobPayload,
  // A link that arrives an hour late is still worth having; a lost request is not retried by its sender.
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
  run: ({ db }, payload) => mailResetLink(db, payload),
};

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
