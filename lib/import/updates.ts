import "server-only";
import type { Database } from "@/db/client";
import { CONTACT_FIELD_NAMES, type ContactFieldName } from "@/lib/contacts/fields";
import type { ContactJson } from "@/lib/contacts/response";
import type { CreateContactInput, UpdateContactInput } from "@/lib/contacts/schema";
import { replaceFamily, updateContactRows } from "@/lib/contacts/upsert";
import type { Existing } from "./existing";

/* What an import changes in the contacts it matched: whether a row changes anything, and the write. */

const childKeys = ["first_name", "birth_month", "birth_day", "birth_year"] as const;
const petKeys = ["name", "secondary_type", "birth_month", "birth_day", "birth_year"] as const;
const normalizeList = (list: readonly object[] | null | undefined, keys: readonly string[]) =>
  JSON.stringify((list ?? []).map((item) => keys.map((key) => (item as Record<string, unknown>)[key] ?? null)));

/** Whether an update would change anything the contact has. */
export function changes(json: ContactJson, input: UpdateContactInput): boolean {
  for (const name of CONTACT_FIELD_NAMES) {
    const value = input[name];
    if (value !== undefined && (value ?? null) !== (json[name] ?? null)) return true;
  }
  if (input.children !== undefined && normalizeList(input.children, childKeys) !== normalizeList(json.children, childKeys)) return true;
  if (input.pets !== undefined && normalizeList(input.pets, petKeys) !== normalizeList(json.pets, petKeys)) return true;
  return false;
}


/**
 * Writes every changed contact (updateContactRows), each row with its full set of fields (the
 * file's values over the contact's), then replaces the children and pets that changed.
 */
export async function updateContacts(db: Database, userId: number, updates: { contact: Existing; input: UpdateContactInput }[]): Promise<void> {
  const rows = updates.map(({ contact, input }) => {
    const row: { id: string } & Record<string, unknown> = { id: contact.id };
    for (const name of CONTACT_FIELD_NAMES) row[name] = input[name] !== undefined ? (input[name] ?? null) : (contact.json[name as ContactFieldName] ?? null);
    return row;
  });
  await updateContactRows(db, userId, rows);
  const family = updates
    .filter(({ contact, input }) => {
      const children = input.children !== undefined && normalizeList(input.children, childKeys) !== normalizeList(contact.json.children, childKeys);
      const pets = input.pets !== undefined && normalizeList(input.pets, petKeys) !== normalizeList(contact.json.pets, petKeys);
      return children || pets;
    })
    .map(({ contact, input }) => ({ contactId: contact.id, input: { children: input.children, pets: input.pets } as CreateContactInput }));
  if (family.length > 0) await replaceFamily(db, userId, family);
}
