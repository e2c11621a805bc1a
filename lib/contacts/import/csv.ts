import Papa from "papaparse";
import { readCsvContactRow } from "@/lib/contacts/csv-columns";
import { CONTACT_FIELDS, CONTACT_FIELD_NAMES, type ContactFieldDefinition } from "@/lib/contacts/fields";
import { setImportedDate } from "./dates";
import { addRowError, splitPersonName, type ImportRow } from "./rows";

/*
 * Reads an address book CSV in one of three shapes, told apart by the header row:
 * - ours (the export's columns, `uuid` to `pets`) and any CSV whose headers name Contact
 *   fields or their aliases (fields.ts), plus `birthday`, `anniversary` and `spouse` columns;
 * - Google Contacts' export ("First Name", "E-mail 1 - Value", "Relation 1 - Label", ...);
 * - Outlook's export ("Home Street", "E-mail Address", "Mobile Phone", "Spouse", ...).
 * Headers are compared without case, spaces or punctuation.
 */

/** "E-mail 1 - Value" -> "email1value". */
export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

type Cells = Map<string, string>;

export type CsvFormat = "cardmail" | "google" | "outlook";

export function detectCsvFormat(normalizedHeaders: readonly string[]): CsvFormat {
  const headers = new Set(normalizedHeaders);
  if (headers.has("homestreet") || headers.has("businessstreet") || (headers.has("emailaddress") && headers.has("emaildisplayname"))) return "outlook";
  if (headers.has("givenname") || normalizedHeaders.some((h) => /^(email|phone|address|relation|event)\d+(value|street|label|type)$/.test(h))) return "google";
  return "cardmail";
}

// Our columns: every field by its name and aliases, then the columns only a CSV has.
const CARDMAIL_KEY_BY_HEADER = new Map<string, string>();
for (const name of CONTACT_FIELD_NAMES) CARDMAIL_KEY_BY_HEADER.set(normalizeHeader(name), name);
for (const name of CONTACT_FIELD_NAMES) for (const alias of (CONTACT_FIELDS[name] as ContactFieldDefinition).csvAliases ?? []) if (!CARDMAIL_KEY_BY_HEADER.has(alias)) CARDMAIL_KEY_BY_HEADER.set(alias, name);
for (const name of ["uuid", "children", "pets"]) CARDMAIL_KEY_BY_HEADER.set(name, name);
const DATE_COLUMNS: Record<string, "birth" | "anniversary" | "spouse_birth"> = {
  birthday: "birth",
  birthdate: "birth",
  dateofbirth: "birth",
  dob: "birth",
  anniversary: "anniversary",
  weddinganniversary: "anniversary",
  spousebirthday: "spouse_birth",
};
const SPOUSE_COLUMNS = new Set(["spouse", "spousename", "partner"]);

const FIELD_NAMES = new Set<string>([...CONTACT_FIELD_NAMES, "uuid", "children", "pets"]);

/**
 * The column a header names: a field's own name ("birth_day", "Birth Day") first, then a date
 * column ("Birthday", whose letters are also birth_day's), then the aliases.
 */
function cardmailKey(rawHeader: string): { field: string } | { date: "birth" | "anniversary" | "spouse_birth" } | { spouse: true } | null {
  const snake = rawHeader.trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (FIELD_NAMES.has(snake)) return { field: snake };
  const header = normalizeHeader(rawHeader);
  if (header in DATE_COLUMNS) return { date: DATE_COLUMNS[header]! };
  if (SPOUSE_COLUMNS.has(header)) return { spouse: true };
  const field = CARDMAIL_KEY_BY_HEADER.get(header);
  return field === undefined ? null : { field };
}

