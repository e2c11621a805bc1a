import { readCsvContactRow } from "@/lib/contacts/csv-columns";
import { CONTACT_FIELD_NAMES, contactFieldForHeader, normalizeHeader } from "@/lib/contacts/fields";
import { eventLoopPacer, type Pacer } from "@/lib/pace";
import { csvRecords, guessCsvDialect } from "./csv-records";
import { setImportedDate, slashedDateFirstNumber, type DatePrefix, type SlashedDateOrder } from "./dates";
import { addRowError, splitPersonName, type ImportRow } from "./rows";
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

/** "E-mail 1 - Value" -> "email1value". */

/**
 * A data row's value by normalized header (of two columns of one name, the first one filled), and
 * the first column of a header: a row shorter than that has no value for it.
 */
type Cells = { get(header: string): string | undefined; length: number };

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

function setSpouse(result: ImportRow, name: string): void {
  const trimmed = name.trim();
  if (trimmed === "") return;
  const { first, last } = splitPersonName(trimmed);
  result.input.spouse_first_name = first;
  result.input.spouse_last_name = last;
  result.spouseName = trimmed;
}

/**
 * Dates wait for the whole file: whether `3/4/1980` is March or April depends on the file's
 * other slashed dates (or the request's `date_order`).
 */
const pendingDates = new WeakMap<ImportRow, [prefix: DatePrefix, text: string][]>();

function deferDate(result: ImportRow, prefix: DatePrefix, text: string): void {
  if (text.trim() === "") return;
  const dates = pendingDates.get(result);
  if (dates) dates.push([prefix, text]);
  else pendingDates.set(result, [[prefix, text]]);
}

function setFullName(result: ImportRow, name: string | undefined): void {
  const trimmed = name?.trim();
  if (trimmed) result.fullName = trimmed;
}

/** Google's own labels, not groups of the user's. */
const SYSTEM_GROUP = /^(\*|system group:)/i;

