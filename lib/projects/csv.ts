import Papa from "papaparse";
import { CONTACT_FIELD_NAMES, contactFieldForHeader, normalizeHeader, type ContactFieldName } from "@/lib/contacts/fields";
import { zodFieldErrors } from "@/lib/validation";
import { MAX_RECIPIENTS_PER_REQUEST, recipientSchema, type RecipientInput } from "./schema";

export type CsvField = (ContactFieldName | "override_message") & keyof RecipientInput;

/** The columns a mailing list usually starts with, listed first on the import page. */
const LEADING_FIELDS = ["first_name", "last_name", "address", "apt", "city", "state", "zip", "country", "company", "email", "phone", "internal_id", "override_message"] as const;

/**
 * Recipient fields a CSV column can fill: every scalar Contact field and the recipient's
 * message (children and pets need JSON).
 */
export const CSV_FIELDS: readonly CsvField[] = [...LEADING_FIELDS, ...CONTACT_FIELD_NAMES.filter((field) => !(LEADING_FIELDS as readonly string[]).includes(field))];

export const CSV_REQUIRED_FIELDS: readonly CsvField[] = ["first_name", "last_name", "address", "city", "state", "zip"];

/** A server action's body is capped at 1 MB; 1,000 recipients fit in far less. */
export const CSV_MAX_CHARS = 500_000;

/** Headers people write for the recipient's own message; the contact fields' are the field list's. */
const MESSAGE_HEADERS = new Set(["overridemessage", "message", "custommessage", "personalmessage"]);

/** The field a column header names, or null when it names none. */
export function fieldForHeader(header: string): CsvField | null {
  if (MESSAGE_HEADERS.has(normalizeHeader(header))) return "override_message";
  return contactFieldForHeader(header);
}

export type CsvColumn = { header: string; field: CsvField | null };

export type CsvRow = {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  values: Partial<Record<CsvField, string>>;
  /** Messages like "Row 3: The zip field is required.". */
  errors: string[];
};

export type RecipientsCsv = {
  columns: CsvColumn[];
  rows: CsvRow[];
  /** Problems of the file as a whole (empty, too many rows, unreadable). */
  problems: string[];
  /** The valid rows, parsed with the API's recipient schema, in file order. */
  recipients: RecipientInput[];
  /** True when the file has rows and neither it nor any row has a problem. */
  isValid: boolean;
};

const fieldLabel = (field: string) => field.replace(/_/g, " ");

/**
 * Reads recipients from CSV text: a header row naming the fields (common variants such as
 * "First Name", "Zip Code" or "Postal code" are understood), then one recipient a row. Each row
 * is validated with the same schema as the API's add-recipients, so the messages match.
 * Blank rows are skipped; columns naming no field are ignored (and reported as such).
 */
export function parseRecipientsCsv(text: string): RecipientsCsv {
  const result: RecipientsCsv = { columns: [], rows: [], problems: [], recipients: [], isValid: false };
  if (text.length > CSV_MAX_CHARS) {
    result.problems.push(`The file is too large: at most ${Math.round(CSV_MAX_CHARS / 1000)} KB can be imported at once.`);
    return result;
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const records = parsed.data;
  const headerIndex = records.findIndex((record) => !isBlank(record));
  if (headerIndex === -1) {
    result.problems.push("The file is empty. Its first row should name the columns, e.g. first_name, last_name, address, city, state, zip.");
    return result;
  }

  const header = records[headerIndex]!;
  const taken = new Set<CsvField>();
  result.columns = header.map((raw) => {
    const field = fieldForHeader(raw);
    // A second column for the same field (say "Zip" and "Postal code") is ignored, not merged.
    if (!field || taken.has(field)) return { header: raw.trim(), field: null };
    taken.add(field);
    return { header: raw.trim(), field };
  });
  if (taken.size === 0) {
    result.problems.push("The first row doesn't name any recipient field. Use headers such as first_name, last_name, address, city, state and zip.");
    return result;
  }
  const missing = CSV_REQUIRED_FIELDS.filter((field) => !taken.has(field));
  if (missing.length > 0) {
    result.problems.push(`The file has no ${missing.map(fieldLabel).join(", ")} column${missing.length === 1 ? "" : "s"}; every recipient needs one.`);
  }

  const quoteErrors = new Map<number, string>();
  for (const error of parsed.errors) {
    if (error.type === "Quotes" && error.row !== undefined && !quoteErrors.has(error.row)) {
      quoteErrors.set(error.row, "A quoted value is not closed, so the row can't be read.");
    }
  }

  const firstRowOfInternalId = new Map<string, number>();
  records.forEach((record, index) => {
    if (index <= headerIndex || isBlank(record)) return;
    const row = index + 1;
    const values: Partial<Record<CsvField, string>> = {};
    result.columns.forEach((column, i) => {
      const value = record[i]?.trim();
      if (column.field && value) values[column.field] = value;
    });
    const messages: string[] = [];
    const quoteError = quoteErrors.get(index);
    if (quoteError) messages.push(quoteError);
    if (record.length > header.length && record.slice(header.length).some((value) => value.trim() !== "")) {
      messages.push(`The row has ${record.length} values but the header names ${header.length} columns. Put values that contain commas in double quotes.`);
    }
    const checked = recipientSchema.safeParse(values);
    // Checked on the raw value, so a repeat is caught even when the first row has other errors.
    const internalId = values.internal_id;
    const firstRow = internalId !== undefined ? firstRowOfInternalId.get(internalId) : undefined;
    if (firstRow !== undefined) messages.push(`The internal id appears more than once in this file (first on row ${firstRow}).`);
    else if (internalId !== undefined) firstRowOfInternalId.set(internalId, row);
    if (checked.success) {
      if (messages.length === 0) result.recipients.push(checked.data);
    } else {
      // In the file's column order, so the messages read left to right like the row.
      const errors = Object.entries(zodFieldErrors(checked.error));
      const position = (key: string) => {
        const i = result.columns.findIndex((column) => column.field === key);
        return i === -1 ? result.columns.length : i;
      };
      errors.sort(([a], [b]) => position(a) - position(b));
      messages.push(...errors.flatMap(([, list]) => list));
    }
    result.rows.push({ row, values, errors: messages.map((message) => `Row ${row}: ${message}`) });
  });

  if (result.rows.length === 0) result.problems.push("The file has a header row but no recipients below it.");
  if (result.rows.length > MAX_RECIPIENTS_PER_REQUEST) {
    result.problems.push(`The file has ${result.rows.length.toLocaleString("en-US")} recipients; import at most ${MAX_RECIPIENTS_PER_REQUEST.toLocaleString("en-US")} at a time.`);
  }
  result.isValid = result.problems.length === 0 && result.rows.every((row) => row.errors.length === 0);
  return result;
}

function isBlank(record: string[]): boolean {
  return record.every((value) => value.trim() === "");
}