function readCardmailRow(row: number, keys: readonly ReturnType<typeof cardmailKey>[], record: readonly string[]): ImportRow {
  const values: Record<string, string> = {};
  const extra: { date: [string, "birth" | "anniversary" | "spouse_birth"][]; spouse?: string } = { date: [] };
  keys.forEach((column, i) => {
    const cell = record[i] ?? "";
    // The first column naming a field wins; a second one ("Zip" beside "Postal code") is ignored.
    if (column === null) return;
    if ("field" in column) {
      if (!(column.field in values)) values[column.field] = cell;
    } else if ("date" in column) {
      extra.date.push([cell, column.date]);
    } else if (extra.spouse === undefined) {
      extra.spouse = cell;
    }
  });
  const read = readCsvContactRow(values);
  const result: ImportRow = { row, uuid: read.uuid, input: read.input, errors: { ...read.errors } };
  for (const [text, prefix] of extra.date) if (!(`${prefix}_month` in values)) setImportedDate(result.input, result.errors, prefix, text);
  if (extra.spouse !== undefined && !("spouse_first_name" in values)) setSpouse(result, extra.spouse);
  return result;
}

function setSpouse(result: ImportRow, name: string): void {
  const trimmed = name.trim();
  if (trimmed === "") return;
  const { first, last } = splitPersonName(trimmed);
  result.input.spouse_first_name = first;
  result.input.spouse_last_name = last;
  result.spouseName = trimmed;
}

const first = (cells: Cells, ...keys: string[]) => {
  for (const key of keys) {
    const value = cells.get(key)?.trim();
    if (value) return value;
  }
  return undefined;
};

/** Google packs several values of one kind into a cell, separated by " ::: ". */
const firstOfMany = (value: string | undefined) => value?.split(" ::: ")[0]?.trim() || undefined;

const numbered = (cells: Cells, kind: string, part: string) => {
  const found: { n: number; label: string; value: string }[] = [];
  for (const [key, value] of cells) {
    const match = new RegExp(`^${kind}(\\d+)${part}$`).exec(key);
    if (match) found.push({ n: Number(match[1]), label: (cells.get(`${kind}${match[1]}label`) ?? cells.get(`${kind}${match[1]}type`) ?? "").trim().toLowerCase(), value: value.trim() });
  }
  return found.filter((item) => item.value !== "").sort((a, b) => a.n - b.n);
};

const SPOUSE_LABELS = /spouse|husband|wife|partner/;
const CHILD_LABELS = /child|son|daughter/;

function readGoogleRow(row: number, cells: Cells): ImportRow {
  const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
  const input = result.input;
  input.prefix = first(cells, "nameprefix");
  input.first_name = first(cells, "firstname", "givenname");
  input.middle_name = first(cells, "middlename", "additionalname");
  input.last_name = first(cells, "lastname", "familyname");
  input.company = first(cells, "organizationname", "organization1name");
  input.email = firstOfMany(numbered(cells, "email", "value")[0]?.value);
  input.phone = firstOfMany(numbered(cells, "phone", "value")[0]?.value);
  const address = numbered(cells, "address", "street")[0] ?? numbered(cells, "address", "city")[0];
  if (address) {
    const n = address.n;
    input.address = first(cells, `address${n}street`);
    input.apt = first(cells, `address${n}extendedaddress`);
    input.city = first(cells, `address${n}city`);
    input.state = first(cells, `address${n}region`);
    input.zip = first(cells, `address${n}postalcode`);
    input.country = first(cells, `address${n}country`);
  }
  input.notes = first(cells, "notes");
  const birthday = first(cells, "birthday");
  if (birthday) setImportedDate(input, result.errors, "birth", birthday);
  const anniversary = numbered(cells, "event", "value").find((event) => event.label.includes("anniversary"));
  if (anniversary) setImportedDate(input, result.errors, "anniversary", anniversary.value);
  const relations = numbered(cells, "relation", "value");
  const spouse = relations.find((relation) => SPOUSE_LABELS.test(relation.label));
  if (spouse) setSpouse(result, spouse.value);
  const children = relations.filter((relation) => CHILD_LABELS.test(relation.label)).map((relation) => relation.value);
  if (children.length > 0) result.childNames = children;
  dropUnset(input);
  return result;
}

