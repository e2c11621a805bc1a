import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { CreateLinkForm } from "@/components/address-requests/create-link-form";
import { ShareLink } from "@/components/address-requests/share-link";
import { Badge, EmptyState, PageHeader, Panel } from "@/components/ui/feedback";
import { Time } from "@/components/ui/time";
import { qrCodeSvg } from "@/lib/address-requests/qr";
import { listAddressRequests } from "@/lib/address-requests/service";
import { ReviewNote } from "./_lib/review-note";

export const metadata: Metadata = { title: "Address requests" };

/** The links shown at once; an account with more sees its newest. */
const LINKS_SHOWN = 100;

export default async function AddressRequestsPage() {
  await connection();
  const ctx = await requireServiceContext();
  const { requests } = await listAddressRequests(ctx, { per_page: LINKS_SHOWN });
  const qrCodes = await Promise.all(requests.map((request) => (request.url && request.open ? qrCodeSvg(request.url) : null)));

  return (
    <>
      <PageHeader
        title="Address requests"
        description="Send friends a link and they fill in their own address, birthday and family. Nothing reaches your contacts until you accept it."
      />
      <ReviewNote className="mb-6" />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {requests.length === 0 ? (
            <EmptyState title="No links yet">
              Create a link with the form <span className="lg:hidden">below</span>
              <span className="hidden lg:inline">beside this</span>, then send it by text, email or a QR code. Each answer waits here for you to accept it.
            </EmptyState>
          ) : (
            <ul className="space-y-4">
              {requests.map((request, i) => (
                <li key={request.id} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <h2 className="min-w-0 text-base font-semibold break-words text-stone-900">
                      <Link href={`/address-requests/${request.id}`} className="hover:text-rose-800">
                        {request.message ?? "Link without a message"}
                      </Link>
                    </h2>
                    <div className="flex shrink-0 gap-2">
                      {request.submissionsPending > 0 ? <Badge tone="rose">{request.submissionsPending} to review</Badge> : null}
                      {request.open ? <Badge tone="green">Open</Badge> : <Badge>Closed</Badge>}
                    </div>
                  </div>
                  <p className="mt-1 text-sm text-stone-600">Created <Time value={request.createdAt} style="date" /></p>
                  {request.open ? (
                    <div className="mt-4">
                      <ShareLink id={request.id} url={request.url} qrSvg={qrCodes[i] ?? null} />
                    </div>
                  ) : null}
                  <p className="mt-4">
                    <Link href={`/address-requests/${request.id}`} className="text-sm font-medium text-rose-800 underline underline-offset-2">
                      Review answers<span className="sr-only"> to “{request.message ?? "link without a message"}”</span>
                    </Link>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Panel title="New link" className="self-start">
          <CreateLinkForm />
        </Panel>
      </div>
    </>
  );
}
