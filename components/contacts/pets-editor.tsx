"use client";

import type { Dispatch, SetStateAction } from "react";
import { TextField } from "@/components/ui/field";
import type { PetJson } from "@/lib/contacts/response";
import { MAX_PETS } from "@/lib/contacts/schema";
import { Section } from "./form-section";
import { DateFields, datedValues, emptyDated, SrOnly, text, type DatedValues, type FormErrors } from "./form-fields";
import { RepeatedRows, useRowEditing } from "./repeated-rows";

export type PetValues = DatedValues & { key: string; name: string; secondary_type: string };

export const petValues = (pets: PetJson[]): PetValues[] => pets.map((p, i) => ({ key: `p${i}`, name: p.name, secondary_type: text(p.secondary_type), ...datedValues(p) }));

/** The contact's pets, as many as the API allows. */
export function PetsEditor({ rows, onChange, errors }: { rows: PetValues[]; onChange: Dispatch<SetStateAction<PetValues[]>>; errors: FormErrors }) {
  const { error } = errors;
  const { add, update, remove } = useRowEditing("pets", onChange, errors);

  return (
    <Section title="Pets" description={`Up to ${MAX_PETS}.`}>
      <RepeatedRows
        rows={rows}
        noun="pet"
        emptyText="No pets added."
        listError={error("pets")}
        canAdd={rows.length < MAX_PETS}
        onAdd={() => add({ name: "", secondary_type: "", ...emptyDated })}
        onRemove={remove}
        firstFieldId={(i) => `pet-${i}-name`}
        renderRow={(pet, i) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id={`pet-${i}-name`}
                label={<><SrOnly>Pet {i + 1} </SrOnly>Name</>}
                required
                requiredAs="aria"
                value={pet.name}
                error={error(`pets.${i}.name`)}
                onChange={(e) => update(i, "name", e.target.value)}
              />
              <TextField
                id={`pet-${i}-secondary_type`}
                label={<><SrOnly>Pet {i + 1} </SrOnly>Kind</>}
                placeholder="Dog, cat, parrot…"
                value={pet.secondary_type}
                error={error(`pets.${i}.secondary_type`)}
                onChange={(e) => update(i, "secondary_type", e.target.value)}
              />
            </div>
            <p className="mt-4 mb-2 text-sm font-medium text-stone-700">Birthday</p>
            <DateFields
              idPrefix={`pet-${i}-birth`}
              name={`Pet ${i + 1} birthday`}
              value={{ month: pet.birth_month, day: pet.birth_day, year: pet.birth_year }}
              errors={{ month: error(`pets.${i}.birth_month`), day: error(`pets.${i}.birth_day`), year: error(`pets.${i}.birth_year`) }}
              onChange={(part, value) => update(i, `birth_${part}`, value)}
            />
          </>
        )}
      />
    </Section>
  );
}