function readOutlookRow(row: number, cells: Cells): ImportRow {
  const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
  const input = result.input;
  input.prefix = first(cells, "title");
  input.first_name = first(cells, "firstname");
  input.middle_name = first(cells, "middlename");
  input.last_name = first(cells, "lastname");
  input.company = first(cells, "company");
  input.email = first(cells, "emailaddress", "email2address", "email3address");
  input.phone = first(cells, "mobilephone", "homephone", "primaryphone", "businessphone", "otherphone");
  // The home address, else the business one, else the other one.
  const kind = ["home", "business", "other"].find((k) => first(cells, `${k}street`, `${k}city`));
  if (kind) {
    input.address = first(cells, `${kind}street`);
    input.apt = [first(cells, `${kind}street2`), first(cells, `${kind}street3`)].filter(Boolean).join(", ") || undefined;
    input.city = first(cells, `${kind}city`);
    input.state = first(cells, `${kind}state`);
    input.zip = first(cells, `${kind}postalcode`);
    input.country = first(cells, `${kind}countryregion`, `${kind}country`);
  }
  input.notes = first(cells, "notes");
  const birthday = first(cells, "birthday");
  if (birthday) setImportedDate(input, result.errors, "birth", birthday);
  const anniversary = first(cells, "anniversary");
  if (anniversary) setImportedDate(input, result.errors, "anniversary", anniversary);
  const spouse = first(cells, "spouse");
  if (spouse) setSpouse(result, spouse);
  const children = first(cells, "children");
  if (children) result.childNames = children.split(/[;,]/).map((name) => name.trim()).filter(Boolean);
  dropUnset(input);
  return result;
}

/** Google's and Outlook's files have no column for most fields: what they lack is left alone. */
function dropUnset(input: Record<string, unknown>): void {
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
}

export type CsvImport = {
  format: CsvFormat | null;
  rows: ImportRow[];
  /** Problems of the file as a whole (no header row). */
  problems: string[];
};

/** Reads every data row of an address book CSV; blank rows are skipped but keep their number. */
export function readContactsCsv(text: string): CsvImport {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const records = parsed.data;
  const headerIndex = records.findIndex((record) => !isBlank(record));
  if (headerIndex === -1) return { format: null, rows: [], problems: ["The file is empty: its first row should name the columns."] };
  const headers = records[headerIndex]!.map(normalizeHeader);
  const format = detectCsvFormat(headers);
  const keys = records[headerIndex]!.map(cardmailKey);
  if (format === "cardmail" && keys.every((key) => key === null)) {
    return { format: null, rows: [], problems: ["The first row names no contact field. Use the export's headers, or headers such as first_name, last_name, email, address."] };
  }

  const quoteErrors = new Set<number>();
  for (const error of parsed.errors) if (error.type === "Quotes" && error.row !== undefined) quoteErrors.add(error.row);

  const rows: ImportRow[] = [];
  records.forEach((record, index) => {
    if (index <= headerIndex || isBlank(record)) return;
    const row = index - headerIndex;
    let result: ImportRow;
    if (format === "cardmail") {
      result = readCardmailRow(row, keys, record);
    } else {
      const cells: Cells = new Map();
      headers.forEach((header, i) => {
        if (!cells.has(header) || cells.get(header) === "") cells.set(header, record[i] ?? "");
      });
      result = format === "google" ? readGoogleRow(row, cells) : readOutlookRow(row, cells);
    }
    if (quoteErrors.has(index)) addRowError(result.errors, "row", "A quoted value is not closed, so the row can't be read.");
    if (record.length > headers.length && record.slice(headers.length).some((value) => value.trim() !== "")) {
      addRowError(result.errors, "row", `The row has ${record.length} values but the header names ${headers.length} columns. Put values that contain commas in double quotes.`);
    }
    rows.push(result);
  });
  return { format, rows, problems: [] };
}

function isBlank(record: readonly string[]): boolean {
  return record.every((value) => value.trim() === "");
}
