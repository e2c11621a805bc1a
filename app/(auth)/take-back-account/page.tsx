import type { Metadata } from "next";
import { connection } from "next/server";
import { NewPasswordForm } from "@/components/auth/new-password-form";
import { UnusableLink } from "@/components/auth/unusable-link";
import { peekAccountTakeBack, TAKE_BACK_LINK_INVALID } from "@/lib/account/email-change";
import { takeBackAccountAction } from "../password-actions";
import { publicServiceContext } from "@/lib/context";

export const metadata: Metadata = { title: "Take your account back — Cardmail", referrer: "no-referrer" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** Opening the link changes nothing (mail scanners open links too): the form, with a new password, does. */
export default async function TakeBackAccountPage({ searchParams }: Props) {
  await connection();
  const { token } = await searchParams;
  const secret = typeof token === "string" ? token : undefined;
  const email = secret ? await peekAccountTakeBack((await publicServiceContext()).db, secret) : undefined;
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
        <UnusableLink className="mt-4" message={TAKE_BACK_LINK_INVALID} href="/login" label="Sign in" />
      )}
    </>
  );
}
