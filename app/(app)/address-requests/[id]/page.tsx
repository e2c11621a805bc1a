import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { orNotFound } from "@/app/_lib/or-not-found";
import { requireServiceContext } from "@/app/_lib/service-context";
import { DecideAllButtons, DecisionButtons } from "@/components/address-requests/decision-buttons";
import { LinkSettings } from "@/components/address-requests/link-settings";
import { ShareLink } from "@/components/address-requests/share-link";
import { Badge, EmptyState, PageHeader, Panel } from "@/components/ui/feedback";
import { Time } from "@/components/ui/time";
import { qrCodeSvg } from "@/lib/address-requests/qr";
import { getAddressRequest } from "@/lib/address-requests/service";
import { listSubmissions, type AddressSubmission } from "@/lib/address-requests/submissions";
import { addressLines, fillWords, submittedDetails, submittedName } from "@/lib/address-requests/view";

export const metadata: Metadata = { title: "Address request" };

/** Submissions shown at once in each list (a link takes 200 in its life). */
const SHOWN = 100;

function WhatAcceptingDoes({ submission }: { submission: AddressSubmission }) {
  const { match } = submission;
  if (!match) return <p className="text-sm text-stone-700">Accepting adds a new contact.</p>;
  const contact = (
    <Link href={`/contacts/${match.contactId}`} className="font-medium text-rose-800 underline underline-offset-2">
      {match.contactName}
    </Link>
  );
  const fills = fillWords(match.fills);
  if (fills.length === 0) return <p className="text-sm text-stone-700">Same email as your contact {contact}, who has all of this already: accepting changes nothing.</p>;
  return (
    <p className="text-sm text-stone-700">
      Same email as your contact {contact}. Accepting fills in their {fills.join(", ")}; nothing they have is replaced.
    </p>
  );
}

function SubmissionCard({ submission, requestId }: { submission: AddressSubmission; requestId: number }) {
  const name = submittedName(submission.submitted);
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="text-base font-semibold break-words text-stone-900">{name}</h3>
        {submission.status === "accepted" ? <Badge tone="green">Accepted</Badge> : submission.status === "rejected" ? <Badge>Rejected</Badge> : <Badge tone="amber">New</Badge>}
      </div>
      <p className="mt-1 text-xs text-stone-500">
        Sent <Time value={submission.createdAt} />
      </p>
      <address className="mt-3 text-sm text-stone-800 not-italic">
        {addressLines(submission.submitted).map((line, i) => (
          <span key={i} className="block break-words">
            {line}
          </span>
        ))}
      </address>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {submittedDetails(submission.submitted).map((detail) => (
          <div key={detail.label} className="contents">
            <dt className="text-stone-600">{detail.label}</dt>
            <dd className="break-words text-stone-900">{detail.text}</dd>
          </div>
        ))}
      </dl>
      {submission.status === "pending" ? (
        <div className="mt-4 space-y-3 border-t border-stone-100 pt-4">
          <WhatAcceptingDoes submission={submission} />
          <DecisionButtons requestId={requestId} submissionId={submission.id} name={name} />
        </div>
      ) : submission.contactId ? (
        <p className="mt-4 text-sm">
          <Link href={`/contacts/${submission.contactId}`} className="font-medium text-rose-800 underline underline-offset-2">
            Open the contact
          </Link>
        </p>
      ) : null}
    </li>
  );
}

export default async function AddressRequestPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const ctx = await requireServiceContext();
  const { id } = await params;
  const request = await orNotFound(getAddressRequest(ctx, id));
  const [pending, decided] = await Promise.all([
    listSubmissions(ctx, request.id, { status: "pending", per_page: SHOWN }),
    listSubmissions(ctx, request.id, { per_page: SHOWN }),
  ]);
  const done = decided.submissions.filter((s) => s.status !== "pending");
  const qrSvg = request.url && request.open ? await qrCodeSvg(request.url) : null;

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/address-requests" className="text-rose-800 underline underline-offset-2">
          All address requests
        </Link>
      </p>
      <PageHeader title={request.message ?? "Link without a message"} description={request.open ? "Open: friends can send their address through this link." : "Closed: the link's page says so and takes nothing."} />
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="pending-heading" className="space-y-4 lg:col-span-2">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="pending-heading" className="text-lg font-semibold text-stone-900">
              To review ({pending.submissions.length})
            </h2>
            {pending.submissions.length > 1 ? <DecideAllButtons requestId={request.id} count={pending.submissions.length} /> : null}
          </div>
          {pending.submissions.length === 0 ? (
            <EmptyState title="Nothing to review">
              {request.open ? "When a friend sends their address through this link, it shows here for you to accept or reject." : "This link is closed. Reopen it to take addresses again."}
            </EmptyState>
          ) : (
            <ul className="space-y-4">
              {pending.submissions.map((submission) => (
                <SubmissionCard key={submission.id} submission={submission} requestId={request.id} />
              ))}
            </ul>
          )}
          {done.length > 0 ? (
            <>
              <h2 className="pt-4 text-lg font-semibold text-stone-900">Decided</h2>
              <ul className="space-y-4">
                {done.map((submission) => (
                  <SubmissionCard key={submission.id} submission={submission} requestId={request.id} />
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <div className="space-y-6 self-start">
          {request.open ? (
            <Panel title="Share">
              <ShareLink id={request.id} url={request.url} qrSvg={qrSvg} showQr />
            </Panel>
          ) : null}
          <Panel title="Link">
            <LinkSettings id={request.id} open={request.open} pending={request.submissionsPending} />
          </Panel>
        </div>
      </div>
    </>
  );
}
