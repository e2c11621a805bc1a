import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { CardThumb } from "@/components/projects/card-thumb";
import { AddressFixes } from "@/components/projects/address-fixes";
import { CheckoutButton } from "@/components/projects/checkout-button";
import { longDate, plural } from "@/components/ui/format";
import { ButtonLink } from "@/components/ui/button";
import { CheckoutCardPreview } from "@/components/projects/checkout-card-preview";
import { checkoutPreview } from "@/lib/proofs/service";
import "@/components/cards/message-fonts";
import { messageFont } from "@/lib/fonts";
import { EmptyState, Panel } from "@/components/ui/feedback";
import { AddressForm } from "@/components/account/address-form";
import { toAccountContactJson } from "@/lib/account/mapper";
import { getAccount, hasReturnAddress } from "@/lib/account/service";
import { getCredit } from "@/lib/credit/service";
import { formatMoney } from "@/lib/money";
import { listAddressProblems } from "@/lib/projects/address-checks";
import { getProjectSummaries, getRecipientChecks } from "@/lib/projects/overview";
import { getProjectCost } from "@/lib/projects/service";
import { AmountLine } from "@/components/ui/amount-line";
import { loadProject } from "../../_lib/load-project";
import { readSendContext } from "@/components/cards/send-context";
import { deliveryDateChoice } from "@/lib/orders/delivery-dates";

export const metadata: Metadata = { title: "Check out" };

export default async function CheckoutPage({
  params,
  searchParams,
}: {
  params: Promise<{ uuid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await connection();
  const ctx = await requireServiceContext();
  const { uuid } = await params;
  const { unreachableDate, ...delivery } = deliveryDateChoice(readSendContext(await searchParams).deliveryDate);
  const project = await loadProject(uuid);
  const [summaries, cost, credit, checks, addressProblems, account, preview] = await Promise.all([
    getProjectSummaries(ctx, [project.id]),
    getProjectCost(ctx, project.id),
    getCredit(ctx),
    getRecipientChecks(ctx, project.id),
    listAddressProblems(ctx, project.id),
    getAccount(ctx),
    checkoutPreview(ctx, project.id),
  ]);
  // Every envelope carries the return address: until there is one, checkout asks for it first.
  const needsReturnAddress = !hasReturnAddress(account.profile);
  const summary = summaries.get(project.id);
  const front = project.card.images.find((image) => image.type === "front")?.path ?? null;
  const projectHref = `/projects/${project.id}`;
  const shortfall = cost.total_cents - credit.cents;
  const { ownMessages } = checks;
  const face = messageFont(project.messageFont);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href={projectHref} className="font-medium text-stone-600 hover:text-stone-900">
          ← Back to {project.name}
        </Link>
      </nav>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-stone-900">Check out</h1>

      {cost.unordered_recipients === 0 ? (
        <EmptyState title="Nothing left to send" action={<ButtonLink href={projectHref}>Add recipients</ButtonLink>}>
          {cost.recipients > 0
            ? "Every recipient of this project has already been ordered. Add more people to the project to send them this card."
            : "This project has no recipients yet. Add people from your contacts, a group or a CSV file, then check out."}
        </EmptyState>
      ) : (
        <>
          {addressProblems.total > 0 ? (
            <div className="mb-6">
              <AddressFixes projectUuid={project.id} total={addressProblems.total} recipients={addressProblems.recipients} />
            </div>
          ) : null}
          {needsReturnAddress ? (
            <Panel title="First, your return address" className="mb-6">
              <p className="mb-4 text-sm text-stone-700">
                It is printed on the envelope of every card, so that a card that cannot be delivered comes back to you. Enter it once; you can change it in your account.
              </p>
              <AddressForm kind="returnStep" defaults={{ ...toAccountContactJson(account), country: account.profile.country || "US" }} next="refresh" />
            </Panel>
          ) : null}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
            <Panel title="Your order" className="lg:col-span-3">
              <div className="flex gap-4">
                <CardThumb src={front} alt={summary ? `Front of the “${summary.cardName}” card` : "The project's card"} className="h-32 w-24" />
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-stone-900">{summary?.cardName ?? "Card"}</p>
                  <p className="text-stone-600">{project.name}</p>
                  <p className="mt-2 text-stone-700">
                    {plural(cost.unordered_recipients, "card")} to mail
                    {cost.recipients > cost.unordered_recipients ? ` (${cost.recipients - cost.unordered_recipients} already ordered, not charged again)` : ""}
                  </p>
                </div>
              </div>
              <CheckoutCardPreview
                preview={preview}
                projectUuid={project.id}
                isPostcard={project.isPostcard}
                fontFamily={face.cssFamily}
                more={Math.max(0, cost.recipients - preview.recipients.length)}
              />
              {ownMessages > 0 ? <p className="mt-3 text-xs text-stone-500">{plural(ownMessages, "recipient")} get{ownMessages === 1 ? "s" : ""} their own message, as the preview shows when you pick them.</p> : null}
              <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                <Link href={projectHref} className="font-medium text-rose-800 hover:underline">
                  Change the message or recipients
                </Link>
              </div>
            </Panel>

            <Panel title="Payment" className="self-start lg:col-span-2">
              <dl className="space-y-2 text-sm">
                <AmountLine label="Recipients" value={cost.unordered_recipients.toLocaleString("en-US")} />
                <AmountLine label="Price each" value={formatMoney(cost.price_cents)} />
                <AmountLine label="Total" value={formatMoney(cost.total_cents)} strong className="border-t border-stone-200 pt-2" />
                <AmountLine label="Current credit" value={formatMoney(credit.cents)} />
                <AmountLine label="Credit after" value={shortfall > 0 ? "—" : formatMoney(credit.cents - cost.total_cents)} />
              </dl>
              <div className="mt-5 space-y-3">
                {shortfall > 0 ? (
                  <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                    <p className="font-semibold">You need {formatMoney(shortfall)} more credit to send this order.</p>
                    <p className="mt-1">
                      The order costs {formatMoney(cost.total_cents)} and your credit is {formatMoney(credit.cents)}.{" "}
                      <Link href={`/account/credit?return=/projects/${uuid}/checkout`} className="font-medium underline hover:no-underline">
                        Add credit
                      </Link>
                    </p>
                  </div>
                ) : (
                  <p className="text-sm text-stone-600">You can follow every card on the order&apos;s page, and cancel any until it is printed.</p>
                )}
                {needsReturnAddress ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">Your return address is not set yet: enter it above so that it is printed on the envelopes.</p> : null}
                {unreachableDate ? (
                  <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
                    {longDate(`${unreachableDate}T00:00:00Z`)} can&apos;t be a delivery date: cards arrive 7 to 365 days after the order. The earliest is{" "}
                    {longDate(`${delivery.earliestDate}T00:00:00Z`)}.
                  </p>
                ) : null}
                {summary && !summary.isCardActive ? (
                  <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">This card is no longer available, so this project can&apos;t be checked out.</p>
                ) : null}
                <CheckoutButton
                  projectUuid={project.id}
                  totalCents={cost.total_cents}
                  totalLabel={formatMoney(cost.total_cents)}
                  disabled={shortfall > 0 || (summary ? !summary.isCardActive : false)}
                  {...delivery}
                />
              </div>
            </Panel>
          </div>
        </>
      )}
    </>
  );
}
