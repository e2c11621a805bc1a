import { and, asc, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { contactChildren, contactPets, contacts } from "@/db/schema";
import type { ContactWithFamily } from "./mapper";

/**
 * Every column of a contact but `api_json`, the stored JSON only the API list sends (and which,
 * returned by an insert, would not show the children and pets inserted after it).
 */
export const readColumns = { apiJson: false } as const;
const { apiJson: _apiJson, ...rowColumns } = getTableColumns(contacts);
/** `readColumns` for the select and returning builders. */
export const contactRowColumns = rowColumns;

/** The children and pets a contact is read with, in their order: the relational query's `with`. */
export const withFamily = {
  children: { columns: { firstName: true, birthMonth: true, birthDay: true, birthYear: true } as const, orderBy: [asc(contactChildren.position)] },
  pets: { columns: { name: true, secondaryType: true, birthMonth: true, birthDay: true, birthYear: true } as const, orderBy: [asc(contactPets.position)] },
};

/**
 * Contacts of one user with their children and pets, in one SQL statement (the relational
 * query nests them as JSON), ordered by last name, first name, uuid unless told otherwise.
 */
export async function findContactsWithFamily(
  db: Database,
  userId: number,
  options: { where?: SQL; orderBy?: SQL[]; limit?: number } = {},
): Promise<ContactWithFamily[]> {
  const rows = await db.query.contacts.findMany({
    columns: readColumns,
    where: and(eq(contacts.userId, userId), options.where),
    orderBy: options.orderBy ?? [asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id)],
    limit: options.limit,
    with: withFamily,
  });
  return rows;
}

export async function findContactWithFamily(db: Database, userId: number, contactId: string): Promise<ContactWithFamily | undefined> {
  const [row] = await findContactsWithFamily(db, userId, { where: eq(contacts.id, contactId), limit: 1 });
  return row;
}
