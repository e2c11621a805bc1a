"use client";

import { useState, useTransition, type FormEvent } from "react";
import { deleteAccountAction } from "@/app/(app)/account/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";
import { formatMoney } from "@/lib/money";

type Props = { email: string; creditCents: number };

/**
 * Deletes the account once its email is typed again. On success the action signs this browser
 * out and opens the sign-in page, which says the account was deleted.
 */
export function DeleteAccountForm({ email, creditCents }: Props) {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string[] | undefined>(undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get("email") ?? "");
    startTransition(async () => {
      const result = await deleteAccountAction({ email: typed });
      // Success never returns here: the action redirects to the sign-in page.
      if (!result.ok) {
        // A mistyped email is said under the field; anything else (cards still on their way) above the button.
        setError(result.fieldErrors?.email);
        setMessage(result.fieldErrors?.email ? null : result.message);
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
        error={error}
      />
      {message ? <Alert>{message}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? "Deleting…" : "Delete my account"}
        </Button>
      </div>
    </form>
  );
}
