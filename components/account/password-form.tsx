"use client";

import { useRef, useState, useTransition, type FormEvent } from "react";
import { changePasswordAction } from "@/app/(app)/account/actions";
import { Button } from "@/components/ui/button";
import { Alert, type Notice } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";
import { PASSWORD_RULES_TEXT } from "@/components/auth/password-rules";

const FIELDS = [
  { name: "current_password", label: "Current password", autoComplete: "current-password" },
  { name: "new_password", label: "New password", autoComplete: "new-password", hint: PASSWORD_RULES_TEXT },
] as const;

const CHANGED: Notice = { tone: "success", text: "Your password was changed. Other browsers and devices signed in to your account were signed out, and your API tokens were revoked." };

/**
 * Changes the password; every other browser signed in to the account is signed out and every API
 * token revoked. On success the action reloads the account page with `?password=changed`
 * (`justChanged`).
 */
export function PasswordForm({ justChanged = false }: { justChanged?: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<Notice | null>(justChanged ? CHANGED : null);
  const [errors, setErrors] = useState<FieldErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    startTransition(async () => {
      const result = await changePasswordAction({
        current_password: String(data.get("current_password") ?? ""),
        new_password: String(data.get("new_password") ?? ""),
      });
      if (result.ok) {
        form.reset();
        setErrors({});
        setMessage(CHANGED);
        return;
      }
      const fieldErrors = result.fieldErrors ?? {};
      setErrors(fieldErrors);
      setMessage({ tone: "error", text: result.message });
      const firstInvalid = FIELDS.find((field) => fieldErrors[field.name]);
      if (firstInvalid) formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid.name}"]`)?.focus();
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          name={field.name}
          label={field.label}
          type="password"
          autoComplete={field.autoComplete}
          required
          error={errors[field.name]}
          hint={"hint" in field ? field.hint : undefined}
        />
      ))}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Change password"}
        </Button>
      </div>
    </form>
  );
}
