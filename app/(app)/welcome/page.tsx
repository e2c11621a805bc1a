import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requireServiceContext } from "@/app/_lib/service-context";
import { AddressForm } from "@/components/account/address-form";
import { PageHeader, Panel } from "@/components/ui/feedback";
import { WelcomeSteps } from "@/components/welcome/welcome-steps";
import { toAccountContactJson } from "@/lib/account/mapper";
import { getAccount } from "@/lib/account/service";

export const metadata: Metadata = { title: "Your return address" };

/** The first step after sign-up: the return address, printed on the envelope of every card. */
export default async function WelcomeReturnAddressPage() {
  await connection();
  const ctx = await requireServiceContext();
  const account = await getAccount(ctx);
  const contact = toAccountContactJson(account);
  // Before a return address is saved, the name given at sign-up is a first guess at it.
  const [first, ...rest] = account.username.split(/\s+/);
  // The country is printed on the envelope and required; most accounts are in the US.
  const named = account.profile.first_name ? contact : { ...contact, first_name: first ?? "", last_name: rest.join(" ") };
  const defaults = { ...named, country: contact.country || "US" };

  return (
    <div className="mx-auto max-w-2xl">
      <WelcomeSteps current={1} />
      <PageHeader
        title="Your return address"
        description="It is printed on the envelope of every card you send, so that a card that cannot be delivered comes back to you."
      />
      <Panel>
        <AddressForm kind="returnStep" defaults={defaults} next="/welcome/credit" />
      </Panel>
      <p className="mt-4 text-sm text-stone-600">
        Not now?{" "}
        <Link href="/welcome/credit" className="font-medium text-rose-700 underline-offset-2 hover:underline">
          Skip this step
        </Link>
        ; you can add it later in your account.
      </p>
    </div>
  );
}