/** Google's "Family ::: Friends", Outlook's "Family;Friends" (or with commas). */
function setGroups(result: ImportRow, cell: string | undefined): void {
  const text = cell?.trim();
  if (!text) return;
  const separator = text.includes(":::") ? ":::" : /[;,]/;
  const names = [...new Set(text.split(separator).map((name) => name.trim().replace(/\s+/g, " ")).filter((name) => name !== "" && !SYSTEM_GROUP.test(name)))];
  if (names.length > 0) result.groups = names.map((name) => name.slice(0, 255));
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

/** A phone's place by its label: mobile, home, work, other; pagers and faxes never. */
function phoneRank(label: string): number | null {
  if (/fax|pager/.test(label)) return null;
  if (/mobile|cell/.test(label)) return 0;
  if (/home/.test(label)) return 1;
  if (/work|business/.test(label)) return 2;
  return 3;
}

function preferredPhone(phones: { label: string; value: string }[]): string | undefined {
  let best: { rank: number; value: string } | undefined;
  for (const phone of phones) {
    const rank = phoneRank(phone.label);
    if (rank !== null && (best === undefined || rank < best.rank)) best = { rank, value: phone.value };
  }
  return firstOfMany(best?.value);
}

function readGoogleRow(row: number, cells: Cells, columns: NumberedColumns): ImportRow {
  const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
  const input = result.input;
  input.prefix = first(cells, "nameprefix");
  input.first_name = first(cells, "firstname", "givenname");
  input.middle_name = first(cells, "middlename", "additionalname");
  input.last_name = first(cells, "lastname", "familyname");
  input.company = first(cells, "organizationname", "organization1name");
  input.email = firstOfMany(numbered(cells, columns, "email", "value", true)[0]?.value);
  input.phone = preferredPhone(numbered(cells, columns, "phone", "value"));
  // The home address, else the first one with a street or a city.
  const addresses = [...numbered(cells, columns, "address", "street"), ...numbered(cells, columns, "address", "city")];
  const address = addresses.find((a) => a.label.includes("home")) ?? addresses.sort((a, b) => a.n - b.n)[0];
  if (address) {
    const n = address.n;
    input.address = firstOfMany(first(cells, `address${n}street`));
    input.apt = firstOfMany(first(cells, `address${n}extendedaddress`));
    input.city = firstOfMany(first(cells, `address${n}city`));
    input.state = firstOfMany(first(cells, `address${n}region`));
    input.zip = firstOfMany(first(cells, `address${n}postalcode`));
    input.country = firstOfMany(first(cells, `address${n}country`));
  }
  input.notes = first(cells, "notes");
  const birthday = first(cells, "birthday");
  if (birthday) deferDate(result, "birth", birthday);
  const anniversary = numbered(cells, columns, "event", "value").find((event) => event.label.includes("anniversary"));
  if (anniversary) deferDate(result, "anniversary", anniversary.value);
  const relations = numbered(cells, columns, "relation", "value");
  const spouse = relations.find((relation) => SPOUSE_LABELS.test(relation.label));
  if (spouse) setSpouse(result, spouse.value);
  const children = relations.filter((relation) => CHILD_LABELS.test(relation.label)).map((relation) => relation.value);
  if (children.length > 0) result.childNames = children;
  setFullName(result, first(cells, "name", "fileas"));
  setGroups(result, first(cells, "labels", "groupmembership"));
  dropUnset(input);
  return result;
}

// Outlook names the second address "Business" in English and "Work" in some exports.
const OUTLOOK_ADDRESS_KINDS = [["home"], ["business", "work"], ["other"]];

function readOutlookRow(row: number, cells: Cells): ImportRow {
  const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
  const input = result.input;
  input.prefix = first(cells, "title");
  input.first_name = first(cells, "firstname");
  input.middle_name = first(cells, "middlename");
  input.last_name = first(cells, "lastname");
  input.company = first(cells, "company");
  input.email = first(cells, "emailaddress", "emailhome", "email2address", "emailwork", "email3address", "emailother");
  input.phone = first(cells, "mobilephone", "homemobile", "homephone", "homephone2", "primaryphone", "businessphone", "businessphone2", "companymainphone", "otherphone", "carphone");
  // The home address, else the business one, else the other one.
  const kinds = OUTLOOK_ADDRESS_KINDS.find((names) => first(cells, ...names.flatMap((k) => [`${k}street`, `${k}city`])));
  if (kinds) {
    const of = (...parts: string[]) => first(cells, ...kinds.flatMap((k) => parts.map((part) => `${k}${part}`)));
    input.address = of("street");
    input.apt = [of("street2"), of("street3")].filter(Boolean).join(", ") || undefined;
    input.city = of("city");
    input.state = of("state");
    input.zip = of("postalcode", "zip", "zipcode");
    input.country = of("countryregion", "country");
  }
  input.notes = first(cells, "notes");
  const birthday = first(cells, "birthday");
  if (birthday) deferDate(result, "birth", birthday);
  const anniversary = first(cells, "anniversary");
  if (anniversary) deferDate(result, "anniversary", anniversary);
  const spouse = first(cells, "spouse");
  if (spouse) setSpouse(result, spouse);
  const children = first(cells, "children");
  if (children) result.childNames = children.split(/[;,]/).map((name) => name.trim()).filter(Boolean);
  setFullName(result, first(cells, "displayname", "name"));
  setGroups(result, first(cells, "categories"));
  dropUnset(input);
  return result;
}

function readThunderbirdRow(row: number, cells: Cells): ImportRow {
  const result: ImportRow = { row, uuid: null, input: {}, errors: {} };
  const input = result.input;
  input.first_name = first(cells, "firstname");
  input.last_name = first(cells, "lastname");
  input.company = first(cells, "organization");
  input.email = first(cells, "primaryemail", "secondaryemail");
  input.phone = first(cells, "mobilenumber", "homephone", "workphone");
  const kind = ["home", "work"].find((k) => first(cells, `${k}address`, `${k}city`));
  if (kind) {
    input.address = first(cells, `${kind}address`);
    input.apt = first(cells, `${kind}address2`);
    input.city = first(cells, `${kind}city`);
    input.state = first(cells, `${kind}state`);
    input.zip = first(cells, `${kind}zipcode`);
    input.country = first(cells, `${kind}country`);
  }
  input.notes = first(cells, "notes");
  const [year, month, day] = [first(cells, "birthyear"), first(cells, "birthmonth"), first(cells, "birthday")];
  if (month && day) {
    input.birth_month = month;
    input.birth_day = day;
    input.birth_year = year;
  }
  setFullName(result, first(cells, "displayname"));
  dropUnset(input);
  return result;
}

/** The headers each program's reader reads, and the field they fill (for the dry run's `columns`). */
const KNOWN_COLUMNS: Record<Exclude<CsvFormat, "cardmail">, [RegExp, string][]> = {
  google: [
    [/^(nameprefix)$/, "prefix"],
    [/^(firstname|givenname)$/, "first_name"],
    [/^(middlename|additionalname)$/, "middle_name"],
    [/^(lastname|familyname)$/, "last_name"],
    [/^(name|fileas)$/, "full_name"],
    [/^organization1?name$/, "company"],
    [/^email\d+value$/, "email"],
    [/^phone\d+value$/, "phone"],
    [/^address\d+street$/, "address"],
    [/^address\d+extendedaddress$/, "apt"],
    [/^address\d+city$/, "city"],
    [/^address\d+region$/, "state"],
    [/^address\d+postalcode$/, "zip"],
    [/^address\d+country$/, "country"],
    [/^notes$/, "notes"],
    [/^birthday$/, "birthday"],
    [/^event\d+value$/, "anniversary"],
    [/^relation\d+value$/, "spouse"],
    [/^(labels|groupmembership)$/, "groups"],
  ],
  outlook: [
    [/^title$/, "prefix"],
    [/^firstname$/, "first_name"],
    [/^middlename$/, "middle_name"],
    [/^lastname$/, "last_name"],
    [/^(displayname|name)$/, "full_name"],
    [/^company$/, "company"],
    [/^(emailaddress|email2address|email3address|emailhome|emailwork|emailother)$/, "email"],
    [/^(mobilephone|homemobile|homephone2?|primaryphone|businessphone2?|companymainphone|otherphone|carphone)$/, "phone"],
    [/^(home|business|work|other)street$/, "address"],
    [/^(home|business|work|other)street[23]$/, "apt"],
    [/^(home|business|work|other)city$/, "city"],
    [/^(home|business|work|other)state$/, "state"],
    [/^(home|business|work|other)(postalcode|zip|zipcode)$/, "zip"],
    [/^(home|business|work|other)(countryregion|country)$/, "country"],
    [/^notes$/, "notes"],
    [/^birthday$/, "birthday"],
    [/^anniversary$/, "anniversary"],
    [/^spouse$/, "spouse"],
    [/^children$/, "children"],
    [/^categories$/, "groups"],
  ],
  thunderbird: [
    [/^firstname$/, "first_name"],
    [/^lastname$/, "last_name"],
    [/^displayname$/, "full_name"],
    [/^organization$/, "company"],
    [/^(primaryemail|secondaryemail)$/, "email"],
    [/^(mobilenumber|homephone|workphone)$/, "phone"],
    [/^(home|work)address$/, "address"],
    [/^(home|work)address2$/, "apt"],
    [/^(home|work)city$/, "city"],
    [/^(home|work)state$/, "state"],
    [/^(home|work)zipcode$/, "zip"],
    [/^(home|work)country$/, "country"],
    [/^notes$/, "notes"],
    [/^birth(year|month|day)$/, "birthday"],
  ],
};

function cardmailColumnField(key: CardmailKey): string {
  if ("field" in key) return key.field;
  if ("date" in key) return key.date === "birth" ? "birthday" : key.date === "anniversary" ? "anniversary" : "spouse_birthday";
  if ("spouse" in key) return "spouse";
  if ("fullName" in key) return "full_name";
  return "groups";
}

function dropUnset(input: Record<string, unknown>): void {
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
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
