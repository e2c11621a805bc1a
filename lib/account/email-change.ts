import "server-only";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { accountTokens, apiTokens, users } from "@/db/schema";
import { consumeAccountToken, createAccountToken, peekAccountToken } from "@/lib/auth/account-tokens";
import { throttledPasswordCheck } from "@/lib/auth/login";
import { reserveAccountMail } from "@/lib/auth/mail-limits";
import { hashPassword } from "@/lib/auth/password";
import type { ResetPasswordInput } from "@/lib/auth/schema";
import { appOrigin } from "@/lib/config";
import type { ServiceContext } from "@/lib/context";
import { AppError, fieldError, isUniqueViolation, notFound } from "@/lib/errors";
import { queueMail } from "@/lib/mail/outbox";
import { emailChangedMail, emailChangeMail, emailInUseMail } from "@/lib/mail/templates";
import { formatInstant } from "@/lib/time-zone";
import type { ChangeEmailInput } from "./schema";

/** A confirmation link works for 24 hours, once. */
export const EMAIL_LINK_TTL_SECONDS = 24 * 60 * 60;

export const EMAIL_LINK_INVALID = "This link has expired or was already used. Ask for the change again in your account.";
const EMAIL_TAKEN = "The email has already been taken.";

export const confirmEmailUrl = (secret: string) => `${appOrigin()}/confirm-email?token=${encodeURIComponent(secret)}`;

/** The way back works for a week, once: the owner of the old address may not read mail every day. */
export const TAKE_BACK_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

export const TAKE_BACK_LINK_INVALID = "This link has expired or was already used. Links to take an account back work once, within 7 days.";

export const takeBackAccountUrl = (secret: string) => `${appOrigin()}/take-back-account?token=${encodeURIComponent(secret)}`;

export type PendingEmailChange = { email: string; expiresAt: Date };

/**
 * Asks to move the account to a new email: the current password is checked under the login
 * throttling, and a confirmation link is mailed to the new address. The account keeps its email
 * until the link is opened; asking again sends a new link (the earlier ones still work until used).
 *
 * The answer is the same whatever the new address: a change waiting for its link is recorded in
 * every case. If another account has the email, its owner is told instead, and no link goes out
 * (the recorded one was never mailed, so it can't be opened). Past the limits of mail per client
 * address and per email (lib/auth/mail-limits.ts), nothing is mailed at all.
 */
export async function requestEmailChange(ctx: ServiceContext, input: ChangeEmailInput, ip: string): Promise<PendingEmailChange> {
  const [account] = await ctx.db.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (!account) throw notFound("Account not found");
  const user = await throttledPasswordCheck(ctx.db, account.email, input.current_password, ip);
  if (user?.id !== ctx.user.id) throw fieldError("current_password", "The current password is incorrect.");
  const newEmail = input.new_email.trim().toLowerCase();
  if (newEmail === account.email.toLowerCase()) throw fieldError("new_email", "This is already the email of your account.");
  await ctx.db.transaction(async (tx) => {
    const secret = await createAccountToken(tx, { userId: ctx.user.id, purpose: "email_change", ttlSeconds: EMAIL_LINK_TTL_SECONDS, newEmail });
    if (!(await reserveAccountMail(tx, { kind: "email_change", ip, email: newEmail }))) return;
    const [owner] = await tx.select({ id: users.id, username: users.username }).from(users).where(sql`lower(${users.email}) = ${newEmail}`).limit(1);
    const mail = owner
      ? { ...emailInUseMail({ username: owner.username, email: newEmail, forgotPasswordUrl: `${appOrigin()}/forgot-password` }), userId: owner.id }
      : { ...emailChangeMail({ username: account.username, newEmail, confirmUrl: confirmEmailUrl(secret) }), userId: ctx.user.id };
    await queueMail(tx, { ...mail, to: newEmail });
  });
  return (await pendingEmailChange(ctx))!;
}

/** The newest email change waiting for its confirmation, if any. */
export async function pendingEmailChange(ctx: ServiceContext): Promise<PendingEmailChange | null> {
  const [row] = await ctx.db
    .select({ email: accountTokens.newEmail, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(
      and(eq(accountTokens.userId, ctx.user.id), eq(accountTokens.purpose, "email_change"), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)),
    )
    .orderBy(desc(accountTokens.id))
    .limit(1);
  return row?.email ? { email: row.email, expiresAt: row.expiresAt } : null;
}

/** Withdraws every waiting email change: their links stop working. */
export async function cancelEmailChange(ctx: ServiceContext): Promise<void> {
  await ctx.db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, ctx.user.id), eq(accountTokens.purpose, "email_change"), isNull(accountTokens.usedAt)));
}

