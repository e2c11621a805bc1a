"use client";

import { useState, useTransition } from "react";
import { createProjectAction } from "@/app/(app)/cards/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { TextAreaField, TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";

type Props = {
  cardId: number;
  defaultName: string;
  forContact?: { id: string; name: string } | null;
};

/** "Send this card": names the project and writes the message printed inside every card. */
export function SendCardForm({ cardId, defaultName, forContact }: Props) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "");
    startTransition(async () => {
      setMessage(null);
      const result = await createProjectAction({
        card_id: cardId,
        name: text("name"),
        automation_message: text("automation_message"),
        automation_signoff: text("automation_signoff"),
        for_contact: forContact?.id,
      });
      // On success the action redirects to the new project.
      if (result && !result.ok) {
        setErrors(result.fieldErrors ?? {});
        setMessage(result.fieldErrors ? null : result.message);
        const firstInvalid = Object.keys(result.fieldErrors ?? {})[0];
        if (firstInvalid) form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      }
    });
  };

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget);
      }}
    >
      {forContact ? (
        <p className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-900">
          <strong className="font-semibold">{forContact.name}</strong> will be the first recipient. You can add more people next.
        </p>
      ) : null}
      <TextField label="Project name" name="name" defaultValue={defaultName} required maxLength={255} error={errors.name} hint="Only you see it: it names this mailing in your projects." />
      <TextAreaField
        label="Message"
        name="automation_message"
        rows={5}
        maxLength={5000}
        placeholder="Wishing you a wonderful year ahead!"
        error={errors.automation_message}
        hint="Printed inside every card. A recipient can get their own message instead."
      />
      <TextField label="Sign-off" name="automation_signoff" maxLength={500} placeholder="With love, the Parkers" error={errors.automation_signoff} />
      {errors.card_id ? <Alert>{errors.card_id[0]}</Alert> : null}
      {message ? <Alert>{message}</Alert> : null}
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? "Creating project…" : "Continue to recipients"}
      </Button>
    </form>
  );
}
