import type { Metadata } from "next";
import { connection } from "next/server";
import { NewPasswordForm } from "@/components/auth/new-password-form";
import { UnusableLink } from "@/components/auth/unusable-link";
import { isResetLinkUsable } from "@/lib/auth/password-reset";
import { resetPasswordAction } from "../password-actions";
import { publicServiceContext } from "@/lib/context";

export const metadata: Metadata = { title: "Choose a new password — Cardmail", referrer: "no-referrer" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** Opening the link changes nothing: the password is set (and the link used up) when the form is sent. */
export default async function ResetPasswordPage({ searchParams }: Props) {
  await connection();
  const { token } = await searchParams;
  const secret = typeof token === "string" ? token : undefined;
  const usable = secret !== undefined && (await isResetLinkUsable((await publicServiceContext()).db, secret));
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-stone-900">Choose a new password</h1>
      {usable && secret ? (
        <>
          <p className="mb-6 text-sm text-stone-600">Setting it signs you out on every browser and device; then sign in with the new password.</p>
          <NewPasswordForm token={secret} action={resetPasswordAction} submitLabel="Set the new password" pendingLabel="Saving…" />
        </>
      ) : (
        <UnusableLink className="mt-4" message="This link has expired or was already used. Reset links work once, within one hour." href="/forgot-password" label="Ask for a new link" />
      )}
    </>
  );
}
