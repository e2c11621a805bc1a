import type { Metadata } from "next";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { BuyCreditForm } from "@/components/credit/buy-credit-form";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader, Panel } from "@/components/ui/feedback";
import { WelcomeSteps } from "@/components/welcome/welcome-steps";
import { getAccount, hasReturnAddress } from "@/lib/account/service";
import { paymentOptions } from "@/lib/credit/purchase";
import { getCredit } from "@/lib/credit/service";
import { formatMoney } from "@/lib/money";

export const metadata: Metadata = { title: "Credit for your cards" };

const ADDRESS_BOOK = { href: "/contacts?welcome=1", label: "Go to your address book" };

/** The second step after sign-up: how cards are paid for, and the way to add credit on this server. */
export default async function WelcomeCreditPage() {
  await connection();
  const ctx = await requireServiceContext();
  const [credit, account] = await Promise.all([getCredit(ctx), getAccount(ctx)]);
  const options = paymentOptions();

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <WelcomeSteps current={2} done={hasReturnAddress(account.profile) ? [1] : []} />
        <PageHeader title="Credit for your cards" description="Cardmail is paid in advance: you add credit, and each card you send is paid from it." />
      </div>
      <Panel title="How it works">
        <ul className="list-disc space-y-2 pl-5 text-sm text-stone-700">
          <li>Each card has its price in the catalog; it covers printing, the envelope and postage.</li>
          <li>When you check out a project, its cards are paid from your credit. Nothing is charged before that.</li>
          <li>A card you cancel before it goes into production is refunded to your credit.</li>
        </ul>
        <p className="mt-4 text-sm text-stone-700">
          Your credit is now <strong className="font-semibold text-stone-900 tabular-nums">{formatMoney(credit.cents)}</strong>.
        </p>
      </Panel>
      <Panel title="Add credit">
        {options.stripe || options.demo ? (
          <BuyCreditForm stripe={options.stripe} demo={options.demo} returnTo={ADDRESS_BOOK} />
        ) : (
          <p className="text-sm text-stone-700">
            Credit on this Cardmail server is granted by an administrator. Ask yours to add credit to your account; it shows up in your balance at once.
          </p>
        )}
      </Panel>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600">You can add credit at any time from your account.</p>
        <ButtonLink href={ADDRESS_BOOK.href} variant="secondary">
          {ADDRESS_BOOK.label}
        </ButtonLink>
      </div>
    </div>
  );
}
