import { readCsvContactRow } from "@/lib/contacts/csv-columns";
import { CONTACT_FIELD_NAMES, contactFieldForHeader, normalizeHeader } from "@/lib/contacts/fields";
import { eventLoopPacer, type Pacer } from "@/lib/pace";
import { csvRecords, guessCsvDialect } from "./csv-records";
import { setImportedDate } from "./dates";
import { addRowError, splitPersonName, type ImportRow } from "./rows";
import { IMPORT_MAX_CONTACTS, IMPORT_MAX_RECORD_CHARS } from "./schema";

/*
 * Reads an address book CSV in one of three shapes, told apart by the header row:
 * - ours (the export's columns, `uuid` to `pets`) and any CSV whose headers name Contact
 *   fields or their aliases (fields.ts), plus `birthday`, `anniversary` and `spouse` columns;
 * - Google Contacts' export ("First Name", "E-mail 1 - Value", "Relation 1 - Label", ...);
 * - Outlook's export ("Home Street", "E-mail Address", "Mobile Phone", "Spouse", ...).
 * Headers are compared without case, spaces or punctuation. The file is read record by record
 * (csv-records.ts), pausing for other requests as it goes; the header is understood once, so a
 * row costs the same whatever the number of columns the file names.
 */

/** No address book has more: a header naming more columns is refused (each row is read against them). */
const MAX_COLUMNS = 1000;

/** "E-mail 1 - Value" -> "email1value". */

/**
 * A data row's value by normalized header (of two columns of one name, the first one filled), and
 * the first column of a header: a row shorter than that has no value for it.
 */
type Cells = { get(header: string): string | undefined; length: number };

export type CsvFormat = "cardmail" | "google" | "outlook";

export function detectCsvFormat(normalizedHeaders: readonly string[]): CsvFormat {
  const headers = new Set(normalizedHeaders);
  if (headers.has("homestreet") || headers.has("businessstreet") || (headers.has("emailaddress") && headers.has("emaildisplayname"))) return "outlook";
  if (headers.has("givenname") || normalizedHeaders.some((h) => /^(email|phone|address|relation|event)\d+(value|street|label|type)$/.test(h))) return "google";
  return "cardmail";
}

