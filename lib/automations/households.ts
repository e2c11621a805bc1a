import { fillPlaceholders } from "@/lib/placeholders";
import type { OccurrenceRow } from "./occurrence-sql";
import { yearsSince, type PlaceholderValues } from "./occurrences";

/*
 * One card per household: occurrences of one kind on one date for contacts at one address
 * (occurrence-sql.ts's address_key: street, apt and ZIP, ignoring case, spacing and punctuation)
 * are one piece, addressed to all of them. The scheduler's orders, `upcoming` and the form's
 * preview all group occurrences here.
 */

/** "Ann", "Ann & Bo", "Ann, Bo & Cy". */
export function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} & ${names.at(-1)}`;
}

const distinct = (values: readonly string[]) => [...new Set(values.filter((v) => v !== ""))];

type Person = { firstName: string; lastName: string };

/**
 * The name a household's card is addressed to: "Carlos & Elena Martinez" when they share a last
 * name, "Carlos Martinez & Elena Ruiz" when not; one person's own name alone.
 */
export function householdName(people: readonly Person[]): string {
  const lastNames = distinct(people.map((p) => p.lastName));
  if (lastNames.length <= 1) return [joinNames(distinct(people.map((p) => p.firstName))), lastNames[0] ?? ""].filter((part) => part !== "").join(" ");
  return joinNames(distinct(people.map((p) => `${p.firstName} ${p.lastName}`.trim())));
}

/** The occurrences grouped into pieces, in the order of each piece's first occurrence; without a full address, each is alone. */
export function groupHouseholds<R extends Pick<OccurrenceRow, "kind" | "event_date" | "address_key" | "has_address">>(rows: readonly R[]): R[][] {
  const pieces = new Map<string, R[]>();
  rows.forEach((row, i) => {
    const key = row.has_address ? `${row.kind}|${row.event_date}|${row.address_key}` : `alone|${i}`;
    const piece = pieces.get(key);
    if (piece) piece.push(row);
    else pieces.set(key, [row]);
  });
  return [...pieces.values()];
}

/** The contacts of a piece, each once, by first and last name: whom it is addressed to. */
function addressees(rows: readonly OccurrenceRow[]): Person[] {
  const byContact = new Map<string, Person>();
  for (const row of rows) byContact.set(row.contact_id, { firstName: row.contact_first_name, lastName: row.last_name });
  return [...byContact.values()].sort((a, b) => (a.firstName < b.firstName ? -1 : a.firstName > b.firstName ? 1 : a.lastName < b.lastName ? -1 : a.lastName > b.lastName ? 1 : 0));
}

/** Whom a piece is addressed to, and whether it is a household's: more than one contact. */
export function pieceAddressee(rows: readonly OccurrenceRow[]): { name: string; household: boolean } {
  const people = addressees(rows);
  return people.length <= 1 ? { name: rows[0]!.recipient_name, household: false } : { name: householdName(people), household: true };
}

/** Whose date a piece is for: "Carlos Martinez", or "Carlos Martinez & Elena Martinez". */
export const pieceWhose = (rows: readonly OccurrenceRow[]) => joinNames(distinct(rows.map((row) => row.name)));

/** One value shared by every occurrence of a piece (an age, the years married), or empty when they differ. */
const shared = (values: string[]) => (new Set(values).size === 1 ? values[0]! : "");

/**
 * A piece's placeholders: `{first_name}` all whose dates it is ("Carlos & Elena"), `{last_name}`
 * and `{contact_first_name}` of all its addressees; `{age}` and `{years}` when they all share it.
 */
export function pieceValues(rows: readonly OccurrenceRow[]): PlaceholderValues {
  const people = addressees(rows);
  const years = rows.map((row) => yearsSince(row.event_date, row.since_year));
  const anniversary = rows[0]!.kind === "anniversary";
  return {
    first_name: joinNames(distinct(rows.map((row) => row.first_name))),
    last_name: joinNames(distinct(people.map((p) => p.lastName))),
    contact_first_name: joinNames(distinct(people.map((p) => p.firstName))),
    age: anniversary ? "" : shared(years),
    years: anniversary ? shared(years) : "",
  };
}

/** The message of a piece (one occurrence, or a household's), its placeholders filled. */
export const pieceMessage = (template: string, rows: readonly OccurrenceRow[]) => fillPlaceholders(template, pieceValues(rows));
