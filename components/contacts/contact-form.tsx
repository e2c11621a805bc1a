"use client";

import { useEffect, useRef, useState, useTransition, type FormEvent, type ReactNode } from "react";
import { createContactAction, updateContactAction } from "@/app/(app)/contacts/actions";
import type { ActionResult } from "@/app/_lib/action";
import { Button, ButtonLink } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { inputClass } from "@/components/ui/field";
import type { ContactJson } from "@/lib/contacts/mapper";
import { MAX_CHILDREN, MAX_PETS } from "@/lib/contacts/schema";
import { DateFields, Field, FieldMessage, SrOnly } from "./form-fields";

const SCALAR_FIELDS = [
  "prefix",
  "first_name",
  "middle_name",
  "last_name",
  "company",
  "email",
  "phone",
  "address",
  "apt",
  "city",
  "state",
  "zip",
  "country",
  "birth_month",
  "birth_day",
  "birth_year",
  "spouse_prefix",
  "spouse_first_name",
  "spouse_middle_name",
  "spouse_last_name",
  "spouse_birth_month",
  "spouse_birth_day",
  "spouse_birth_year",
  "anniversary_month",
  "anniversary_day",
  "anniversary_year",
  "notes",
  "internal_id",
] as const;

type Scalar = (typeof SCALAR_FIELDS)[number];
type Values = Record<Scalar, string>;
type DatedValues = { birth_month: string; birth_day: string; birth_year: string };
type ChildValues = DatedValues & { key: string; first_name: string };
type PetValues = DatedValues & { key: string; name: string; secondary_type: string };
type Errors = Record<string, string[]>;

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? "" : String(value));

function initialValues(contact: ContactJson | null): Values {
  const values = {} as Values;
  for (const field of SCALAR_FIELDS) values[field] = text(contact?.[field]);
  return values;
}

const datedValues = (d: { birth_month: number | null; birth_day: number | null; birth_year: number | null }): DatedValues => ({
  birth_month: text(d.birth_month),
  birth_day: text(d.birth_day),
  birth_year: text(d.birth_year),
});

const emptyDated: DatedValues = { birth_month: "", birth_day: "", birth_year: "" };

