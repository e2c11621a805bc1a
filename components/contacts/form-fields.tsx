"use client";

import type { ReactNode } from "react";
import { SelectField, TextField } from "@/components/ui/field";
import { MONTHS } from "@/lib/contacts/view";

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

export function SrOnly({ children }: { children: ReactNode }) {
  return <span className="sr-only">{children}</span>;
}

type DateValue = { month: string; day: string; year: string };

const TYPED_PARTS = [
  { part: "day", label: "Day", maxLength: 2, placeholder: "DD" },
  { part: "year", label: "Year", maxLength: 4, placeholder: "YYYY" },
] as const;

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
  const spoken = (label: string) => (
    <>
      <SrOnly>{name} </SrOnly>
      {label}
    </>
  );
  return (
    <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.3fr)] gap-2 sm:gap-3">
      <SelectField id={`${idPrefix}-month`} label={spoken("Month")} value={value.month} error={errors.month} onChange={(e) => onChange("month", e.target.value)}>
        <option value="">—</option>
        {MONTHS.map((label, i) => (
          <option key={label} value={String(i + 1)}>
            {label}
          </option>
        ))}
      </SelectField>
      {TYPED_PARTS.map(({ part, label, maxLength, placeholder }) => (
        <TextField
          key={part}
          id={`${idPrefix}-${part}`}
          label={spoken(label)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={maxLength}
          placeholder={placeholder}
          value={value[part]}
          error={errors[part]}
          onChange={(e) => onChange(part, e.target.value)}
        />
      ))}
    </div>
  );
}
