import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { ConfirmEmailForm } from "@/components/auth/confirm-email-form";
import { Alert } from "@/components/ui/feedback";
import { getDb } from "@/db/client";
import { peekEmailChange } from "@/lib/account/email-change";

export const metadata: Metadata = { title: "Confirm your new email — Cardmail", referrer: "no-referrer" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** Opening the link changes nothing (mail scanners open links too): the button confirms. */
export default async function ConfirmEmailPage({ searchParams }: Props) {
  await connection();
  const { token } = await searchParams;
  const secret = typeof token === "string" ? token : undefined;
  const email = secret ? await peekEmailChange(await getDb(), secret) : undefined;
  return (
    <>
      <h1 className="mb-4 text-xl font-semibold text-stone-900">Confirm your new email</h1>
      {secret && email ? (
        <ConfirmEmailForm token={secret} email={email} />
      ) : (
        <div className="space-y-4">
          <Alert>This link has expired or was already used. Confirmation links work once, within 24 hours.</Alert>
          <p className="text-center text-sm text-stone-600">
            <Link className="font-medium text-rose-700 underline-offset-2 hover:underline" href="/account#email">
              Ask for the change again in your account
            </Link>
          </p>
        </div>
      )}
    </>
  );
}
