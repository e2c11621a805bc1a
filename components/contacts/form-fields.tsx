"use client";

import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { inputClass } from "@/components/ui/field";
import { MONTHS } from "./format";

/** A form's field errors by dotted path (`children.0.first_name`), as the server action returns them. */
export type FormErrors = {
  error: (path: string) => string | undefined;
  clear: (path: string) => void;
  /** Clears the messages of a list and of every row in it. */
  clearUnder: (prefix: string) => void;
};

/** A yearly date as the form holds it: what was typed, "" when unset. */
export type DatedValues = { birth_month: string; birth_day: string; birth_year: string };

export const text = (value: string | number | null | undefined) => (value === null || value === undefined ? "" : String(value));

export const datedValues = (d: { birth_month: number | null; birth_day: number | null; birth_year: number | null }): DatedValues => ({
  birth_month: text(d.birth_month),
  birth_day: text(d.birth_day),
  birth_year: text(d.birth_year),
});

export const emptyDated: DatedValues = { birth_month: "", birth_day: "", birth_year: "" };

/**
 * TextField of components/ui with a label that may carry words only screen readers hear
 * ("Spouse first name" shown as "First name" under the Spouse heading), and `aria-required`
 * rather than `required`. The error is tied to the input.
 */
export function Field({
  id,
  label,
  error,
  hint,
  required,
  className,
  ...input
}: { id: string; label: ReactNode; error?: string; hint?: ReactNode; className?: string } & ComponentProps<"input">) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      <input id={id} aria-invalid={error ? true : undefined} aria-required={required || undefined} aria-describedby={describedBy} className={inputClass} {...input} />
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

export function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={`${id}-error`} className="text-sm text-red-700">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={`${id}-hint`} className="text-xs text-stone-500">
      {hint}
    </p>
  ) : null;
}

export function SrOnly({ children }: { children: ReactNode }) {
  return <span className="sr-only">{children}</span>;
}

type DateValue = { month: string; day: string; year: string };

/** Month, day and year of a yearly date; each part optional, as the API allows. */
export function DateFields({
  idPrefix,
  name,
  value,
  errors,
  onChange,
}: {
  idPrefix: string;
  /** Spoken before each part's label: "Birthday month". */
  name: string;
  value: DateValue;
  errors: { month?: string; day?: string; year?: string };
  onChange: (part: keyof DateValue, value: string) => void;
}) {
  const monthId = `${idPrefix}-month`;
  return (
    <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.3fr)] gap-2 sm:gap-3">
      <div className="space-y-1">
        <label htmlFor={monthId} className="block text-sm font-medium text-stone-700">
          <SrOnly>{name} </SrOnly>Month
        </label>
        <select
          id={monthId}
          value={value.month}
          onChange={(e) => onChange("month", e.target.value)}
          aria-invalid={errors.month ? true : undefined}
          aria-describedby={errors.month ? `${monthId}-error` : undefined}
          className={inputClass}
        >
          <option value="">—</option>
          {MONTHS.map((label, i) => (
            <option key={label} value={String(i + 1)}>
              {label}
            </option>
          ))}
        </select>
        <FieldMessage id={monthId} error={errors.month} />
      </div>
      <Field
        id={`${idPrefix}-day`}
        label={
          <>
            <SrOnly>{name} </SrOnly>Day
          </>
        }
        inputMode="numeric"
        autoComplete="off"
        maxLength={2}
        placeholder="DD"
        value={value.day}
        error={errors.day}
        onChange={(e) => onChange("day", e.target.value)}
      />
      <Field
        id={`${idPrefix}-year`}
        label={
          <>
            <SrOnly>{name} </SrOnly>Year
          </>
        }
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        placeholder="YYYY"
        value={value.year}
        error={errors.year}
        onChange={(e) => onChange("year", e.target.value)}
      />
    </div>
  );
}
