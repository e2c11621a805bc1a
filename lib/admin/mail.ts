import "server-only";
import { desc, eq, lt } from "drizzle-orm";
import { mails, type MailKind, type MailStatus } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { assertAdmin } from "@/lib/credit/service";
import { notFound } from "@/lib/errors";
import { config } from "@/lib/config";
import { withoutLinkSecrets } from "@/lib/mail/deliver";

export const MAILS_PER_PAGE = 50;

export type MailSummary = {
  id: number;
  to: string;
  subject: string;
  kind: MailKind;
  status: MailStatus;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
};

export type MailMessage = MailSummary & { html: string; text: string; lastError: string | null };

export type MailPage = { mails: MailSummary[]; olderThan: number | null; smtpConfigured: boolean };

const summaryColumns = {
  id: mails.id,
  to: mails.to,
  subject: mails.subject,
  kind: mails.kind,
  status: mails.status,
  attempts: mails.attempts,
  createdAt: mails.createdAt,
  sentAt: mails.sentAt,
};

/** The mailbox of administrators: every mail, newest first, a page at a time (`before`: the id the page starts below). */
export async function listMails(ctx: ServiceContext, options: { before?: number } = {}): Promise<MailPage> {
  assertAdmin(ctx);
  const rows = await ctx.db
    .select(summaryColumns)
    .from(mails)
    .where(options.before === undefined ? undefined : lt(mails.id, options.before))
    .orderBy(desc(mails.id))
    .limit(MAILS_PER_PAGE + 1);
  const page = rows.slice(0, MAILS_PER_PAGE) as MailSummary[];
  return { mails: page, olderThan: rows.length > MAILS_PER_PAGE ? page[page.length - 1]!.id : null, smtpConfigured: config().SMTP_URL !== undefined };
}

export async function getMail(ctx: ServiceContext, id: number): Promise<MailMessage> {
  assertAdmin(ctx);
  const [row] = await ctx.db
    .select({ ...summaryColumns, html: mails.html, text: mails.text, lastError: mails.lastError })
    .from(mails)
    .where(eq(mails.id, id))
    .limit(1);
  if (!row) throw notFound("Mail not found");
  // A mail on its way to the SMTP server is its recipient's: only a kept one (no SMTP_URL) shows its links whole.
  if (row.status === "kept") return row as MailMessage;
  return { ...row, html: withoutLinkSecrets(row.html), text: withoutLinkSecrets(row.text) } as MailMessage;
}
