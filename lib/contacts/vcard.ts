import type { ContactJson } from "./response";

/*
 * A contact as a vCard 3.0 (RFC 2426), as the export writes it. Written here rather than with
 * a library: the maintained ones write vCard 4.0 only, and the old 3.0 writers don't escape
 * structured values. What calendar and address book apps read:
 *
 * - N, FN, ORG, EMAIL, TEL, ADR (the apartment as the extended address), NOTE, UID (the uuid,
 *   which an import matches to update the contact).
 * - BDAY as YYYY-MM-DD, or --MMDD when the year is unknown (ISO 8601's form without a year,
 *   as vCard 4.0 writes it; an import reads both).
 * - The anniversary as X-ANNIVERSARY (3.0 has no ANNIVERSARY), in the same form.
 * - The spouse and children as X-ABRELATEDNAMES with Apple's labels, each in its own group
 *   (`item1.`), which Apple Contacts shows as related names and others keep.
 * - What only Cardmail keeps, as X-CARDMAIL-* properties so that the file imports back whole:
 *   X-CARDMAIL-INTERNAL-ID, X-CARDMAIL-SPOUSE (last;first;middle;prefix, as N),
 *   X-CARDMAIL-SPOUSE-BIRTHDAY, X-CARDMAIL-CHILD (name;birthday) and X-CARDMAIL-PET
 *   (name;kind;birthday), one a child or pet. Other programs keep or ignore them.
 *
 * Text is escaped as the RFC says (backslash, comma, semicolon, newline), lines end in CRLF and
 * are folded at 75 octets without splitting a UTF-8 character.
 */

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

/** A text value with `\`, `,`, `;` and newlines escaped (RFC 2426 4. "text"). */
export function escapeVcardText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/,/g, "\\,")
    .replace(/;/g, "\\;");
}

/** A content line folded to 75 octets a line: CRLF and a space before each continuation. */
export function foldVcardLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  // The continuation's leading space counts toward its 75 octets.
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A month and day, with the year when known: YYYY-MM-DD or --MMDD; null without month and day. */
export function vcardDate(month: number | null, day: number | null, year: number | null): string | null {
  if (month === null || day === null) return null;
  return year === null ? `--${pad(month)}${pad(day)}` : `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
}

const joinName = (...parts: (string | null)[]) => parts.filter((part): part is string => !!part && part.trim() !== "").join(" ");

/** One contact as a vCard 3.0, CRLF line ends, the last line ended too. */
export function contactToVcard(contact: ContactJson): string {
  const lines: string[] = ["BEGIN:VCARD", "VERSION:3.0"];
  const text = (value: string | null) => escapeVcardText(value ?? "");
  const add = (name: string, value: string | null) => {
    if (value !== null && value !== "") lines.push(`${name}:${value}`);
  };

  lines.push(`N:${[contact.last_name, contact.first_name, contact.middle_name, contact.prefix, null].map(text).join(";")}`);
  lines.push(`FN:${text(joinName(contact.prefix, contact.first_name, contact.middle_name, contact.last_name))}`);
  if (contact.company) add("ORG", text(contact.company));
  if (contact.email) add("EMAIL;TYPE=INTERNET", text(contact.email));
  if (contact.phone) add("TEL;TYPE=VOICE", text(contact.phone));
  const address = [null, contact.apt, contact.address, contact.city, contact.state, contact.zip, contact.country];
  if (address.some((part) => part)) add("ADR;TYPE=HOME", address.map(text).join(";"));
  add("BDAY", vcardDate(contact.birth_month, contact.birth_day, contact.birth_year));
  add("X-ANNIVERSARY", vcardDate(contact.anniversary_month, contact.anniversary_day, contact.anniversary_year));

  let item = 0;
  const related = (name: string, label: string) => {
    item += 1;
    lines.push(`item${item}.X-ABRELATEDNAMES:${text(name)}`, `item${item}.X-ABLabel:_$!<${label}>!$_`);
  };
  const spouse = joinName(contact.spouse_prefix, contact.spouse_first_name, contact.spouse_middle_name, contact.spouse_last_name);
  if (spouse) related(spouse, "Spouse");
  for (const child of contact.children) related(child.first_name, "Child");

  if (contact.notes) add("NOTE", text(contact.notes));
  add("X-CARDMAIL-INTERNAL-ID", contact.internal_id === null ? null : text(contact.internal_id));
  const spouseParts = [contact.spouse_last_name, contact.spouse_first_name, contact.spouse_middle_name, contact.spouse_prefix];
  if (spouseParts.some((part) => part)) add("X-CARDMAIL-SPOUSE", spouseParts.map(text).join(";"));
  add("X-CARDMAIL-SPOUSE-BIRTHDAY", vcardDate(contact.spouse_birth_month, contact.spouse_birth_day, contact.spouse_birth_year));
  for (const child of contact.children) add("X-CARDMAIL-CHILD", [text(child.first_name), vcardDate(child.birth_month, child.birth_day, child.birth_year) ?? ""].join(";"));
  for (const pet of contact.pets) add("X-CARDMAIL-PET", [text(pet.name), text(pet.secondary_type), vcardDate(pet.birth_month, pet.birth_day, pet.birth_year) ?? ""].join(";"));
  add("UID", contact.uuid);
  lines.push("END:VCARD");
  return lines.map(foldVcardLine).join(CRLF) + CRLF;
}
