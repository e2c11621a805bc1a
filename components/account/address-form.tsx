"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition, type FormEvent } from "react";
import { saveReturnAddressStepAction, updateReturnAddressAction, updateShippingAddressAction } from "@/app/(app)/account/actions";
import type { ActionResult } from "@/app/_lib/action";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Alert, type Notice } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";

type Field = { name: string; label: string; autoComplete: string; required?: boolean; span: string; hint?: string };

const ADDRESS_FIELDS: Field[] = [
  { name: "company", label: "Company", autoComplete: "organization", span: "col-span-6" },
  { name: "address", label: "Street address", autoComplete: "address-line1", span: "col-span-6 sm:col-span-4" },
  { name: "apt", label: "Apt, suite, unit", autoComplete: "address-line2", span: "col-span-6 sm:col-span-2" },
  { name: "city", label: "City", autoComplete: "address-level2", span: "col-span-3" },
  { name: "state", label: "State", autoComplete: "address-level1", span: "col-span-3" },
  { name: "zip", label: "ZIP code", autoComplete: "postal-code", span: "col-span-3" },
  { name: "country", label: "Country", autoComplete: "country", span: "col-span-3" },
];

const FORMS = {
  return: {
    fields: [
      { name: "first_name", label: "First name", autoComplete: "given-name", required: true, span: "col-span-3" },
      { name: "last_name", label: "Last name", autoComplete: "family-name", required: true, span: "col-span-3" },
      ...ADDRESS_FIELDS,
    ],
    action: updateReturnAddressAction,
    submit: "Save return address",
    saved: "Your return address was saved.",
  },
  // After sign-up: the same contact, with the postal address asked for whole.
  returnStep: {
    fields: [
      { name: "first_name", label: "First name", autoComplete: "given-name", required: true, span: "col-span-3" },
      { name: "last_name", label: "Last name", autoComplete: "family-name", required: true, span: "col-span-3" },
      ...ADDRESS_FIELDS.map((field) => ({ ...field, required: ["address", "city", "country"].includes(field.name) })),
    ],
    action: saveReturnAddressStepAction,
    submit: "Save and continue",
    saved: "Your return address was saved.",
  },
  shipping: {
    fields: ADDRESS_FIELDS.flatMap((field): Field[] =>
      field.name === "company"
        ? [{ name: "name", label: "Name", autoComplete: "name", required: true, span: "col-span-6" }, field]
        : [{ ...field, required: ["address", "city", "state", "zip"].includes(field.name) }],
    ),
    action: updateShippingAddressAction,
    submit: "Save shipping address",
    saved: "Your shipping address was saved.",
  },
} satisfies Record<string, { fields: Field[]; action: (input: never) => Promise<ActionResult>; submit: string; saved: string }>;

type Props = {
  kind: keyof typeof FORMS;
  defaults: { [field: string]: unknown };
  /** Where to go once saved (a step of the sign-up), instead of saying so in place; "refresh" redraws the page it is on. */
  next?: string;
};

/** The return address (the account's own contact) or the shipping address, with the API's rules and messages. */
export function AddressForm({ kind, defaults, next }: Props) {
  const form = FORMS[kind];
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<Notice | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = Object.fromEntries(form.fields.map((field) => [field.name, String(data.get(field.name) ?? "")]));
    startTransition(async () => {
      // Every field goes as text; the action parses it with the same schema as the API.
      const result = await (form.action as (input: Record<string, string>) => Promise<ActionResult>)(input);
      if (result.ok) {
        if (next === "refresh") {
          router.refresh();
          return;
        }
        if (next) {
          router.push(next);
          return;
        }
        setErrors({});
        setMessage({ tone: "success", text: form.saved });
        return;
      }
      const fieldErrors = result.fieldErrors ?? {};
      setErrors(fieldErrors);
      setMessage({ tone: "error", text: result.message });
      const firstInvalid = form.fields.find((field) => fieldErrors[field.name]);
      if (firstInvalid) formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid.name}"]`)?.focus();
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4" onChange={() => message?.tone === "success" && setMessage(null)}>
      <div className="grid grid-cols-6 gap-4">
        {form.fields.map((field) => (
          <TextField
            key={field.name}
            name={field.name}
            label={field.label}
            autoComplete={field.autoComplete}
            required={field.required}
            defaultValue={typeof defaults[field.name] === "string" ? (defaults[field.name] as string) : ""}
            error={errors[field.name]}
            hint={field.hint}
            className={cn(field.span)}
          />
        ))}
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : form.submit}
        </Button>
      </div>
    </form>
  );
}
