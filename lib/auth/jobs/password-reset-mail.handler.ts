import "server-only";
import { eq, sql } from "drizzle-orm";
import { mails, users } from "@/db/schema";
import { queueMail } from "@/lib/mail/outbox";
import { passwordResetMail } from "@/lib/mail/templates";
import type { JobHandler } from "@/lib/queue/queue";
import { createAccountToken } from "../account-tokens";
import { RESET_LINK_TTL_SECONDS, resetMailKey, resetPasswordUrl } from "../password-reset";
import type { PasswordResetJobPayload } from "./password-reset-mail";

/**
 * Mails a reset link when an active account has the email. A retry whose earlier run committed
 * finds the request's mail already written and stops, so the account never gets two links for
 * one request; two runs at once (a job that outlived its expiry) still write one mail, the
 * dedupe key being unique, and the other run's link is never sent and expires unused.
 */
export const handle: JobHandler<PasswordResetJobPayload> = async ({ db }, { email, requestId }) => {
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
};
