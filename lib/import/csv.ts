import { readCsvContactRow } from "@/lib/contacts/csv-columns";
import { CONTACT_FIELD_NAMES, contactFieldForHeader, normalizeHeader } from "@/lib/contacts/fields";
import { eventLoopPacer, type Pacer } from "@/lib/pace";
import { KNOWN_COLUMNS, numberedColumns, readGoogleRow, readOutlookRow, readThunderbirdRow } from "./csv-programs";
import { csvRecords, guessCsvDialect } from "./csv-records";
import { deferDate, pendingDates, setFullName, setGroups, setSpouse, type Cells } from "./csv-row";
import { setImportedDate, slashedDateFirstNumber, type SlashedDateOrder } from "./dates";
import { addRowError, type ImportRow } from "./rows";
import { IMPORT_MAX_CONTACTS, IMPORT_MAX_RECORD_CHARS } from "./schema";

/*
 * Reads an address book CSV in one of three shapes, told apart by the header row:
 * - ours (the export's columns, `uuid` to `pets`) and any CSV whose headers name Contact
 *   fields or their aliases (fields.ts), plus `birthday`, `anniversary` and `spouse` columns;
 * - Google Contacts' export ("First Name", "E-mail 1 - Value", "Relation 1 - Label", ...);
 * - Outlook's export ("Home Street", "E-mail Address", "Mobile Phone", "Spouse", ...);
 * - Thunderbird's export ("Primary Email", "Home Address", "Mobile Number", "Birth Year", ...).
 * Headers are compared without case, spaces or punctuation. The file is read record by record
 * (csv-records.ts), pausing for other requests as it goes; the header is understood once, so a
 * row costs the same whatever the number of columns the file names.
 */

/** No address book has more: a header naming more columns is refused (each row is read against them). */
const MAX_COLUMNS = 1000;


export type CsvFormat = "cardmail" | "google" | "outlook" | "thunderbird";

