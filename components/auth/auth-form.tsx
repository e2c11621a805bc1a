"use client";

import Link from "next/link";
import { useActionState } from "react";
import type { AuthFormState } from "@/app/(auth)/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";
import { PASSWORD_RULES_TEXT } from "./password-rules";
import { TimeZoneGuess } from "./time-zone-guess";

type Props = {
  mode: "signin" | "signup";
  action: (state: AuthFormState, form: FormData) => Promise<AuthFormState>;
  next?: string;
};

export function AuthForm({ mode, action, next }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const signingUp = mode === "signup";
  return (
    <form action={formAction} className="space-y-4" noValidate>
      {state.message ? <Alert>{state.message}</Alert> : null}
      {next ? <input type="hidden" name="next" value={next} /> : null}
      {signingUp ? <TimeZoneGuess /> : null}
      {signingUp ? (
        <TextField label="Your name" name="username" autoComplete="name" required defaultValue={state.username} error={state.fieldErrors?.username} />
      ) : null}
      <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={state.email} error={state.fieldErrors?.email} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete={signingUp ? "new-password" : "current-password"}
        required
        error={state.fieldErrors?.password}
        hint={signingUp ? PASSWORD_RULES_TEXT : undefined}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? (signingUp ? "Creating your account…" : "Signing in…") : signingUp ? "Create account" : "Sign in"}
      </Button>
      <p className="text-center text-sm text-stone-600">
        {signingUp ? (
          <>
            Already have an account?{" "}
            <Link className="font-medium text-rose-700 underline-offset-2 hover:underline" href="/login">
              Sign in
            </Link>
          </>
        ) : (
          <>
            New to Cardmail?{" "}
            <Link className="font-medium text-rose-700 underline-offset-2 hover:underline" href="/signup">
              Create an account
            </Link>
          </>
        )}
      </p>
    </form>
  );
}
