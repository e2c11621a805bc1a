"use client";

import { useRef, useState, useTransition } from "react";
import { addRecipientAction } from "@/app/(app)/projects/actions";
import { Button } from "@/components/ui/button";
import { type Notice, NoticeAlert } from "@/components/ui/feedback";
import { notify } from "@/components/ui/toast";
import { TextAreaField, TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";

const FIELDS = ["first_name", "last_name", "company", "address", "apt", "city", "state", "zip", "country", "email", "internal_id", "override_message"] as const;

/**
 * One recipient typed in, sent through the API's add-recipients rules: a new contact, or the
 * contact with the same internal id updated. Blank fields are left out, so they never clear
 * what an existing contact already has.
 */
export function RecipientForm({ projectUuid }: { projectUuid: string }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<Notice | null>(null);
  const [pending, startTransition] = useTransition();
  const form = useRef<HTMLFormElement>(null);

  const submit = (element: HTMLFormElement) => {
    const data = new FormData(element);
    const recipient: Record<string, string> = {};
    for (const field of FIELDS) {
      const value = String(data.get(field) ?? "").trim();
      if (value !== "") recipient[field] = value;
    }
    startTransition(async () => {
      setMessage(null);
      const result = await addRecipientAction({ project_uuid: projectUuid, ...recipient } as Parameters<typeof addRecipientAction>[0]);
      if (result.ok) {
        setErrors({});
        const name = `${recipient.first_name} ${recipient.last_name}`;
        const text = result.data.updated ? `Added ${name} and updated their contact.` : `Added ${name}.`;
        setMessage({ tone: "success", text });
        notify(text, { quiet: true });
        element.reset();
        element.querySelector<HTMLInputElement>('[name="first_name"]')?.focus();
      } else {
        setErrors(result.fieldErrors ?? {});
        setMessage(result.fieldErrors ? null : { tone: "error", text: result.message });
        const first = FIELDS.find((field) => result.fieldErrors?.[field]);
        if (first) element.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      }
    });
  };

  return (
    <form
      ref={form}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" name="first_name" required maxLength={100} autoComplete="off" error={errors.first_name} />
        <TextField label="Last name" name="last_name" required maxLength={100} autoComplete="off" error={errors.last_name} />
        <TextField label="Company" name="company" maxLength={255} autoComplete="off" error={errors.company} className="sm:col-span-2" />
        <TextField label="Address" name="address" required maxLength={255} autoComplete="off" error={errors.address} className="sm:col-span-2" />
        <TextField label="Apt, suite or unit" name="apt" maxLength={100} autoComplete="off" error={errors.apt} />
        <TextField label="City" name="city" required maxLength={100} autoComplete="off" error={errors.city} />
        <TextField label="State" name="state" required maxLength={100} autoComplete="off" error={errors.state} />
        <TextField label="ZIP code" name="zip" required maxLength={20} autoComplete="off" error={errors.zip} />
        <TextField label="Country" name="country" defaultValue="US" maxLength={100} autoComplete="off" error={errors.country} />
        <TextField label="Email" name="email" type="email" maxLength={255} autoComplete="off" error={errors.email} />
        <TextField
          label="Internal ID"
          name="internal_id"
          maxLength={20}
          autoComplete="off"
          error={errors.internal_id}
          hint="Your own reference. A contact with the same ID is updated instead of duplicated."
          className="sm:col-span-2"
        />
        <TextAreaField
          label="Own message"
          name="override_message"
          rows={3}
          maxLength={5000}
          error={errors.override_message}
          hint="Replaces the project's message for this person only."
          className="sm:col-span-2"
        />
      </div>
      <NoticeAlert notice={message} />
      <Button type="submit" disabled={pending}>
        {pending ? "Adding…" : "Add recipient"}
      </Button>
    </form>
  );
}
