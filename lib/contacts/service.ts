import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { contactBookVersions, contactChildren, contactPets, contacts, type NewContactRow } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { fieldError, isUniqueViolation, notFound } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { assertWithinQuota, lockAccountQuotas } from "@/lib/quotas";
import { COLUMN_BY_FIELD, type ContactColumnName, type ContactFieldName } from "./fields";
import type { ContactWithFamily } from "./mapper";
import { contactRowColumns, findContactWithFamily } from "./queries";
import { replaceFamilies } from "./family";
import type { ChildInput, CreateContactInput, PetInput, UpdateContactInput } from "./schema";

// The list and its tuning live in ./list; re-exported for the callers that import them from here.
export { listContacts, listContactsJson, listContactsToAdd, type ContactTarget, type ContactToAdd } from "./list";
export type { ContactCursor, ContactPage, ListContactsInput, Page } from "./list";

const contactNotFound = () => notFound("Contact not found");

export async function getContactOrThrow(ctx: ServiceContext, contactId: string): Promise<ContactWithFamily> {
  if (!isUuid(contactId)) throw contactNotFound();
  const row = await findContactWithFamily(ctx.db, ctx.user.id, contactId);
  if (!row) throw contactNotFound();
  return row;
}

// Pick fails the build when the field list names a column the table lacks.
type ContactColumns = Partial<Pick<NewContactRow, ContactColumnName>>;

/** The columns of the fields that were sent; a field sent as null (or "") clears its column. */
function contactColumns(input: UpdateContactInput): ContactColumns {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN_BY_FIELD) as [ContactFieldName, ContactColumnName][]) {
    const value = input[field];
    if (value !== undefined) columns[column] = value ?? null;
  }
  return columns as ContactColumns;
}

const duplicateInternalId = () => fieldError("internal_id", "The internal id has already been taken.");

/** Runs a write, turning the per-user internal_id unique violation into a 422 on that field. */
async function guardInternalId<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "contacts_user_internal_id_key")) throw duplicateInternalId();
    throw error;
  }
}

async function insertFamily(
  tx: Database,
  userId: number,
  contactId: string,
  children: ChildInput[],
  pets: PetInput[],
): Promise<Pick<ContactWithFamily, "children" | "pets">> {
  const insertedChildren = children.length
    ? await tx
        .insert(contactChildren)
        .values(
          children.map((c, position) => ({
            contactId,
            userId,
            position,
            firstName: c.first_name,
            birthMonth: c.birth_month ?? null,
            birthDay: c.birth_day ?? null,
            birthYear: c.birth_year ?? null,
          })),
        )
        .returning()
    : [];
  const insertedPets = pets.length
    ? await tx
        .insert(contactPets)
        .values(
          pets.map((p, position) => ({
            contactId,
            userId,
            position,
            name: p.name,
            secondaryType: p.secondary_type ?? null,
            birthMonth: p.birth_month ?? null,
            birthDay: p.birth_day ?? null,
            birthYear: p.birth_year ?? null,
          })),
        )
        .returning()
    : [];
  const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;
  return {
    children: insertedChildren.sort(byPosition).map(({ firstName, birthMonth, birthDay, birthYear }) => ({ firstName, birthMonth, birthDay, birthYear })),
    pets: insertedPets.sort(byPosition).map(({ name, secondaryType, birthMonth, birthDay, birthYear }) => ({ name, secondaryType, birthMonth, birthDay, birthYear })),
  };
}

/** How many contacts the user's address book holds, as its statement triggers keep it (no count over the contacts). */
export async function countContacts(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ n: contactBookVersions.contactCount }).from(contactBookVersions).where(eq(contactBookVersions.userId, userId));
  return row?.n ?? 0;
}

/**
 * A 422 on `field` when the user's address book holds more contacts than its quota; call it in
 * the transaction that added them, under `lockAccountQuotas`, so that they roll back.
 */
export async function assertContactsQuota(db: Database, userId: number, field: string): Promise<void> {
  assertWithinQuota("contactsPerAccount", await countContacts(db, userId), field, (limit) => `An address book can hold at most ${limit} contacts.`);
}

/**
 * Creates a contact with its children and pets in one transaction; a duplicate internal_id is a
 * 422, and so is a full address book (on `contacts`).
 */
export async function createContact(ctx: ServiceContext, input: CreateContactInput): Promise<ContactWithFamily> {
  return guardInternalId(() =>
    ctx.db.transaction(async (tx) => {
      await lockAccountQuotas(tx, ctx.user.id);
      const [row] = await tx
        .insert(contacts)
        .values({ ...contactColumns(input), userId: ctx.user.id, firstName: input.first_name, lastName: input.last_name })
        .returning(contactRowColumns);
      await assertContactsQuota(tx, ctx.user.id, "contacts");
      const family = await insertFamily(tx, ctx.user.id, row!.id, input.children ?? [], input.pets ?? []);
      return { ...row!, ...family };
    }),
  );
}

/**
 * Partial update: only the fields sent change, null or "" clears a field, and children or
 * pets, when sent, replace the whole list. `updated_at` moves on every update.
 */
export async function updateContact(ctx: ServiceContext, contactId: string, input: UpdateContactInput): Promise<ContactWithFamily> {
  if (!isUuid(contactId)) throw contactNotFound();
  return guardInternalId(() =>
    ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(contacts)
        .set({ ...contactColumns(input), updatedAt: sql`now()` })
        .where(and(eq(contacts.id, contactId), eq(contacts.userId, ctx.user.id)))
        .returning({ id: contacts.id });
      if (!updated) throw contactNotFound();
      await replaceFamilies(tx, ctx.user.id, [{ contactId, children: input.children, pets: input.pets }]);
      const row = await findContactWithFamily(tx, ctx.user.id, contactId);
      return row!;
    }),
  );
}

/** Deletes the contact; its children, pets and group memberships go with it (foreign keys cascade). */
export async function deleteContact(ctx: ServiceContext, contactId: string): Promise<void> {
  if (!isUuid(contactId)) throw contactNotFound();
  const deleted = await ctx.db
    .delete(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, ctx.user.id)))
    .returning({ id: contacts.id });
  if (deleted.length === 0) throw contactNotFound();
}
