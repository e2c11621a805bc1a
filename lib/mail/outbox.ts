import "server-only";
import type { Database } from "@/db/client";
import { mails } from "@/db/schema";
import { config } from "@/lib/config";
import { enqueueMany } from "@/lib/queue/queue";
import { mailDeliveryJob } from "./jobs/mail-delivery";
import type { RenderedMail } from "./templates";

export type NewMail = RenderedMail & { to: string; userId: number | null; dedupeKey?: string };

/**
 * Writes mails in the caller's transaction, and with SMTP_URL a delivery job for each: a mail
 * exists once the change it tells of commits, never if it rolls back, and it is sent even if
 * this process dies the next moment. Without SMTP_URL the mail is kept for /admin/mail.
 * A mail whose dedupe key was already written is skipped. Returns the ids written.
 */
export async function queueMails(tx: Database, list: NewMail[]): Promise<number[]> {
  if (list.length === 0) return [];
  const status = config().SMTP_URL ? "queued" : "kept";
  const rows = await tx
    .insert(mails)
    .values(
      list.map((mail) => ({
        userId: mail.userId,
        to: mail.to,
        subject: mail.subject,
        kind: mail.kind,
        html: mail.html,
        text: mail.text,
        status,
        dedupeKey: mail.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing({ target: mails.dedupeKey })
    .returning({ id: mails.id });
  if (status === "queued") await enqueueMany(tx, mailDeliveryJob, rows.map((row) => ({ data: { mailId: row.id } })));
  return rows.map((row) => row.id);
}

export async function queueMail(tx: Database, mail: NewMail): Promise<number | undefined> {
  const [id] = await queueMails(tx, [mail]);
  return id;
}
