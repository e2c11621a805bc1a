import Link from "next/link";
import { Button, ButtonLink } from "@/components/ui/button";
import { Panel } from "@/components/ui/feedback";
import { formatMoney } from "@/lib/money";
import { plural } from "@/components/ui/format";
import { AmountLine } from "@/components/ui/amount-line";
import { hrefWith } from "@/components/cards/send-context";

type Props = {
  projectUuid: string;
  priceCents: number;
  toSend: number;
  alreadyOrdered: number;
  totalCents: number;
  creditCents: number;
  /** Recipients not ordered yet whose address has a warning (lib/contacts/address-warnings.ts). */
  addressProblems: number;
  isCardActive: boolean;
  /** A delivery date carried from the calendar, passed on to checkout. */
  deliveryDate?: string;
};

/** What checking out would cost now, against the account's credit. */
export function CostPanel({ projectUuid, priceCents, toSend, alreadyOrdered, totalCents, creditCents, addressProblems, isCardActive, deliveryDate }: Props) {
  const shortfall = totalCents - creditCents;
  return (
    <Panel title="Cost" className="lg:sticky lg:top-24">
      <dl className="space-y-2 text-sm">
        <AmountLine label="Price per card" value={formatMoney(priceCents)} />
        <AmountLine label="Cards to send" value={toSend.toLocaleString("en-US")} />
        <AmountLine label="Total" value={formatMoney(totalCents)} strong className="border-t border-stone-200 pt-2" />
        <AmountLine label="Your credit" value={formatMoney(creditCents)} />
      </dl>
      {alreadyOrdered > 0 ? <p className="mt-2 text-xs text-stone-500">{plural(alreadyOrdered, "recipient")} already ordered {alreadyOrdered === 1 ? "is" : "are"} not charged again.</p> : null}

      <div className="mt-4 space-y-3">
        {!isCardActive ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            This card has been retired, so this project can&apos;t be checked out.{" "}
            {alreadyOrdered === 0 ? (
              <Link href={`/cards?change=${projectUuid}`} className="font-medium underline hover:no-underline">
                Change card
              </Link>
            ) : (
              "Duplicate the project to send it on another card."
            )}
          </p>
        ) : toSend === 0 ? (
          <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700">
            {alreadyOrdered > 0 ? "Everyone on this project has been ordered. Add recipients to send more." : "Add recipients to see the total."}
          </p>
        ) : shortfall > 0 ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            You need <strong className="font-semibold tabular-nums">{formatMoney(shortfall)}</strong> more credit.{" "}
            <Link href={`/account/credit?return=/projects/${projectUuid}/checkout`} className="font-medium underline hover:no-underline">
              Add credit
            </Link>
          </p>
        ) : (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            Your credit covers this order. <span className="tabular-nums">{formatMoney(creditCents - totalCents)}</span> left after it.
          </p>
        )}
        {addressProblems > 0 ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {plural(addressProblems, "address", "addresses")} may not arrive as written.{" "}
            <a href="#address-fixes-title" className="font-medium underline hover:no-underline">
              Check {addressProblems === 1 ? "it" : "them"}
            </a>
          </p>
        ) : null}
        {toSend > 0 && isCardActive ? (
          <ButtonLink href={hrefWith(`/projects/${projectUuid}/checkout`, { delivery_date: deliveryDate })} className="w-full">
            Check out
          </ButtonLink>
        ) : (
          <Button disabled className="w-full">
            Check out
          </Button>
        )}
      </div>
    </Panel>
  );
}
