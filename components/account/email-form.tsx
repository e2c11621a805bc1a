"use client";

import { useRef, useState, useTransition, type FormEvent } from "react";
import { cancelEmailChangeAction, requestEmailChangeAction } from "@/app/(app)/account/mail-actions";
import { Button } from "@/components/ui/button";
import { Alert, type Notice } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";

const FIELDS = ["new_email", "current_password"] as const;

/**
 * Asks for a new email: a confirmation link goes to the new address, and the account keeps its
 * email until the link is opened. A change waiting for its link is shown, and can be withdrawn.
 */
export function EmailForm({ currentEmail, pendingEmail }: { currentEmail: string; pendingEmail: string | null }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<Notice | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    startTransition(async () => {
      const result = await requestEmailChangeAction({ new_email: String(data.get("new_email") ?? ""), current_password: String(data.get("current_password") ?? "") });
      if (result.ok) {
        form.reset();
        setErrors({});
        setMessage({ tone: "success", text: `We mailed a confirmation link to ${result.data.email}. Your email changes once you open it.` });
        return;
      }
      const fieldErrors = result.fieldErrors ?? {};
      setErrors(fieldErrors);
      setMessage({ tone: "error", text: result.message });
      const firstInvalid = FIELDS.find((name) => fieldErrors[name]);
      if (firstInvalid) formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
    });
  }

  function onCancel() {
    startTransition(async () => {
      const result = await cancelEmailChangeAction({});
      setMessage(result.ok ? { tone: "success", text: "The change was withdrawn; the link mailed for it no longer works." } : { tone: "error", text: result.message });
    });
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600">
        You sign in with <strong className="font-medium break-all text-stone-900">{currentEmail}</strong>, and mail from Cardmail goes there.
      </p>
      {pendingEmail ? (
        <div className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
          <p className="break-words">
            Waiting for confirmation of <strong className="font-semibold break-all">{pendingEmail}</strong>: open the link we mailed there.
          </p>
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={pending}>
            Withdraw
          </Button>
        </div>
      ) : null}
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField name="new_email" label="New email" type="email" autoComplete="email" required error={errors.new_email} />
        <TextField name="current_password" label="Current password" type="password" autoComplete="current-password" required error={errors.current_password} />
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? "Sending…" : "Change email"}
          </Button>
        </div>
      </form>
    </div>
  );
}
