import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { NewPasswordForm } from "@/components/auth/new-password-form";
import { Alert } from "@/components/ui/feedback";
import { getDb } from "@/db/client";
import { takeBackAccountAction } from "../password-actions";
import { peekAccountTakeBack, TAKE_BACK_LINK_INVALID } from "@/lib/account/email-change";

export const metadata: Metadata = { title: "Take your account back — Cardmail", referrer: "no-referrer" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** Opening the link changes nothing (mail scanners open links too): the form, with a new password, does. */
export default async function TakeBackAccountPage({ searchParams }: Props) {
  await connection();
  const { token } = await searchParams;
  const secret = typeof token === "string" ? token : undefined;
  const email = secret ? await peekAccountTakeBack(await getDb(), secret) : undefined;
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-stone-900">Take your account back</h1>
      {secret && email ? (
        <>
          <p className="mb-2 text-sm text-stone-600">
            The account&apos;s email goes back to <strong className="font-medium break-all text-stone-900">{email}</strong>, and the password becomes the one you choose
            here.
          </p>
          <p className="mb-6 text-sm text-stone-600">Every browser and device is signed out, and every API token of the account is revoked.</p>
          <NewPasswordForm token={secret} action={takeBackAccountAction} submitLabel="Take my account back" pendingLabel="Taking it back…" />
        </>
      ) : (
        <div className="mt-4 space-y-4">
          <Alert>{TAKE_BACK_LINK_INVALID}</Alert>
          <p className="text-center text-sm text-stone-600">
            <Link className="font-medium text-rose-700 underline-offset-2 hover:underline" href="/login">
              Sign in
            </Link>
          </p>
        </div>
      )}
    </>
  );
}
