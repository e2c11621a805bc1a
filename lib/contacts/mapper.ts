import type { ChildRow, ContactRow, PetRow } from "@/db/schema";
import { COLUMN_BY_FIELD, FIELDS_AFTER_FAMILY, FIELDS_BEFORE_FAMILY, type ContactColumnName, type ContactFieldName } from "./fields";
import type { ChildJson, ContactJson, PetJson } from "./response";

export type { ChildJson, ContactJson, PetJson } from "./response";

export type ContactWithFamily = ContactRow & {
  children: Pick<ChildRow, "firstName" | "birthMonth" | "birthDay" | "birthYear">[];
  pets: Pick<PetRow, "name" | "secondaryType" | "birthMonth" | "birthDay" | "birthYear">[];
};

// Rows from the database already carry Dates, which need no copy (a page of 1,000 has 2,000).
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

type ContactJsonParts = {
  uuid: string;
  /** A scalar field's value; a missing one is null. */
  field: (name: ContactFieldName) => unknown;
  children: ChildJson[];
  pets: PetJson[];
  createdAt: Date | string;
  updatedAt: Date | string;
};

/**
 * The spec's Contact: every field present, unset ones null, keys in the spec's order. Every
 * scalar field comes from the field list, so a new field needs no edit here or in a caller.
 */
export function buildContactJson(parts: ContactJsonParts): ContactJson {
  const json: Record<string, unknown> = { uuid: parts.uuid };
  for (const name of FIELDS_BEFORE_FAMILY) json[name] = parts.field(name) ?? null;
  json.children = parts.children;
  json.pets = parts.pets;
  for (const name of FIELDS_AFTER_FAMILY) json[name] = parts.field(name) ?? null;
  json.created_at = iso(parts.createdAt);
  json.updated_at = iso(parts.updatedAt);
  return json as ContactJson;
}

/** A contact of the address book as the spec's Contact. */
export function toContactJson(row: ContactWithFamily): ContactJson {
  const columns = row as unknown as Record<ContactColumnName, unknown>;
  return buildContactJson({
    uuid: row.id,
    field: (name) => columns[COLUMN_BY_FIELD[name]],
    children: row.children.map((c) => ({ first_name: c.firstName, birth_month: c.birthMonth, birth_day: c.birthDay, birth_year: c.birthYear })),
    pets: row.pets.map((p) => ({ name: p.name, birth_month: p.birthMonth, birth_day: p.birthDay, birth_year: p.birthYear, secondary_type: p.secondaryType })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });
}
