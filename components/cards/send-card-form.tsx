"use client";

import { useState, useTransition } from "react";
import { createProjectAction } from "@/app/(app)/cards/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { focusFirstInvalid, ProjectTextFields, readProjectText } from "@/components/projects/project-text-fields";
import type { FieldErrors } from "@/lib/errors";

type Props = {
  cardId: number;
  defaultName: string;
  forContact?: { id: string; name: string } | null;
  /** The day the card should arrive, carried from the calendar to checkout. */
  deliveryDate?: string;
};

/** "Send this card": names the project and writes the message printed inside every card. */
export function SendCardForm({ cardId, defaultName, forContact, deliveryDate }: Props) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (form: HTMLFormElement) => {
    const input = readProjectText(form);
    startTransition(async () => {
      setMessage(null);
      const result = await createProjectAction({
        card_id: cardId,
        ...input,
        for_contact: forContact?.id,
        delivery_date: deliveryDate,
      });
      // On success the action redirects to the new project.
      if (result && !result.ok) {
        setErrors(result.fieldErrors ?? {});
        setMessage(result.fieldErrors ? null : result.message);
        focusFirstInvalid(form, result.fieldErrors);
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
      <ProjectTextFields
        defaults={{ name: defaultName }}
        errors={errors}
        hints={{ name: "Only you see it: it names this mailing in your projects.", message: "Printed inside every card. A recipient can get their own message instead." }}
        showExamples
      />
      {errors.card_id ? <Alert>{errors.card_id[0]}</Alert> : null}
      {message ? <Alert>{message}</Alert> : null}
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? "Creating project…" : "Continue to recipients"}
      </Button>
    </form>
  );
}