// The columns only a CSV of ours has, besides the contact fields (contactFieldForHeader).
const OWN_COLUMNS = new Set(["uuid", "children", "pets"]);
type DateColumn = "birth" | "anniversary" | "spouse_birth";
const DATE_COLUMNS: Record<string, DateColumn> = {
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
function cardmailKey(rawHeader: string): { field: string } | { date: DateColumn } | { spouse: true } | null {
  const snake = rawHeader.trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (FIELD_NAMES.has(snake)) return { field: snake };
  const header = normalizeHeader(rawHeader);
  if (header in DATE_COLUMNS) return { date: DATE_COLUMNS[header]! };
  if (SPOUSE_COLUMNS.has(header)) return { spouse: true };
  if (OWN_COLUMNS.has(header)) return { field: header };
  const field = contactFieldForHeader(rawHeader);
  return field === null ? null : { field };
}

/**
 * Where our format's values are: the first column naming each field (a second one, "Zip"
 * beside "Postal code", is ignored), each date column, the first spouse column; in column order.
 */
type CardmailLayout = { fields: [field: string, column: number][]; dates: [prefix: DateColumn, column: number][]; spouse: number | null };

function cardmailLayout(keys: readonly ReturnType<typeof cardmailKey>[], headers: readonly string[]): CardmailLayout {
  const layout: CardmailLayout = { fields: [], dates: [], spouse: null };
  const seen = new Set<string>();
  keys.forEach((key, column) => {
    if (key === null) return;
    // Two date columns (Birthday and DOB) are both read, the later one winning; a header twice is read once.
    const id = "field" in key ? key.field : "date" in key ? `date:${headers[column]}` : "spouse";
    if (seen.has(id)) return;
    seen.add(id);
    if ("field" in key) layout.fields.push([key.field, column]);
    else if ("date" in key) layout.dates.push([key.date, column]);
    else layout.spouse = column;
  });
  return layout;
}

function readCardmailRow(row: number, layout: CardmailLayout, record: readonly string[]): ImportRow {
  const values: Record<string, string> = {};
  for (const [field, column] of layout.fields) values[field] = record[column] ?? "";
  const read = readCsvContactRow(values);
  const result: ImportRow = { row, uuid: read.uuid, input: read.input, errors: { ...read.errors } };
  for (const [prefix, column] of layout.dates) if (!(`${prefix}_month` in values)) setImportedDate(result.input, result.errors, prefix, record[column] ?? "");
  if (layout.spouse !== null && !("spouse_first_name" in values)) setSpouse(result, record[layout.spouse] ?? "");
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

/** Google's numbered columns of one kind ("E-mail 1 - Value", "E-mail 2 - Value") by number, found once per file. */
type NumberedColumns = (kind: string, part: string) => { n: number; digits: string; key: string; column: number }[];

function numberedColumns(headers: readonly string[]): NumberedColumns {
  const firstColumn = new Map<string, number>();
  headers.forEach((header, column) => {
    if (!firstColumn.has(header)) firstColumn.set(header, column);
  });
  const found = new Map<string, ReturnType<NumberedColumns>>();
  return (kind, part) => {
    const id = `${kind}/${part}`;
    let columns = found.get(id);
    if (!columns) {
      const pattern = new RegExp(`^${kind}(\\d+)${part}$`);
      columns = [...firstColumn]
        .flatMap(([key, column]) => {
          const match = pattern.exec(key);
          return match ? [{ n: Number(match[1]), digits: match[1]!, key, column }] : [];
        })
        .sort((a, b) => a.n - b.n);
      found.set(id, columns);
    }
    return columns;
  };
}

/** The filled values of numbered columns, with their labels, by number; only the first when `firstOnly`. */
function numbered(cells: Cells, columns: NumberedColumns, kind: string, part: string, firstOnly = false): { n: number; label: string; value: string }[] {
  const found: { n: number; label: string; value: string }[] = [];
  for (const { n, digits, key, column } of columns(kind, part)) {
    if (column >= cells.length) continue;
    const value = (cells.get(key) ?? "").trim();
    if (value === "") continue;
    found.push({ n, label: (cells.get(`${kind}${digits}label`) ?? cells.get(`${kind}${digits}type`) ?? "").trim().toLowerCase(), value });
    if (firstOnly) break;
  }
  return found;
}

const SPOUSE_LABELS = /spouse|husband|wife|partner/;
const CHILD_LABELS = /child|son|daughter/;

function readGoogleRow(row: number, cells: Cells, columns: NumberedColumns): ImportRow {
  const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
  const input = result.input;
  input.prefix = first(cells, "nameprefix");
  input.first_name = first(cells, "firstname", "givenname");
  input.middle_name = first(cells, "middlename", "additionalname");
  input.last_name = first(cells, "lastname", "familyname");
  input.company = first(cells, "organizationname", "organization1name");
  input.email = firstOfMany(numbered(cells, columns, "email", "value", true)[0]?.value);
  input.phone = firstOfMany(numbered(cells, columns, "phone", "value", true)[0]?.value);
  const address = numbered(cells, columns, "address", "street", true)[0] ?? numbered(cells, columns, "address", "city", true)[0];
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
  const anniversary = numbered(cells, columns, "event", "value").find((event) => event.label.includes("anniversary"));
  if (anniversary) setImportedDate(input, result.errors, "anniversary", anniversary.value);
  const relations = numbered(cells, columns, "relation", "value");
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
  /** The data rows read: the first IMPORT_MAX_CONTACTS (the others are only counted). */
  rows: ImportRow[];
  /** Every data row of the file that isn't blank. */
  count: number;
  /** Problems of the file as a whole (no header row). */
  problems: string[];
};

const fileProblem = (problem: string): CsvImport => ({ format: null, rows: [], count: 0, problems: [problem] });

/** What the header row says: its columns, the file's format and how to read a data row. */
type Header = { headers: string[]; format: CsvFormat; readRow: (row: number, record: readonly string[]) => ImportRow };

/**
 * Reads every data row of an address book CSV; blank rows are skipped but keep their number.
 * Yields to the event loop as it goes.
 */
export async function readContactsCsv(text: string): Promise<CsvImport> {
  const pacer = eventLoopPacer();
  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let header: (Header & { index: number }) | null = null;
  const rows: ImportRow[] = [];
  let count = 0;
  let index = -1;
  for (const record of csvRecords(content, { ...guessCsvDialect(content), maxRecordChars: IMPORT_MAX_RECORD_CHARS })) {
    // Blank records cost next to nothing: the clock is read every 64th.
    if ((record === null || (index & 63) === 0) && pacer.isDue()) await pacer.pause();
    if (record === null) continue;
    index += record.repeat;
    if (!record.isTooLong && isBlank(record.cells)) continue;
    if (pacer.isDue()) await pacer.pause();
    if (header === null) {
      if (record.isTooLong) return fileProblem(`The first row is over ${IMPORT_MAX_RECORD_CHARS / 1024} KiB: it should name the columns.`);
      const read = await readHeader(record.cells, pacer);
      if (typeof read === "string") return fileProblem(read);
      header = { index, ...read };
      continue;
    }
    count++;
    if (count > IMPORT_MAX_CONTACTS) continue;
    const row = index - header.index;
    if (record.isTooLong) {
      const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
      addRowError(result.errors, "row", `The row is over ${IMPORT_MAX_RECORD_CHARS / 1024} KiB: too long to be a contact.`);
      rows.push(result);
      continue;
    }
    const cells = record.cells;
    const result = header.readRow(row, cells);
    if (record.hasQuoteError) addRowError(result.errors, "row", "A quoted value is not closed, so the row can't be read.");
    const { headers } = header;
    if (cells.length > headers.length && cells.slice(headers.length).some((value) => value.trim() !== "")) {
      addRowError(result.errors, "row", `The row has ${cells.length} values but the header names ${headers.length} columns. Put values that contain commas in double quotes.`);
    }
    rows.push(result);
  }
  if (header === null) return fileProblem("The file is empty: its first row should name the columns.");
  return { format: header.format, rows, count, problems: [] };
}

/** The header row's format and how to read a data row against it, or the problem with it. */
async function readHeader(cells: readonly string[], pacer: Pacer): Promise<Header | string> {
  const headers: string[] = [];
  let named = 0;
  for (const cell of cells) {
    const header = normalizeHeader(cell);
    headers.push(header);
    if (header !== "") named++;
    if (pacer.isDue()) await pacer.pause();
  }
  if (named > MAX_COLUMNS) return `The first row names ${named.toLocaleString("en-US")} columns; an address book has at most ${MAX_COLUMNS.toLocaleString("en-US")}.`;
  const format = detectCsvFormat(headers);
  if (format === "cardmail") {
    const keys = cells.map((cell, i) => (headers[i] === "" ? null : cardmailKey(cell)));
    if (keys.every((key) => key === null)) return "The first row names no contact field. Use the export's headers, or headers such as first_name, last_name, email, address.";
    const layout = cardmailLayout(keys, headers);
    return { headers, format, readRow: (row, record) => readCardmailRow(row, layout, record) };
  }
  const columnsByHeader = new Map<string, number[]>();
  headers.forEach((header, column) => {
    if (header === "") return;
    const columns = columnsByHeader.get(header);
    if (columns) columns.push(column);
    else columnsByHeader.set(header, [column]);
  });
  const toCells = (record: readonly string[]): Cells => ({
    length: record.length,
    get(header) {
      const columns = columnsByHeader.get(header);
      if (!columns) return undefined;
      for (const column of columns) if (record[column]) return record[column];
      return "";
    },
  });
  if (format === "google") {
    const numbered = numberedColumns(headers);
    return { headers, format, readRow: (row, record) => readGoogleRow(row, toCells(record), numbered) };
  }
  return { headers, format, readRow: (row, record) => readOutlookRow(row, toCells(record)) };
}

function isBlank(record: readonly string[]): boolean {
  return record.every((value) => value.trim() === "");
}
