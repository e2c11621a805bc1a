"use client";

import type { Dispatch, SetStateAction } from "react";
import { TextField } from "@/components/ui/field";
import type { ChildJson } from "@/lib/contacts/response";
import { MAX_CHILDREN } from "@/lib/contacts/schema";
import { Section } from "./form-section";
import { DateFields, datedValues, emptyDated, SrOnly, type DatedValues, type FormErrors } from "./form-fields";
import { RepeatedRows, useRowEditing } from "./repeated-rows";

export type ChildValues = DatedValues & { key: string; first_name: string };

export const childValues = (children: ChildJson[]): ChildValues[] => children.map((c, i) => ({ key: `c${i}`, first_name: c.first_name, ...datedValues(c) }));

/** The contact's children, as many as the API allows. */
export function ChildrenEditor({ rows, onChange, errors }: { rows: ChildValues[]; onChange: Dispatch<SetStateAction<ChildValues[]>>; errors: FormErrors }) {
  const { error } = errors;
  const { add, update, remove } = useRowEditing("children", onChange, errors);

  return (
    <Section title="Children" description={`Up to ${MAX_CHILDREN}.`}>
      <RepeatedRows
        rows={rows}
        noun="child"
        emptyText="No children added."
        listError={error("children")}
        canAdd={rows.length < MAX_CHILDREN}
        onAdd={() => add({ first_name: "", ...emptyDated })}
        onRemove={remove}
        firstFieldId={(i) => `child-${i}-first_name`}
        renderRow={(child, i) => (
          <>
            <TextField
              id={`child-${i}-first_name`}
              label={<><SrOnly>Child {i + 1} </SrOnly>First name</>}
              required
              requiredAs="aria"
              value={child.first_name}
              error={error(`children.${i}.first_name`)}
              onChange={(e) => update(i, "first_name", e.target.value)}
            />
            <p className="mt-4 mb-2 text-sm font-medium text-stone-700">Birthday</p>
            <DateFields
              idPrefix={`child-${i}-birth`}
              name={`Child ${i + 1} birthday`}
              value={{ month: child.birth_month, day: child.birth_day, year: child.birth_year }}
              errors={{ month: error(`children.${i}.birth_month`), day: error(`children.${i}.birth_day`), year: error(`children.${i}.birth_year`) }}
              onChange={(part, value) => update(i, `birth_${part}`, value)}
            />
          </>
        )}
      />
    </Section>
  );
}
