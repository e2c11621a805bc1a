"use client";

import Link from "next/link";
import { useActionState } from "react";
import { confirmEmailAction, type ConfirmEmailState } from "@/app/(auth)/email-actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";

const linkClass = "font-medium text-rose-700 underline-offset-2 hover:underline";

export function ConfirmEmailForm({ token, email }: { token: string; email: string }) {
  const [state, formAction, pending] = useActionState<ConfirmEmailState, FormData>(confirmEmailAction, {});
  if (state.confirmed) {
    return (
      <div className="space-y-4">
        <Alert tone="success">Your account&apos;s email is now {state.confirmed}. Sign in with it from now on.</Alert>
        <p className="text-center text-sm text-stone-600">
          <Link className={linkClass} href="/account">
            Go to your account
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form action={formAction} className="space-y-4">
      {state.message ? <Alert>{state.message}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <p className="text-sm break-words text-stone-700">
        Your account will use <strong className="font-semibold text-stone-900">{email}</strong> to sign in and to receive mail.
      </p>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Confirming…" : "Confirm the new email"}
      </Button>
    </form>
  );
}
