import type { ContactWithFamily } from "@/lib/contacts/mapper";
import { toContactJson } from "@/lib/contacts/mapper";
import type { ChildInput, UpdateContactInput } from "@/lib/contacts/schema";
import { SUBMITTED_FIELDS, type AddressSubmissionInput, type SubmittedField } from "./schema";

/** A submission as kept: every field the public form asks for, unset ones null. */
export type SubmittedContact = { [F in SubmittedField]: Exclude<AddressSubmissionInput[F], undefined> } & { children: ChildInput[] };

/** The stored (or just validated) fields, every one present: what the owner is shown. */
export function toSubmittedContact(data: Record<string, unknown>): SubmittedContact {
  const fields: Record<string, unknown> = {};
  for (const name of SUBMITTED_FIELDS) fields[name] = data[name] ?? null;
  const children = Array.isArray(data.children) ? (data.children as ChildInput[]) : [];
  fields.children = children.map((child) => ({
    first_name: child.first_name,
    birth_month: child.birth_month ?? null,
    birth_day: child.birth_day ?? null,
    birth_year: child.birth_year ?? null,
  }));
  return fields as SubmittedContact;
}

/**
 * The parts a contact may take from a submission, each filled whole and only where the contact
 * has none of its fields: a street from one address beside the ZIP of another, or a birth day
 * beside another date's month, would mail cards to nowhere or on the wrong day. The names are
 * never changed. The country comes with an address even if the contact had one (it defaults).
 */
const PARTS: { fields: SubmittedField[]; emptyWhen: SubmittedField[] }[] = [
  { fields: ["email"], emptyWhen: ["email"] },
  { fields: ["address", "apt", "city", "state", "zip", "country"], emptyWhen: ["address", "apt", "city", "state", "zip"] },
  { fields: ["spouse_first_name", "spouse_last_name"], emptyWhen: ["spouse_first_name", "spouse_last_name"] },
  { fields: ["birth_month", "birth_day", "birth_year"], emptyWhen: ["birth_month", "birth_day", "birth_year"] },
  { fields: ["anniversary_month", "anniversary_day", "anniversary_year"], emptyWhen: ["anniversary_month", "anniversary_day", "anniversary_year"] },
  { fields: ["spouse_birth_month", "spouse_birth_day", "spouse_birth_year"], emptyWhen: ["spouse_birth_month", "spouse_birth_day", "spouse_birth_year"] },
];

/** What accepting the submission would write into the contact, by Contact field; {} changes nothing. */
export function contactFills(contact: ContactWithFamily, submitted: SubmittedContact): UpdateContactInput {
  const current = toContactJson(contact) as unknown as Record<string, unknown>;
  const fills: Record<string, unknown> = {};
  for (const part of PARTS) {
    if (part.emptyWhen.some((field) => current[field] !== null)) continue;
    for (const field of part.fields) if (submitted[field] !== null) fills[field] = submitted[field];
  }
  if (contact.children.length === 0 && submitted.children.length > 0) fills.children = submitted.children;
  return fills as UpdateContactInput;
}
