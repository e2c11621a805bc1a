import type { ChildRow, ContactRow, PetRow } from "@/db/schema";
import { COLUMN_BY_FIELD, FIELDS_AFTER_FAMILY, FIELDS_BEFORE_FAMILY, type ContactColumnName } from "./fields";
import type { ContactJson } from "./response";

export type { ChildJson, ContactJson, PetJson } from "./response";

export type ContactWithFamily = ContactRow & {
  children: Pick<ChildRow, "firstName" | "birthMonth" | "birthDay" | "birthYear">[];
  pets: Pick<PetRow, "name" | "secondaryType" | "birthMonth" | "birthDay" | "birthYear">[];
};

const columnsBefore = FIELDS_BEFORE_FAMILY.map((field) => [field, COLUMN_BY_FIELD[field]] as const);
const columnsAfter = FIELDS_AFTER_FAMILY.map((field) => [field, COLUMN_BY_FIELD[field]] as const);

// Rows from the database already carry Dates, which need no copy (a page of 1,000 has 2,000).
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The spec's Contact: every field present, unset ones null, keys in the spec's order. */
export function toContactJson(row: ContactWithFamily): ContactJson {
  const columns = row as unknown as Record<ContactColumnName, unknown>;
  const json: Record<string, unknown> = { uuid: row.id };
  for (const [field, column] of columnsBefore) json[field] = columns[column];
  json.children = row.children.map((c) => ({ first_name: c.firstName, birth_month: c.birthMonth, birth_day: c.birthDay, birth_year: c.birthYear }));
  json.pets = row.pets.map((p) => ({ name: p.name, birth_month: p.birthMonth, birth_day: p.birthDay, birth_year: p.birthYear, secondary_type: p.secondaryType }));
  for (const [field, column] of columnsAfter) json[field] = columns[column];
  json.created_at = iso(row.createdAt);
  json.updated_at = iso(row.updatedAt);
  return json as ContactJson;
}
