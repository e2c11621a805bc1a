import type { Metadata } from "next";
import { connection } from "next/server";
import { ConfirmEmailForm } from "@/components/auth/confirm-email-form";
import { UnusableLink } from "@/components/auth/unusable-link";
import { peekEmailChange } from "@/lib/account/email-change";
import { publicServiceContext } from "@/lib/context";

export const metadata: Metadata = { title: "Confirm your new email — Cardmail", referrer: "no-referrer" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** Opening the link changes nothing (mail scanners open links too): the button confirms. */
export default async function ConfirmEmailPage({ searchParams }: Props) {
  await connection();
  const { token } = await searchParams;
  const secret = typeof token === "string" ? token : undefined;
  const email = secret ? await peekEmailChange((await publicServiceContext()).db, secret) : undefined;
  return (
    <>
      <h1 className="mb-4 text-xl font-semibold text-stone-900">Confirm your new email</h1>
      {secret && email ? (
        <ConfirmEmailForm token={secret} email={email} />
      ) : (
        <UnusableLink
          message="This link has expired or was already used. Confirmation links work once, within 24 hours."
          href="/account#email"
          label="Ask for the change again in your account"
        />
      )}
    </>
  );
}
