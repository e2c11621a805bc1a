import "server-only";
import { and, eq, lt, or, sql } from "drizzle-orm";
import { mails } from "@/db/schema";
import { config, mailFrom } from "@/lib/config";
import type { JobContext } from "@/lib/queue/queue";
import { log } from "@/lib/logger";
import { smtpTransport } from "./transport";

/** Attempts at the SMTP server before a mail is marked failed (about 8 hours with the queue's backoff). */
export const MAIL_MAX_ATTEMPTS = 10;
/** How long one attempt holds a mail; a process that dies mid-attempt lets it go after this. */
export const MAIL_LEASE_SECONDS = 120;
const ERROR_MAX = 500;

export type DeliveryOutcome = "sent" | "kept" | "failed" | "not_due";

/**
 * The secret of a single-use link (a password reset, an email confirmation) is the recipient's
 * alone: once the SMTP server has the mail, or will never take it, the stored copy keeps the
 * link's page but not its token, so neither the administrators' mailbox nor a copy of the
 * database can open it.
 */
const LINK_SECRET = /([?&]token=)[^"&'<>\s]+/g;
export const LINK_SECRET_REMOVED = "removed-once-sent";
export const withoutLinkSecrets = (body: string) => body.replace(LINK_SECRET, `$1${LINK_SECRET_REMOVED}`);

/** A mail already being sent by another attempt: the job tries again later rather than finish. */
export class MailBusy extends Error {}

/**
 * One attempt at sending one mail through SMTP_URL. The row decides: only a queued mail (or one
 * whose attempt died, its lease run out) is sent, so a duplicate job never sends it twice while
 * the first attempt runs. A failure puts the mail back in the queue and throws, so that the job
 * queue retries it with backoff; after MAIL_MAX_ATTEMPTS the mail is marked failed and kept.
 */
export async function deliverMail({ db }: Pick<JobContext, "db">, mailId: number): Promise<DeliveryOutcome> {
  const [mail] = await db
    .update(mails)
    .set({ status: "sending", attempts: sql`${mails.attempts} + 1`, leaseUntil: sql`now() + make_interval(secs => ${MAIL_LEASE_SECONDS})` })
    .where(and(eq(mails.id, mailId), or(eq(mails.status, "queued"), and(eq(mails.status, "sending"), lt(mails.leaseUntil, sql`now()`)))))
    .returning();
  if (!mail) {
    const [row] = await db.select({ status: mails.status }).from(mails).where(eq(mails.id, mailId));
    if (row?.status === "sending") throw new MailBusy(`mail ${mailId} is being sent by another attempt`);
    return "not_due";
  }

  const url = config().SMTP_URL;
  if (!url) {
    // SMTP_URL was removed since the mail was queued: it waits in the administrators' mailbox.
    await db.update(mails).set({ status: "kept", leaseUntil: null }).where(eq(mails.id, mailId));
    return "kept";
  }

  try {
    await smtpTransport(url).sendMail({
      from: mailFrom(),
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      // The same Message-ID on every attempt, so a receiver can drop a copy sent twice.
      messageId: `<mail-${mail.id}.${mail.createdAt.getTime()}@cardmail>`,
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
    const lastAttempt = mail.attempts >= MAIL_MAX_ATTEMPTS;
    await db
      .update(mails)
      .set({
        status: lastAttempt ? "failed" : "queued",
        lastError: message,
        leaseUntil: null,
        ...(lastAttempt ? { html: withoutLinkSecrets(mail.html), text: withoutLinkSecrets(mail.text) } : {}),
      })
      .where(eq(mails.id, mailId));
    if (lastAttempt) {
      log("mail").error({ mail_id: mailId, attempts: mail.attempts }, "mail failed after its last attempt");
      return "failed";
    }
    throw error;
  }
  await db.update(mails).set({ status: "sent", sentAt: sql`now()`, lastError: null, leaseUntil: null, html: withoutLinkSecrets(mail.html), text: withoutLinkSecrets(mail.text) }).where(eq(mails.id, mailId));
  return "sent";
}
