"use client";

import { useEffect, useRef, useState, useTransition, type ComponentProps, type FormEvent } from "react";
import { createContactAction, updateContactAction } from "@/app/(app)/contacts/actions";
import type { ActionResult } from "@/app/_lib/action";
import { Button, ButtonLink } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { TextAreaField, TextField } from "@/components/ui/field";
import { CONTACT_FIELD_NAMES, CONTACT_FIELDS, type ContactFieldDefinition, type ContactFieldName } from "@/lib/contacts/fields";
import type { ContactJson } from "@/lib/contacts/response";
import { ChildrenEditor, childValues, type ChildValues } from "./children-editor";
import { DateFields, SrOnly, text, type FormErrors } from "./form-fields";
import { Section } from "./form-section";
import { PetsEditor, petValues, type PetValues } from "./pets-editor";

type Values = Record<ContactFieldName, string>;
type Errors = Record<string, string[]>;
type DatePrefix = "birth" | "spouse_birth" | "anniversary";

function initialValues(contact: ContactJson | null): Values {
  return Object.fromEntries(CONTACT_FIELD_NAMES.map((field) => [field, text(contact?.[field])])) as Values;
}

/** The one form for adding and editing a contact, with its family; every field keeps what was typed on a validation error. */
export function ContactForm({ contact }: { contact: ContactJson | null }) {
  const [values, setValues] = useState(() => initialValues(contact));
  const [children, setChildren] = useState<ChildValues[]>(() => childValues(contact?.children ?? []));
  const [pets, setPets] = useState<PetValues[]>(() => petValues(contact?.pets ?? []));
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [pending, startTransition] = useTransition();
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLDivElement>(null);

  // After a failed save, take the keyboard to the first field that needs fixing.
  useEffect(() => {
    if (attempt === 0) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else alert.current?.focus();
  }, [attempt]);

  const formErrors: FormErrors = {
    error: (path) => errors[path]?.[0],
    clear: (path) =>
      setErrors((current) => {
        if (!(path in current)) return current;
        const next = { ...current };
        delete next[path];
        return next;
      }),
    clearUnder: (prefix) =>
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== prefix && !key.startsWith(`${prefix}.`)))),
  };
  const { error } = formErrors;

  const set = (field: ContactFieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    formErrors.clear(field);
  };
  // A field of the list that no section below lays out still gets an input, under "Notes and reference".
  const laidOut = new Set<ContactFieldName>();
  const input = (field: ContactFieldName) => {
    laidOut.add(field);
    return {
      id: `contact-${field}`,
      name: field,
      value: values[field],
      error: error(field),
      onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    };
  };
  /** A text field with the list's label; `spoken` is heard before it (the section names it on screen). */
  const field = (name: ContactFieldName, props: Omit<ComponentProps<"input">, "id" | "name" | "value" | "onChange"> & { hint?: string; spoken?: string } = {}) => {
    const { label, isRequired } = CONTACT_FIELDS[name] as ContactFieldDefinition;
    const { spoken, ...rest } = props;
    const shown = spoken ? <><SrOnly>{spoken} </SrOnly>{label}</> : label;
    return <TextField key={name} label={shown} required={isRequired} requiredAs="aria" {...rest} {...input(name)} />;
  };
  const date = (prefix: DatePrefix, name: string) => {
    for (const part of ["month", "day", "year"] as const) laidOut.add(`${prefix}_${part}`);
    return (
      <DateFields
        idPrefix={`contact-${prefix}`}
        name={name}
        value={{ month: values[`${prefix}_month`], day: values[`${prefix}_day`], year: values[`${prefix}_year`] }}
        errors={{ month: error(`${prefix}_month`), day: error(`${prefix}_day`), year: error(`${prefix}_year`) }}
        onChange={(part, value) => set(`${prefix}_${part}`, value)}
      />
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const payload = {
        ...values,
        children: children.map(({ key: _key, ...child }) => child),
        pets: pets.map(({ key: _key, ...pet }) => pet),
      };
      const result: ActionResult<string> | undefined = contact ? await updateContactAction({ uuid: contact.uuid, ...payload }) : await createContactAction(payload);
      // On success the action redirects to the contact's page.
      if (result && !result.ok) {
        setMessage(result.message);
        setErrors(result.fieldErrors ?? {});
        setAttempt((n) => n + 1);
      }
    });
  };

  const cancelHref = contact ? `/contacts/${contact.uuid}` : "/contacts";

  return (
    <form ref={form} onSubmit={submit} noValidate autoComplete="off" className="rounded-xl border border-stone-200 bg-white shadow-sm">
      {message ? (
        <div ref={alert} tabIndex={-1} className="px-5 pt-5 outline-none sm:px-6">
          <Alert>{message}</Alert>
        </div>
      ) : null}

      <Section title="Name" description="As it should read on the envelope.">
        <div className="grid gap-4 sm:grid-cols-2">
          {field("prefix", { placeholder: "Mr., Ms., Dr." })}
          {field("first_name")}
          {field("middle_name")}
          {field("last_name")}
        </div>
      </Section>

      <Section title="Contact details">
        <div className="grid gap-4 sm:grid-cols-2">
          {field("company", { className: "sm:col-span-2" })}
          {field("email", { type: "email", inputMode: "email" })}
          {field("phone", { type: "tel" })}
        </div>
      </Section>

      <Section title="Address" description="Where cards are mailed.">
        <div className="grid gap-4 sm:grid-cols-6">
          {field("address", { className: "sm:col-span-4" })}
          {field("apt", { className: "sm:col-span-2" })}
          {field("city", { className: "sm:col-span-3" })}
          {field("state", { className: "sm:col-span-3" })}
          {field("zip", { className: "sm:col-span-3" })}
          {field("country", { placeholder: "US", className: "sm:col-span-3" })}
        </div>
      </Section>

      <Section title="Birthday" description="Leave the year out if you don't know it.">
        {date("birth", "Birthday")}
      </Section>

      <Section title="Spouse or partner">
        <div className="grid gap-4 sm:grid-cols-2">
          {field("spouse_prefix", { spoken: "Spouse" })}
          {field("spouse_first_name", { spoken: "Spouse" })}
          {field("spouse_middle_name", { spoken: "Spouse" })}
          {field("spouse_last_name", { spoken: "Spouse", hint: "If different from the contact's." })}
        </div>
        <p className="mt-5 mb-2 text-sm font-medium text-stone-900">Spouse&apos;s birthday</p>
        {date("spouse_birth", "Spouse birthday")}
      </Section>

      <Section title="Anniversary">{date("anniversary", "Anniversary")}</Section>

      <ChildrenEditor rows={children} onChange={setChildren} errors={formErrors} />

      <PetsEditor rows={pets} onChange={setPets} errors={formErrors} />

      <Section title="Notes and reference">
        <div className="space-y-5">
          <TextAreaField label={CONTACT_FIELDS.notes.label} rows={4} {...input("notes")} />
          {field("internal_id", {
            maxLength: 20,
            hint: "Your own reference, up to 20 characters (a customer number, for example).",
            className: "sm:max-w-xs",
          })}
          {CONTACT_FIELD_NAMES.filter((name) => !laidOut.has(name)).map((name) => field(name, { className: "sm:max-w-xs" }))}
        </div>
      </Section>

      <div className="sticky bottom-0 flex justify-end gap-2 rounded-b-xl border-t border-stone-200 bg-white/95 px-5 py-3 backdrop-blur sm:px-6 sm:py-4">
        <ButtonLink href={cancelHref} variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : contact ? "Save changes" : "Save contact"}
        </Button>
      </div>
    </form>
  );
}
