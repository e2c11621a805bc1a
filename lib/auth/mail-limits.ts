import "server-only";
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { mailRequests } from "@/db/schema";
import { config } from "@/lib/config";
import { keyedHash } from "./keyed-hash";

/**
 * Mails anyone can make Cardmail send to an address they name (a reset link, the confirmation of
 * a new email, the notice to an email's owner that someone tried to use it): at most this many an
 * hour from one client address, and to one email from anywhere, so that neither the queue nor
 * somebody's inbox can be flooded. Past either, the request gets the same answer and no mail.
 */
export const ACCOUNT_MAILS_PER_ADDRESS = 5;
export const ACCOUNT_MAILS_PER_RECIPIENT = 3;
export const ACCOUNT_MAIL_WINDOW_SECONDS = 60 * 60;

export type AccountMailKind = "password_reset" | "email_change";

/**
 * Counts a mail to `email` asked for from `ip` in the caller's transaction: true and recorded when
 * both are under their limits, else false and nothing recorded. Under one lock per address, then
 * one per recipient (always in this order, so two requests can't deadlock), so that concurrent
 * requests never overshoot. Every instance counts the same rows. Must run inside a transaction.
 */
export async function reserveAccountMail(tx: Database, input: { kind: AccountMailKind; ip: string; email: string }): Promise<boolean> {
  const recipientHash = keyedHash("mail-recipient", input.email.trim().toLowerCase());
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-mail-from:${input.ip}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-mail-to:${recipientHash}`}))`);
  const inWindow = gt(mailRequests.createdAt, sql`now() - make_interval(secs => ${ACCOUNT_MAIL_WINDOW_SECONDS})`);
  const [counts] = await tx
    .select({
      fromAddress: sql<number>`count(*) filter (where ${mailRequests.ip} = ${input.ip})::int`,
      toRecipient: sql<number>`count(*) filter (where ${mailRequests.recipientHash} = ${recipientHash})::int`,
    })
    .from(mailRequests)
    .where(and(inWindow, or(eq(mailRequests.ip, input.ip), eq(mailRequests.recipientHash, recipientHash))));
  // ACCOUNT_MAIL_LIMIT=0 turns the limit per address off (the browser tests send every request from one).
  const perAddress = config().ACCOUNT_MAIL_LIMIT ?? ACCOUNT_MAILS_PER_ADDRESS;
  if (perAddress > 0 && Number(counts?.fromAddress ?? 0) >= perAddress) return false;
  if (Number(counts?.toRecipient ?? 0) >= ACCOUNT_MAILS_PER_RECIPIENT) return false;
  await tx.insert(mailRequests).values({ kind: input.kind, ip: input.ip, recipientHash });
  return true;
}
