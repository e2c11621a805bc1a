import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { BuyCreditForm } from "@/components/credit/buy-credit-form";
import { ButtonLink } from "@/components/ui/button";
import { Alert, PageHeader, Panel } from "@/components/ui/feedback";
import { paymentOptions } from "@/lib/credit/purchase";
import { getCredit } from "@/lib/credit/service";
import { formatMoney } from "@/lib/money";

export const metadata: Metadata = { title: "Add credit" };

type Props = { searchParams: Promise<{ cancelled?: string | string[]; return?: string | string[] }> };

const linkClass = "font-medium text-rose-700 underline-offset-2 hover:underline";

/** Only a project's checkout page: the return link never leads off the site or anywhere unexpected. */
function returnTarget(value: string | string[] | undefined): { href: string; label: string } | undefined {
  if (typeof value !== "string") return undefined;
  return /^\/projects\/[0-9a-f-]{36}\/checkout$/i.test(value) ? { href: value, label: "Back to checkout" } : undefined;
}

export default async function AddCreditPage({ searchParams }: Props) {
  await connection();
  const ctx = await requireServiceContext();
  const { cancelled, return: returnParam } = await searchParams;
  const credit = await getCredit(ctx);
  const options = paymentOptions();
  const returnTo = returnTarget(returnParam);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Add credit"
        description="Cards are paid from your account credit when you check out."
        actions={
          <ButtonLink href={returnTo?.href ?? "/account"} variant="secondary">
            {returnTo ? "Back to checkout" : "Back to account"}
          </ButtonLink>
        }
      />

      {cancelled !== undefined ? <Alert tone="info">The payment was cancelled and nothing was charged. You can choose an amount and try again.</Alert> : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel title="Your balance" className="h-fit">
          <p className="text-4xl font-semibold tracking-tight text-stone-900 tabular-nums">{formatMoney(credit.cents)}</p>
          <Link href="/account#credit-history" className={`mt-4 inline-block text-sm ${linkClass}`}>
            See the credit history
          </Link>
        </Panel>

        <Panel title="Buy credit" className="lg:col-span-2">
          {options.stripe || options.demo ? (
            <BuyCreditForm stripe={options.stripe} demo={options.demo} returnTo={returnTo} />
          ) : (
            <div className="space-y-3 text-sm text-stone-700">
              <p>Credit on this Cardmail server is granted by an administrator. Ask yours to add credit to your account; it shows up in your balance at once.</p>
              <p>
                Meanwhile you can still{" "}
                <Link href="/contacts" className={linkClass}>
                  add contacts
                </Link>{" "}
                and prepare{" "}
                <Link href="/projects" className={linkClass}>
                  your projects
                </Link>
                .
              </p>
            </div>
          )}
        </Panel>
      </div>
    </div>
  );
}
