"use client";

import { useState, useTransition, type FormEvent } from "react";
import { deleteAccountAction } from "@/app/(app)/account/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";
import { formatMoney } from "@/lib/money";

type Props = { email: string; creditCents: number };

const FIELDS = ["email", "current_password"] as const;

/**
 * Deletes the account once its email is typed again and its password given. On success the
 * action signs this browser out and opens the sign-in page, which says the account was deleted.
 */
export function DeleteAccountForm({ email, creditCents }: Props) {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    startTransition(async () => {
      const result = await deleteAccountAction({ email: String(data.get("email") ?? ""), current_password: String(data.get("current_password") ?? "") });
      // Success never returns here: the action redirects to the sign-in page.
      if (!result.ok) {
        // A mistyped email or a wrong password is said under its field; anything else (cards still on their way, too many attempts) above the button.
        const fieldErrors = result.fieldErrors ?? {};
        setErrors(fieldErrors);
        const firstInvalid = FIELDS.find((name) => fieldErrors[name]);
        setMessage(firstInvalid ? null : result.message);
        if (firstInvalid) form.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      }
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="space-y-2 text-sm text-stone-700">
        <p>This cannot be undone. Deleting your account removes:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>your contacts, groups and projects, your automations, API tokens, webhooks and calendar address;</li>
          <li>your name, email, password, return and shipping addresses, and every signed-in session.</li>
        </ul>
        <p>
          Orders you placed stay in our books without any name or address: their amounts, dates, statuses and the state and country each card went to.
          {creditCents > 0 ? (
            <>
              {" "}
              <strong className="font-semibold text-stone-900">Your remaining credit of {formatMoney(creditCents)} is given up.</strong>
            </>
          ) : null}
        </p>
      </div>
      <TextField
        name="email"
        type="email"
        label={
          <>
            Type <span className="font-mono break-all">{email}</span> to confirm
          </>
        }
        autoComplete="off"
        spellCheck={false}
        required
        error={errors.email}
      />
      <TextField name="current_password" type="password" label="Your password" autoComplete="current-password" required error={errors.current_password} />
      {message ? <Alert>{message}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? "Deleting…" : "Delete my account"}
        </Button>
      </div>
    </form>
  );
}
