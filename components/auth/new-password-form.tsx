"use client";

import { useActionState } from "react";
import type { NewPasswordState } from "@/app/(auth)/password-actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";

type Props = {
  /** The mailed link's secret, sent back with the password. */
  token: string;
  action: (state: NewPasswordState, form: FormData) => Promise<NewPasswordState>;
  submitLabel: string;
  pendingLabel: string;
};

/** A new password chosen through a mailed link: a password reset, or taking an account back. */
export function NewPasswordForm({ token, action, submitLabel, pendingLabel }: Props) {
  const [state, formAction, pending] = useActionState<NewPasswordState, FormData>(action, {});
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message ? <Alert>{state.message}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <TextField label="New password" name="password" type="password" autoComplete="new-password" required error={state.fieldErrors?.password} hint="At least 8 characters." />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
