import type { SubmittedContact } from "./fills";

/*
 * A submission in words, for the review page: its name, address lines, dates and what
 * accepting it would fill. Plain functions, no database.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const value = (v: unknown) => (v === null || v === undefined || v === "" ? null : v);

/** "December 10, 1906", "December 10", or null without a month. */
export function dateWords(month: unknown, day: unknown, year: unknown): string | null {
  if (typeof month !== "number") return null;
  const parts = [MONTHS[month - 1], typeof day === "number" ? ` ${day}` : "", typeof year === "number" ? `, ${year}` : ""];
  return parts.join("");
}

export const submittedName = (s: SubmittedContact) => `${s.first_name} ${s.last_name}`;

/** The mailing address as printed on an envelope, one line each. */
export function addressLines(s: SubmittedContact): string[] {
  const cityLine = [value(s.city), [value(s.state), value(s.zip)].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [value(s.address), value(s.apt), cityLine || null, value(s.country)].filter((line): line is string => typeof line === "string");
}

/** Label and value of each other thing sent, left out when not sent. */
export function submittedDetails(s: SubmittedContact): { label: string; text: string }[] {
  const spouse = [value(s.spouse_first_name), value(s.spouse_last_name)].filter(Boolean).join(" ");
  const details = [
    { label: "Email", text: value(s.email) as string | null },
    { label: "Birthday", text: dateWords(s.birth_month, s.birth_day, s.birth_year) },
    { label: "Anniversary", text: dateWords(s.anniversary_month, s.anniversary_day, s.anniversary_year) },
    { label: "Spouse or partner", text: spouse || null },
    { label: "Spouse's birthday", text: dateWords(s.spouse_birth_month, s.spouse_birth_day, s.spouse_birth_year) },
    {
      label: "Children",
      text: s.children.length ? s.children.map((c) => [c.first_name, dateWords(c.birth_month, c.birth_day, c.birth_year)].filter(Boolean).join(", born ")).join("; ") : null,
    },
  ];
  return details.filter((d): d is { label: string; text: string } => d.text !== null);
}

const FILL_WORDS: Record<string, string> = {
  email: "email",
  address: "mailing address",
  apt: "mailing address",
  city: "mailing address",
  state: "mailing address",
  zip: "mailing address",
  country: "mailing address",
  spouse_first_name: "spouse's name",
  spouse_last_name: "spouse's name",
  birth_month: "birthday",
  birth_day: "birthday",
  birth_year: "birthday",
  anniversary_month: "anniversary",
  anniversary_day: "anniversary",
  anniversary_year: "anniversary",
  spouse_birth_month: "spouse's birthday",
  spouse_birth_day: "spouse's birthday",
  spouse_birth_year: "spouse's birthday",
  children: "children",
};

/** The parts accepting would fill, in words and once each: ["mailing address", "birthday"]. */
export function fillWords(fields: string[]): string[] {
  return [...new Set(fields.map((field) => FILL_WORDS[field] ?? field.replace(/_/g, " ")))];
}
