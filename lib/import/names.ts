import type { ContactJson } from "@/lib/contacts/response";
import type { FieldErrors } from "@/lib/errors";
import { splitPersonName, type ImportRow } from "./rows";

/* People's names as an import reads them: a full name split, whether two names are two people, what a nameless row lacks. */

export const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

export const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** A row without a first and a last name takes both from its full name (the last word is the last name). */
export function splitFullName(row: ImportRow): void {
  if (text(row.input.first_name) !== "" || text(row.input.last_name) !== "" || !row.fullName) return;
  const words = row.fullName.trim().split(/\s+/);
  if (words.length < 2) return;
  // A full name that is the company or an email address is no person's name.
  if (row.fullName.includes("@") || sameName(row.fullName, text(row.input.company))) return;
  const { first, last } = splitPersonName(row.fullName);
  row.input.first_name = first;
  row.input.last_name = last;
}

/** How a row is called: its name as it will be stored, else the best the file gives. */
export function rowName(row: ImportRow): string {
  const name = [text(row.input.first_name), text(row.input.last_name)].filter(Boolean).join(" ");
  return name || row.fullName || text(row.input.company) || text(row.input.email) || text(row.input.phone) || `Row ${row.row}`;
}

export const contactName = (json: ContactJson) => [json.first_name, json.last_name].filter(Boolean).join(" ");

export type Person = { first: string; last: string };


/**
 * Whether two names are two people: different last names, or first names neither of which
 * begins the other ("Ann" and "Annie" may be one person, "Carlos" and "Elena" are two). A side
 * without a name (an email-only row) is nobody else.
 */
export function isOtherPerson(a: Person, b: Person): boolean {
  if (a.last !== "" && b.last !== "" && !sameName(a.last, b.last)) return true;
  const [x, y] = [a.first.toLowerCase(), b.first.toLowerCase()];
  return x !== "" && y !== "" && !x.startsWith(y) && !y.startsWith(x);
}

/** What a row lacks to be a contact, said plainly. */
export function missingNameErrors(row: ImportRow): FieldErrors | null {
  const first = text(row.input.first_name);
  const last = text(row.input.last_name);
  if (first !== "" && last !== "") return null;
  const company = text(row.input.company);
  const single = first || last || (row.fullName && row.fullName.trim().split(/\s+/).length === 1 ? row.fullName.trim() : "");
  let message: string;
  if (single) message = `Only one name ("${single}"): a contact needs a first and a last name.`;
  else if (company) message = `Only a company ("${company}"): a contact needs a first and a last name.`;
  else message = "No name: a contact needs a first and a last name.";
  return first === "" ? { first_name: [message] } : { last_name: [message] };
}