/** The new email a confirmation link would set, while the link is usable. */
export async function peekEmailChange(db: Database, secret: unknown): Promise<string | undefined> {
  return (await peekAccountToken(db, "email_change", secret))?.newEmail ?? undefined;
}

/**
 * Opens a confirmation link: the account's email becomes the new one, and the link (with every
 * other email change link of the account) is used up. The old address is told, in the same
 * transaction, so a change its owner did not make cannot go unnoticed. If another account took
 * the email since the link was sent, nothing changes and the error says so.
 */
export async function confirmEmailChange(db: Database, secret: unknown): Promise<{ email: string }> {
  const invalid = () => new AppError("validation", EMAIL_LINK_INVALID, { errors: { token: [EMAIL_LINK_INVALID] } });
  try {
    return await db.transaction(async (tx) => {
      const link = await consumeAccountToken(tx, "email_change", secret);
      if (!link?.newEmail) throw invalid();
      const [account] = await tx
        .select({ email: users.email, username: users.username, timeZone: users.timeZone })
        .from(users)
        .where(and(eq(users.id, link.userId), eq(users.isActive, true)))
        .for("update");
      if (!account) throw invalid();
      const [updated] = await tx
        .update(users)
        .set({ email: link.newEmail, updatedAt: sql`now()` })
        .where(eq(users.id, link.userId))
        .returning({ email: users.email, changedAt: users.updatedAt });
      if (!updated) throw invalid();
      // Whoever changed the email may also change the password: the old address keeps a way back that needs neither.
      const takeBack = await createAccountToken(tx, { userId: link.userId, purpose: "email_revert", ttlSeconds: TAKE_BACK_LINK_TTL_SECONDS, newEmail: account.email });
      const notice = emailChangedMail({
        username: account.username,
        oldEmail: account.email,
        newEmail: updated.email,
        changedAt: formatInstant(updated.changedAt, account.timeZone),
        takeBackUrl: takeBackAccountUrl(takeBack),
      });
      await queueMail(tx, { ...notice, to: account.email, userId: link.userId });
      return { email: updated.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("validation", `${EMAIL_TAKEN} Ask for the change again with another email.`, { errors: { token: [EMAIL_TAKEN] } });
    throw error;
  }
}

/** The email a take-back link would restore, while the link is usable. */
export async function peekAccountTakeBack(db: Database, secret: unknown): Promise<string | undefined> {
  return (await peekAccountToken(db, "email_revert", secret))?.newEmail ?? undefined;
}

/**
 * Opens a take-back link from the notice of an email change, with a new password: the account's
 * email goes back to the address the notice was sent to, the password is replaced, every session
 * ends and every API token is revoked, and every other link of the account (password resets,
 * email changes, other take-backs) is used up, so that whoever changed the email is out for good.
 * If another account took the old email since, nothing changes and the error says so.
 */
export async function takeBackAccount(db: Database, input: ResetPasswordInput): Promise<{ email: string }> {
  const invalid = () => new AppError("validation", TAKE_BACK_LINK_INVALID, { errors: { token: [TAKE_BACK_LINK_INVALID] } });
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const link = await consumeAccountToken(tx, "email_revert", input.token);
      if (!link?.newEmail) throw invalid();
      const [restored] = await tx
        .update(users)
        .set({ email: link.newEmail, passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
        .where(and(eq(users.id, link.userId), eq(users.isActive, true)))
        .returning({ email: users.email });
      if (!restored) throw invalid();
      await tx.update(apiTokens).set({ revokedAt: sql`now()` }).where(and(eq(apiTokens.userId, link.userId), isNull(apiTokens.revokedAt)));
      await tx.update(accountTokens).set({ usedAt: sql`now()` }).where(and(eq(accountTokens.userId, link.userId), isNull(accountTokens.usedAt)));
      return { email: restored.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = "Another Cardmail account has taken this email since, so the account cannot move back to it. Ask an administrator for help.";
      throw new AppError("validation", message, { errors: { token: [message] } });
    }
    throw error;
  }
}
