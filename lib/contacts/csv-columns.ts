import { CONTACT_FIELDS, FIELDS_AFTER_FAMILY, FIELDS_BEFORE_FAMILY, type ContactFieldName } from "./fields";
import type { ChildJson, ContactJson, PetJson } from "./response";

/*
 * The columns of the address book's CSV export, which the CSV import reads back: export then
 * import changes nothing. The header of a column is the Contact field's API name, in the spec's
 * order; scalar fields come from the one field list (fields.ts), so a new field is exported
 * and imported with no edit here.
 *
 * - `uuid` first: an imported row with the uuid of one of the account's contacts updates it.
 * - Children and pets: one cell each holding the list as the API writes it, compact JSON
 *   (`[{"first_name":"Emma","birth_month":3,"birth_day":14,"birth_year":2015}]`), "" when the
 *   list is empty. JSON keeps partial dates, a pet's kind and names with any punctuation, which
 *   a "Name (date); Name" cell can't do unambiguously.
 * - `created_at` and `updated_at` last, for reference; an import ignores them.
 * - Numbers as decimal text, unset values as "".
 * - A cell beginning with `=`, `+`, `-` or `@` is written with a leading `'` so a spreadsheet
 *   shows it as text instead of running it as a formula (a phone "+1 555" is written
 *   "'+1 555"). `decodeCsvCell` undoes it; cells already beginning with `'` before such a
 *   character get one more, so decoding is exact for every value.
 *
 * Imported by pages as well as the server, so nothing server-only here.
 */

export type CsvFamilyColumn = "children" | "pets";
export type CsvReadOnlyColumn = "created_at" | "updated_at";
export type CsvColumnKey = "uuid" | ContactFieldName | CsvFamilyColumn | CsvReadOnlyColumn;

export type CsvExportColumn = {
  key: CsvColumnKey;
  /** The header row's text for the column (the field's API name). */
  header: string;
  /** The cell for a contact, before formula neutralising. */
  write: (contact: ContactJson) => string;
};

const scalar = (name: ContactFieldName): CsvExportColumn => ({
  key: name,
  header: name,
  write: (contact) => {
    const value = contact[name];
    return value === null || value === undefined ? "" : String(value);
  },
});

/** A list as the API writes it, with its keys in the API's order; "" when empty. */
export function writeFamilyCell(list: readonly ChildJson[] | readonly PetJson[]): string {
  return list.length === 0 ? "" : JSON.stringify(list);
}

/** Every exported column, in order. */
export const CSV_EXPORT_COLUMNS: readonly CsvExportColumn[] = [
  { key: "uuid", header: "uuid", write: (contact) => contact.uuid },
  ...FIELDS_BEFORE_FAMILY.map(scalar),
  { key: "children", header: "children", write: (contact) => writeFamilyCell(contact.children) },
  { key: "pets", header: "pets", write: (contact) => writeFamilyCell(contact.pets) },
  ...FIELDS_AFTER_FAMILY.map(scalar),
  { key: "created_at", header: "created_at", write: (contact) => contact.created_at },
  { key: "updated_at", header: "updated_at", write: (contact) => contact.updated_at },
];

/** The header row. */
export const CSV_EXPORT_HEADERS: readonly string[] = CSV_EXPORT_COLUMNS.map((column) => column.header);

const FORMULA_START = /^'*[=+\-@]/;

/** A cell as written: a value a spreadsheet would run as a formula gets a leading `'`. */
export function encodeCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The value of a cell our export wrote (the inverse of `encodeCsvCell`). */
export function decodeCsvCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** One data row of the export, cells encoded, in `CSV_EXPORT_COLUMNS` order. */
export function contactToCsvRow(contact: ContactJson): string[] {
  return CSV_EXPORT_COLUMNS.map((column) => encodeCsvCell(column.write(contact)));
}

export type CsvFamilyCell<T> = { ok: true; value: T[] } | { ok: false; message: string };

/**
 * A children or pets cell read back: "" is an empty list; otherwise a JSON array, whose items
 * the caller validates with childSchema / petSchema (so the messages are the API's).
 */
export function readFamilyCell(cell: string, column: CsvFamilyColumn): CsvFamilyCell<unknown> {
  const text = decodeCsvCell(cell).trim();
  if (text === "") return { ok: true, value: [] };
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return { ok: true, value };
  } catch {
    // Reported below with the same message as a non-array.
  }
  return { ok: false, message: `The ${column} field must be a JSON list as the export writes it, for example ${column === "children" ? '[{"first_name":"Emma","birth_month":3,"birth_day":14,"birth_year":2015}]' : '[{"name":"Rex","secondary_type":"dog","birth_month":5,"birth_day":1,"birth_year":2019}]'}.` };
}

export type CsvContactRow = {
  /** The uuid cell, or null when the row has none (a new contact). */
  uuid: string | null;
  /**
   * The row as a create/update request body (decoded cells, "" kept so the contact schemas
   * read it as unset; children and pets parsed from JSON, unvalidated). Only columns the
   * header names are present.
   */
  input: Record<string, unknown>;
  /** Per field, why a cell couldn't be read (children or pets that aren't a JSON list). */
  errors: Partial<Record<CsvFamilyColumn, string[]>>;
};

const WRITABLE_KEYS = new Set<string>([...FIELDS_BEFORE_FAMILY, "children", "pets", ...FIELDS_AFTER_FAMILY]);

/** A row of our export (keyed by header) as a contact request; unknown and read-only columns are left out. */
export function readCsvContactRow(values: Readonly<Record<string, string>>): CsvContactRow {
  const row: CsvContactRow = { uuid: null, input: {}, errors: {} };
  for (const [header, raw] of Object.entries(values)) {
    if (header === "uuid") {
      const uuid = decodeCsvCell(raw).trim();
      row.uuid = uuid === "" ? null : uuid;
    } else if (header === "children" || header === "pets") {
      const family = readFamilyCell(raw, header);
      if (family.ok) row.input[header] = family.value;
      else row.errors[header] = [family.message];
    } else if (WRITABLE_KEYS.has(header)) {
      row.input[header] = decodeCsvCell(raw);
    }
  }
  return row;
}

/** True when a header row is our export's (its first column is `uuid` and every field is named). */
export function isCardmailExportHeader(headers: readonly string[]): boolean {
  const names = new Set(headers.map((header) => header.trim()));
  return headers[0]?.trim() === "uuid" && (Object.keys(CONTACT_FIELDS) as ContactFieldName[]).every((name) => names.has(name));
}