/** The one form for adding and editing a contact, with its family; every field keeps what was typed on a validation error. */
export function ContactForm({ contact }: { contact: ContactJson | null }) {
  const [values, setValues] = useState(() => initialValues(contact));
  const [children, setChildren] = useState<ChildValues[]>(() => (contact?.children ?? []).map((c, i) => ({ key: `c${i}`, first_name: c.first_name, ...datedValues(c) })));
  const [pets, setPets] = useState<PetValues[]>(() =>
    (contact?.pets ?? []).map((p, i) => ({ key: `p${i}`, name: p.name, secondary_type: text(p.secondary_type), ...datedValues(p) })),
  );
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [pending, startTransition] = useTransition();
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const nextKey = useRef(0);
  const focusAfterRender = useRef<string | null>(null);

  // After a failed save, take the keyboard to the first field that needs fixing.
  useEffect(() => {
    if (attempt === 0) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else alert.current?.focus();
  }, [attempt]);

  // A row just added: its first field gets the focus.
  useEffect(() => {
    if (!focusAfterRender.current) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  }, [children.length, pets.length]);

  const error = (path: string) => errors[path]?.[0];
  const clearError = (path: string) =>
    setErrors((current) => {
      if (!(path in current)) return current;
      const next = { ...current };
      delete next[path];
      return next;
    });
  const clearErrorsUnder = (prefix: string) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== prefix && !key.startsWith(`${prefix}.`))));

  const set = (field: Scalar, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };
  const input = (field: Scalar) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    error: error(field),
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
  });
  const date = (prefix: "birth" | "spouse_birth" | "anniversary", name: string) => (
    <DateFields
      idPrefix={`contact-${prefix}`}
      name={name}
      value={{ month: values[`${prefix}_month`], day: values[`${prefix}_day`], year: values[`${prefix}_year`] }}
      errors={{ month: error(`${prefix}_month`), day: error(`${prefix}_day`), year: error(`${prefix}_year`) }}
      onChange={(part, value) => set(`${prefix}_${part}`, value)}
    />
  );

  const updateChild = (index: number, field: keyof Omit<ChildValues, "key">, value: string) => {
    setChildren((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    clearError(`children.${index}.${field}`);
  };
  const updatePet = (index: number, field: keyof Omit<PetValues, "key">, value: string) => {
    setPets((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    clearError(`pets.${index}.${field}`);
  };
  const addChild = () => {
    focusAfterRender.current = `child-${children.length}-first_name`;
    setChildren((rows) => [...rows, { key: `n${nextKey.current++}`, first_name: "", ...emptyDated }]);
  };
  const addPet = () => {
    focusAfterRender.current = `pet-${pets.length}-name`;
    setPets((rows) => [...rows, { key: `n${nextKey.current++}`, name: "", secondary_type: "", ...emptyDated }]);
  };
  // Messages of later rows would point at the wrong row once the list shifts.
  const removeChild = (index: number) => {
    setChildren((rows) => rows.filter((_, i) => i !== index));
    clearErrorsUnder("children");
  };
  const removePet = (index: number) => {
    setPets((rows) => rows.filter((_, i) => i !== index));
    clearErrorsUnder("pets");
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
          <Field label="Prefix" placeholder="Mr., Ms., Dr." {...input("prefix")} />
          <Field label="First name" required {...input("first_name")} />
          <Field label="Middle name" {...input("middle_name")} />
          <Field label="Last name" required {...input("last_name")} />
        </div>
      </Section>

      <Section title="Contact details">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Company" className="sm:col-span-2" {...input("company")} />
          <Field label="Email" type="email" inputMode="email" {...input("email")} />
          <Field label="Phone" type="tel" {...input("phone")} />
        </div>
      </Section>

      <Section title="Address" description="Where cards are mailed.">
        <div className="grid gap-4 sm:grid-cols-6">
          <Field label="Street address" className="sm:col-span-4" {...input("address")} />
          <Field label="Apt, suite, unit" className="sm:col-span-2" {...input("apt")} />
          <Field label="City" className="sm:col-span-3" {...input("city")} />
          <Field label="State" className="sm:col-span-3" {...input("state")} />
          <Field label="ZIP code" className="sm:col-span-3" {...input("zip")} />
          <Field label="Country" placeholder="US" className="sm:col-span-3" {...input("country")} />
        </div>
      </Section>

      <Section title="Birthday" description="Leave the year out if you don't know it.">
        {date("birth", "Birthday")}
      </Section>

      <Section title="Spouse or partner">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={<><SrOnly>Spouse </SrOnly>Prefix</>} {...input("spouse_prefix")} />
          <Field label={<><SrOnly>Spouse </SrOnly>First name</>} {...input("spouse_first_name")} />
          <Field label={<><SrOnly>Spouse </SrOnly>Middle name</>} {...input("spouse_middle_name")} />
          <Field label={<><SrOnly>Spouse </SrOnly>Last name</>} hint="If different from the contact's." {...input("spouse_last_name")} />
        </div>
        <p className="mt-5 mb-2 text-sm font-medium text-stone-900">Spouse&apos;s birthday</p>
        {date("spouse_birth", "Spouse birthday")}
      </Section>

      <Section title="Anniversary">{date("anniversary", "Anniversary")}</Section>

      <Section title="Children" description={`Up to ${MAX_CHILDREN}.`}>
        <RepeatedRows
          rows={children}
          noun="child"
          emptyText="No children added."
          listError={error("children")}
          canAdd={children.length < MAX_CHILDREN}
          onAdd={addChild}
          onRemove={removeChild}
          renderRow={(child, i) => (
            <>
              <Field
                id={`child-${i}-first_name`}
                label={<><SrOnly>Child {i + 1} </SrOnly>First name</>}
                required
                value={child.first_name}
                error={error(`children.${i}.first_name`)}
                onChange={(e) => updateChild(i, "first_name", e.target.value)}
              />
              <p className="mt-4 mb-2 text-sm font-medium text-stone-700">Birthday</p>
              <DateFields
                idPrefix={`child-${i}-birth`}
                name={`Child ${i + 1} birthday`}
                value={{ month: child.birth_month, day: child.birth_day, year: child.birth_year }}
                errors={{ month: error(`children.${i}.birth_month`), day: error(`children.${i}.birth_day`), year: error(`children.${i}.birth_year`) }}
                onChange={(part, value) => updateChild(i, `birth_${part}`, value)}
              />
            </>
          )}
        />
      </Section>

      <Section title="Pets" description={`Up to ${MAX_PETS}.`}>
        <RepeatedRows
          rows={pets}
          noun="pet"
          emptyText="No pets added."
          listError={error("pets")}
          canAdd={pets.length < MAX_PETS}
          onAdd={addPet}
          onRemove={removePet}
          renderRow={(pet, i) => (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  id={`pet-${i}-name`}
                  label={<><SrOnly>Pet {i + 1} </SrOnly>Name</>}
                  required
                  value={pet.name}
                  error={error(`pets.${i}.name`)}
                  onChange={(e) => updatePet(i, "name", e.target.value)}
                />
                <Field
                  id={`pet-${i}-secondary_type`}
                  label={<><SrOnly>Pet {i + 1} </SrOnly>Kind</>}
                  placeholder="Dog, cat, parrot…"
                  value={pet.secondary_type}
                  error={error(`pets.${i}.secondary_type`)}
                  onChange={(e) => updatePet(i, "secondary_type", e.target.value)}
                />
              </div>
              <p className="mt-4 mb-2 text-sm font-medium text-stone-700">Birthday</p>
              <DateFields
                idPrefix={`pet-${i}-birth`}
                name={`Pet ${i + 1} birthday`}
                value={{ month: pet.birth_month, day: pet.birth_day, year: pet.birth_year }}
                errors={{ month: error(`pets.${i}.birth_month`), day: error(`pets.${i}.birth_day`), year: error(`pets.${i}.birth_year`) }}
                onChange={(part, value) => updatePet(i, `birth_${part}`, value)}
              />
            </>
          )}
        />
      </Section>

      <Section title="Notes and reference">
        <div className="space-y-5">
        <div className="space-y-1">
          <label htmlFor="contact-notes" className="block text-sm font-medium text-stone-700">
            Notes
          </label>
          <textarea
            id="contact-notes"
            name="notes"
            rows={4}
            value={values.notes}
            onChange={(e) => set("notes", e.target.value)}
            aria-invalid={error("notes") ? true : undefined}
            aria-describedby={error("notes") ? "contact-notes-error" : undefined}
            className={inputClass}
          />
          <FieldMessage id="contact-notes" error={error("notes")} />
        </div>
        <Field label="Internal ID" maxLength={20} hint="Your own reference, up to 20 characters (a customer number, for example)." className="sm:max-w-xs" {...input("internal_id")} />
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

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="grid gap-4 border-b border-stone-200 px-5 py-6 last-of-type:border-b-0 sm:px-6 md:grid-cols-3 md:gap-8">
      <div>
        <h2 id={id} className="text-base font-semibold text-stone-900">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-stone-500">{description}</p> : null}
      </div>
      <div className="md:col-span-2">{children}</div>
    </section>
  );
}

function RepeatedRows<T extends { key: string }>({
  rows,
  noun,
  emptyText,
  listError,
  canAdd,
  onAdd,
  onRemove,
  renderRow,
}: {
  rows: T[];
  noun: string;
  emptyText: string;
  listError?: string;
  canAdd: boolean;
  onAdd: () => void;
  onRemove: (index: number) => void;
  renderRow: (row: T, index: number) => ReactNode;
}) {
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <div className="space-y-4">
      {rows.length === 0 ? <p className="text-sm text-stone-500">{emptyText}</p> : null}
      {rows.map((row, i) => (
        <div key={row.key} role="group" aria-label={`${title} ${i + 1}`} className="rounded-lg border border-stone-200 bg-stone-50/60 p-3 sm:p-4">
          <div className="mb-3 flex items-center justify-between gap-2">
            <p className="text-sm font-semibold text-stone-800">
              {title} {i + 1}
            </p>
            <Button variant="ghost" size="sm" onClick={() => onRemove(i)} aria-label={`Remove ${noun} ${i + 1}`}>
              Remove
            </Button>
          </div>
          {renderRow(row, i)}
        </div>
      ))}
      {listError ? <p className="text-sm text-red-700">{listError}</p> : null}
      {canAdd ? (
        <Button variant="secondary" size="sm" onClick={onAdd}>
          + Add a {noun}
        </Button>
      ) : null}
    </div>
  );
}
