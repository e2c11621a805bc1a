import Link from "next/link";
import { connection } from "next/server";
import { requireAdminServiceContext } from "@/app/_lib/service-context";
import { AdminNav } from "@/components/admin/admin-nav";
import { formatMailTime, MAIL_KIND_LABELS, MailStatusBadge } from "@/components/mail/mail-labels";
import { ButtonLink } from "@/components/ui/button";
import { Alert, EmptyState, PageHeader } from "@/components/ui/feedback";
import { plural } from "@/components/ui/format";
import { listMails } from "@/lib/admin/mail";
import { adminTitle } from "../_lib/admin-title";

export const generateMetadata = adminTitle("Mail · Admin");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminMailPage({ searchParams }: Props) {
  await connection();
  const ctx = await requireAdminServiceContext();
  const { before } = await searchParams;
  const beforeId = typeof before === "string" && /^\d{1,10}$/.test(before) ? Number(before) : undefined;
  const page = await listMails(ctx, { before: beforeId });

  return (
    <>
      <PageHeader
        title="Mail"
        description={
          page.smtpConfigured
            ? "Every mail Cardmail wrote, newest first, and whether the SMTP server has taken it."
            : "No SMTP server is set (SMTP_URL), so mail is kept here instead of being sent. Newest first."
        }
      />
      <AdminNav />
      {page.smtpConfigured ? null : (
        <Alert tone="info" className="mb-4">
          Set <code>SMTP_URL</code> (and <code>MAIL_FROM</code>) to send mail to its recipients; mail written until then stays here.
        </Alert>
      )}
      {page.mails.length === 0 ? (
        <EmptyState title={beforeId ? "No older mail" : "No mail yet"}>
          Password resets, email confirmations, order receipts, skipped automations and reminder digests appear here once they are written.
        </EmptyState>
      ) : (
        <div className="rounded-xl border border-stone-200 bg-white px-4 shadow-sm sm:px-5">
          <ul className="divide-y divide-stone-200">
            {page.mails.map((mail) => (
              <li key={mail.id} className="grid gap-1 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-4">
                <div className="min-w-0">
                  <Link href={`/admin/mail/${mail.id}`} className="font-medium break-words text-stone-900 hover:text-rose-800 hover:underline">
                    {mail.subject}
                  </Link>
                  <p className="mt-0.5 text-sm break-all text-stone-600">
                    <span className="sr-only">To </span>
                    {mail.to}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2 text-sm text-stone-600 sm:justify-end">
                  <span>{MAIL_KIND_LABELS[mail.kind]}</span>
                  <MailStatusBadge status={mail.status} />
                  {mail.attempts > 0 ? <span>{plural(mail.attempts, "attempt")}</span> : null}
                  <time dateTime={mail.createdAt.toISOString()}>{formatMailTime(mail.createdAt)}</time>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        {beforeId ? (
          <ButtonLink href="/admin/mail" variant="ghost">
            ← Newest mail
          </ButtonLink>
        ) : (
          <span />
        )}
        {page.olderThan ? (
          <ButtonLink href={`/admin/mail?before=${page.olderThan}`} variant="secondary">
            Older mail →
          </ButtonLink>
        ) : null}
      </div>
    </>
  );
}
