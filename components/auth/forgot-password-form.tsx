"use client";

import Link from "next/link";
import { useActionState } from "react";
import { forgotPasswordAction, type ForgotPasswordState } from "@/app/(auth)/password-actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";

const linkClass = "font-medium text-rose-700 underline-offset-2 hover:underline";

export function ForgotPasswordForm() {
  const [state, formAction, pending] = useActionState<ForgotPasswordState, FormData>(forgotPasswordAction, {});
  if (state.sentTo) {
    return (
      <div className="space-y-4">
        <Alert tone="success">
          If an account uses {state.sentTo}, we have mailed it a link to choose a new password. The link works once, within one hour.
        </Alert>
        <p className="text-sm text-stone-600">No mail after a few minutes? Check the spam folder, or make sure you typed the email you signed up with. We mail at most 3 links an hour to one email.</p>
        <p className="text-center text-sm text-stone-600">
          <Link className={linkClass} href="/login">
            Back to sign in
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message ? <Alert>{state.message}</Alert> : null}
      <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={state.email} error={state.fieldErrors?.email} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Sending the link…" : "Mail me a link"}
      </Button>
      <p className="text-center text-sm text-stone-600">
        Remembered it?{" "}
        <Link className={linkClass} href="/login">
          Sign in
        </Link>
      </p>
    </form>
  );
}
