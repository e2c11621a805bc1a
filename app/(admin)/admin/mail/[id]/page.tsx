import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { orNotFound } from "@/app/_lib/or-not-found";
import { requireAdminServiceContext } from "@/app/_lib/service-context";
import { AdminNav } from "@/components/admin/admin-nav";
import { formatMailTime, MAIL_KIND_LABELS, MailStatusBadge } from "@/components/mail/mail-labels";
import { Panel } from "@/components/ui/feedback";
import { getMail } from "@/lib/admin/mail";
import { adminTitle } from "../../_lib/admin-title";

export const generateMetadata = adminTitle("Mail · Admin");

type Props = { params: Promise<{ id: string }> };

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-4 sm:gap-4">
      <dt className="text-sm text-stone-500">{term}</dt>
      <dd className="mt-0.5 text-sm break-words text-stone-900 sm:col-span-3 sm:mt-0">{children}</dd>
    </div>
  );
}

export default async function AdminMailMessagePage({ params }: Props) {
  await connection();
  const ctx = await requireAdminServiceContext();
  const { id } = await params;
  if (!/^\d{1,10}$/.test(id)) notFound();
  const mail = await orNotFound(getMail(ctx, Number(id)));

  return (
    <>
      <AdminNav />
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link href="/admin/mail" className="font-medium text-rose-700 hover:text-rose-800 hover:underline">
          ← All mail
        </Link>
      </nav>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight break-words text-stone-900">{mail.subject}</h1>
      <Panel className="mb-6">
        <dl className="-my-2 divide-y divide-stone-100">
          <Fact term="To">
            <span className="break-all">{mail.to}</span>
          </Fact>
          <Fact term="Kind">{MAIL_KIND_LABELS[mail.kind]}</Fact>
          <Fact term="Status">
            <MailStatusBadge status={mail.status} />
            {mail.attempts > 0 ? <span className="ml-2 text-stone-600">after {mail.attempts === 1 ? "1 attempt" : `${mail.attempts} attempts`}</span> : null}
          </Fact>
          <Fact term="Written">
            <time dateTime={mail.createdAt.toISOString()}>{formatMailTime(mail.createdAt)}</time>
          </Fact>
          {mail.sentAt ? (
            <Fact term="Sent">
              <time dateTime={mail.sentAt.toISOString()}>{formatMailTime(mail.sentAt)}</time>
            </Fact>
          ) : null}
          {mail.lastError ? <Fact term="Last error">{mail.lastError}</Fact> : null}
        </dl>
      </Panel>
      <div className="grid gap-6 xl:grid-cols-2">
        <Panel title="As HTML" className="min-w-0">
          {/* An empty sandbox: the mail's markup is shown, but it runs no script and reaches nothing of this page. */}
          <iframe title={`HTML of the mail: ${mail.subject}`} sandbox="" srcDoc={mail.html} className="h-[36rem] w-full rounded-lg border border-stone-200 bg-white" />
        </Panel>
        <Panel title="As plain text" className="min-w-0">
          <pre data-testid="mail-text" tabIndex={0} aria-label="Plain text of the mail" className="max-h-[36rem] overflow-auto rounded-lg bg-stone-50 p-4 text-sm whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere]">
            {mail.text}
          </pre>
        </Panel>
      </div>
    </>
  );
}
