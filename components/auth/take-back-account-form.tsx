"use client";

import { useActionState } from "react";
import { takeBackAccountAction, type TakeBackAccountState } from "@/app/(auth)/email-actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";

export function TakeBackAccountForm({ token }: { token: string }) {
  const [state, formAction, pending] = useActionState<TakeBackAccountState, FormData>(takeBackAccountAction, {});
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message ? <Alert>{state.message}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <TextField label="New password" name="password" type="password" autoComplete="new-password" required error={state.fieldErrors?.password} hint="At least 8 characters." />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Taking it back…" : "Take my account back"}
      </Button>
    </form>
  );
}