export function detectCsvFormat(normalizedHeaders: readonly string[]): CsvFormat {
  const headers = new Set(normalizedHeaders);
  if (headers.has("primaryemail") || headers.has("homezipcode") || headers.has("mobilenumber")) return "thunderbird";
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
const FULL_NAME_COLUMNS = new Set(["name", "fullname", "displayname", "contactname"]);
const GROUP_COLUMNS = new Set(["labels", "categories", "groups", "groupmembership"]);

const FIELD_NAMES = new Set<string>([...CONTACT_FIELD_NAMES, "uuid", "children", "pets"]);

/**
 * The column a header names: a field's own name ("birth_day", "Birth Day") first, then a date
 * column ("Birthday", whose letters are also birth_day's), then the aliases.
 */
type CardmailKey = { field: string } | { date: DateColumn } | { spouse: true } | { fullName: true } | { groups: true };

function cardmailKey(rawHeader: string): CardmailKey | null {
  const snake = rawHeader.trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (FIELD_NAMES.has(snake)) return { field: snake };
  const header = normalizeHeader(rawHeader);
  if (header in DATE_COLUMNS) return { date: DATE_COLUMNS[header]! };
  if (SPOUSE_COLUMNS.has(header)) return { spouse: true };
  if (FULL_NAME_COLUMNS.has(header)) return { fullName: true };
  if (GROUP_COLUMNS.has(header)) return { groups: true };
  if (OWN_COLUMNS.has(header)) return { field: header };
  const field = contactFieldForHeader(rawHeader);
  return field === null ? null : { field };
}

/**
 * Where our format's values are: the first column naming each field (a second one, "Zip"
 * beside "Postal code", is ignored), each date column, the first spouse column; in column order.
 */
type CardmailLayout = {
  fields: [field: string, column: number][];
  dates: [prefix: DateColumn, column: number][];
  spouse: number | null;
  fullName: number | null;
  groups: number | null;
};

function cardmailLayout(keys: readonly ReturnType<typeof cardmailKey>[], headers: readonly string[]): CardmailLayout {
  const layout: CardmailLayout = { fields: [], dates: [], spouse: null, fullName: null, groups: null };
  const seen = new Set<string>();
  keys.forEach((key, column) => {
    if (key === null) return;
    // Two date columns (Birthday and DOB) are both read, the later one winning; a header twice is read once.
    const id = "field" in key ? key.field : "date" in key ? `date:${headers[column]}` : "spouse" in key ? "spouse" : "fullName" in key ? "fullName" : "groups";
    if (seen.has(id)) return;
    seen.add(id);
    if ("field" in key) layout.fields.push([key.field, column]);
    else if ("date" in key) layout.dates.push([key.date, column]);
    else if ("spouse" in key) layout.spouse = column;
    else if ("fullName" in key) layout.fullName = column;
    else layout.groups = column;
  });
  return layout;
}

function readCardmailRow(row: number, layout: CardmailLayout, record: readonly string[]): ImportRow {
  const values: Record<string, string> = {};
  for (const [field, column] of layout.fields) values[field] = record[column] ?? "";
  const read = readCsvContactRow(values);
  const result: ImportRow = { row, uuid: read.uuid, input: read.input, errors: { ...read.errors } };
  for (const [prefix, column] of layout.dates) if (!(`${prefix}_month` in values)) deferDate(result, prefix, record[column] ?? "");
  if (layout.spouse !== null && !("spouse_first_name" in values)) setSpouse(result, record[layout.spouse] ?? "");
  if (layout.fullName !== null) setFullName(result, record[layout.fullName]);
  if (layout.groups !== null) setGroups(result, record[layout.groups]);
  return result;
}

function cardmailColumnField(key: CardmailKey): string {
  if ("field" in key) return key.field;
  if ("date" in key) return key.date === "birth" ? "birthday" : key.date === "anniversary" ? "anniversary" : "spouse_birthday";
  if ("spouse" in key) return "spouse";
  if ("fullName" in key) return "full_name";
  return "groups";
}

export type CsvColumns = { mapped: { column: string; field: string }[]; unmapped: string[] };

export type CsvImport = {
  format: CsvFormat | null;
  /** How slashed dates were read, and whether the file has any. */
  dateOrder: SlashedDateOrder;
  dateOrderMatters: boolean;
  /** The header's columns: those read into a field and those not. */
  columns: CsvColumns;
  /** The data rows read: the first IMPORT_MAX_CONTACTS (the others are only counted). */
  rows: ImportRow[];
  /** Every data row of the file that isn't blank. */
  count: number;
  /** Problems of the file as a whole (no header row). */
  problems: string[];
};

const fileProblem = (problem: string): CsvImport => ({
  format: null,
  dateOrder: "mdy",
  dateOrderMatters: false,
  columns: { mapped: [], unmapped: [] },
  rows: [],
  count: 0,
  problems: [problem],
});

/** What the header row says: its columns, the file's format and how to read a data row. */
type Header = { headers: string[]; format: CsvFormat; columns: CsvColumns; readRow: (row: number, record: readonly string[]) => ImportRow };

/**
 * Reads every data row of an address book CSV; blank rows are skipped but keep their number.
 * Yields to the event loop as it goes.
 */
export async function readContactsCsv(text: string, options: { dateOrder?: SlashedDateOrder | null } = {}): Promise<CsvImport> {
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
  const dates = await readDates(rows, options.dateOrder ?? null, pacer);
  return { format: header.format, ...dates, columns: header.columns, rows, count, problems: [] };
}

/**
 * Sets every row's dates, slashed ones in the order asked, else day first when any slashed date
 * of the file starts with a number over 12 (no month does), else month first.
 */
async function readDates(rows: ImportRow[], asked: SlashedDateOrder | null, pacer: Pacer): Promise<{ dateOrder: SlashedDateOrder; dateOrderMatters: boolean }> {
  let dateOrderMatters = false;
  let dayFirst = false;
  for (const row of rows) {
    for (const [, text] of pendingDates.get(row) ?? []) {
      const firstNumber = slashedDateFirstNumber(text);
      if (firstNumber === null) continue;
      dateOrderMatters = true;
      if (firstNumber > 12) dayFirst = true;
    }
  }
  const dateOrder = asked ?? (dayFirst ? "dmy" : "mdy");
  for (const row of rows) {
    if (pacer.isDue()) await pacer.pause();
    for (const [prefix, text] of pendingDates.get(row) ?? []) setImportedDate(row.input, row.errors, prefix, text, undefined, dateOrder);
  }
  return { dateOrder, dateOrderMatters };
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
    const columns: CsvColumns = { mapped: [], unmapped: [] };
    cells.forEach((cell, i) => {
      const key = keys[i];
      if (key) columns.mapped.push({ column: cell.trim(), field: cardmailColumnField(key) });
      else if (cell.trim() !== "") columns.unmapped.push(cell.trim());
    });
    return { headers, format, columns, readRow: (row, record) => readCardmailRow(row, layout, record) };
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
  const known = KNOWN_COLUMNS[format];
  const columns: CsvColumns = { mapped: [], unmapped: [] };
  cells.forEach((cell, i) => {
    if (cell.trim() === "") return;
    const field = known.find(([pattern]) => pattern.test(headers[i]!))?.[1];
    if (field) columns.mapped.push({ column: cell.trim(), field });
    else columns.unmapped.push(cell.trim());
  });
  if (format === "google") {
    const numbered = numberedColumns(headers);
    return { headers, format, columns, readRow: (row, record) => readGoogleRow(row, toCells(record), numbered) };
  }
  if (format === "thunderbird") return { headers, format, columns, readRow: (row, record) => readThunderbirdRow(row, toCells(record)) };
  return { headers, format, columns, readRow: (row, record) => readOutlookRow(row, toCells(record)) };
}

function isBlank(record: readonly string[]): boolean {
  return record.every((value) => value.trim() === "");
}
