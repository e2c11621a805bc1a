import "server-only";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { execute, inBatches, type Database } from "@/db/client";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { replaceFamilies } from "./family";
import { CONTACT_FIELDS, CONTACT_FIELD_NAMES, type ContactFieldName } from "./fields";
import type { CreateContactInput } from "./schema";

export type UpsertContactsResult = {
  /** The contact each input created or updated, in the inputs' order. */
  contactIds: string[];
  created: number;
  updated: number;
};

export type UpsertContactsOptions = {
  /**
   * Values written for a field sent as null or left out. A contact updated keeps its own value
   * of a field left out; one sent as null is set to the default.
   */
  defaults?: Partial<Record<ContactFieldName, string | number>>;
};

// The field names are the columns' SQL names (fields.test.ts holds them equal).
const UPDATED_FIELDS = CONTACT_FIELD_NAMES.filter((name) => name !== "internal_id");
const columnList = sql.raw(CONTACT_FIELD_NAMES.join(", "));
const recordDefinition = sql.raw(["id uuid", ...CONTACT_FIELD_NAMES.map((name) => `${name} ${CONTACT_FIELDS[name].sqlType}`)].join(", "));
// A field the input left out keeps the contact's value; one sent as null clears it.
const sentValue = (name: string) => `case when r.sent ? '${name}' then r.${name} else c.${name} end`;
const sentAssignments = sql.raw([...UPDATED_FIELDS.map((name) => `${name} = ${sentValue(name)}`), "updated_at = now()"].join(",\n"));
// A contact sent again as it is (a CRM's nightly sync) is left alone: no new row version in
// every index, no new updated_at, and the book's version (feeds, caches) unchanged.
const sentChangesSomething = sql.raw(
  `(${UPDATED_FIELDS.map((name) => `c.${name}`).join(", ")}) is distinct from (${UPDATED_FIELDS.map(sentValue).join(", ")})`,
);

const updatedAssignments = sql.raw([...CONTACT_FIELD_NAMES.map((name) => `${name} = r.${name}`), "updated_at = now()"].join(", "));

type ContactPayload = { id: string } & Partial<Record<ContactFieldName, string | number | null>>;
type PlannedContact = { input: CreateContactInput; contactId: string; isNew: boolean };

/**
 * Creates or updates many of the user's contacts at once: an input whose internal_id names one
 * of the user's contacts updates it (the fields it sends overwrite, the others stay; children
 * or pets, when sent, replace the contact's, an empty list clearing them), any other input
 * becomes a new contact. The internal_ids must be distinct. Call it inside the caller's
 * transaction, which holds the account's lock (lockAccountQuotas) as every writer of new
 * contacts does.
 *
 * Each contact row is written once: a contact's JSON and search text include its children and
 * pets, so the family is written before the contacts it belongs to (writingFamilyFirst) rather
 * than after, which made the family's triggers write every such contact a second time.
 *
 * The same number of SQL statements whatever the number of inputs (on PGlite, per batch of
 * inputs: inBatches): every set of rows travels as a single jsonb parameter.
 */
export async function upsertContacts(ctx: ServiceContext, inputs: readonly CreateContactInput[], options: UpsertContactsOptions = {}): Promise<UpsertContactsResult> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const defaults = options.defaults ?? {};
  const existing = await lockContactsByInternalId(
    db,
    userId,
    inputs.flatMap((input) => (input.internal_id != null ? [input.internal_id] : [])),
  );
  const updates: PlannedContact[] = [];
  const created: PlannedContact[] = [];
  const planned = inputs.map((input) => {
    const existingId = input.internal_id != null ? existing.get(input.internal_id) : undefined;
    const contact: PlannedContact = { input, contactId: existingId ?? crypto.randomUUID(), isNew: !existingId };
    (existingId ? updates : created).push(contact);
    return contact;
  });
  const [createdWithFamily, createdAlone] = partition(created, ({ input }) => (input.children?.length ?? 0) > 0 || (input.pets?.length ?? 0) > 0);

  await inBatches(db, createdAlone, (batch) => insertContactRows(db, userId, batch, defaults));
  // On PGlite a batch at a time, each with its families: the family's references are checked at
  // the end of each batch, not all at once.
  await inBatches(db, [...updates, ...createdWithFamily], async (batch) => {
    const [batchUpdates, batchCreated] = partition(batch, ({ isNew }) => !isNew);
    const familyWrites = [...batchUpdates.filter(({ input }) => input.children !== undefined || input.pets !== undefined), ...batchCreated];
    const writeTheRest = async () => {
      await replaceFamilies(
        db,
        userId,
        familyWrites.map(({ input, contactId, isNew }) => ({ contactId, isNew, children: input.children, pets: input.pets })),
      );
      if (batchUpdates.length > 0) await updateSentFields(db, userId, batchUpdates, defaults);
      if (batchCreated.length > 0) await insertContactRows(db, userId, batchCreated, defaults);
    };
    if (familyWrites.length > 0) await writingFamilyFirst(db, writeTheRest);
    else await writeTheRest();
    return [];
  });
  return { contactIds: planned.map(({ contactId }) => contactId), created: created.length, updated: updates.length };
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

function payloadOf({ input, contactId }: PlannedContact, defaults: NonNullable<UpsertContactsOptions["defaults"]>): ContactPayload {
  const row: ContactPayload = { id: contactId };
  for (const name of CONTACT_FIELD_NAMES) row[name] = input[name] ?? defaults[name] ?? null;
  return row;
}

/**
 * The user's contacts with these internal_ids, locked in internal_id order so that two writers
 * touching the same contacts lock them in the same order (no deadlock).
 */
async function lockContactsByInternalId(db: Database, userId: number, internalIds: string[]): Promise<Map<string, string>> {
  // A batch at a time on PGlite (inBatches), whose single thread must answer other requests between them.
  const sorted = [...internalIds].sort();
  const rows = await inBatches(db, sorted, (batch) =>
    execute<{ id: string; internal_id: string }>(
      db,
      sql`select id, internal_id from ${contacts}
          where user_id = ${userId}::int and internal_id in (select value from jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb))
          order by internal_id for update`,
    ),
  );
  return new Map(rows.map((row) => [row.internal_id, row.id]));
}

/**
 * Runs write (the family's statements, then the contacts they belong to) with the family's
 * triggers leaving the contact rows to the writer, and the family's references to contacts
 * checked once the contacts exist (migration 0030).
 */
async function writingFamilyFirst(db: Database, write: () => Promise<void>): Promise<void> {
  const familyReferences = sql.raw("contact_children_contact_id_contacts_id_fk, contact_pets_contact_id_contacts_id_fk");
  await execute(db, sql`select set_config('cardmail.family_written_first', 'on', true)`);
  await execute(db, sql`set constraints ${familyReferences} deferred`);
  await write();
  await execute(db, sql`select set_config('cardmail.family_written_first', 'off', true)`);
  await execute(db, sql`set constraints ${familyReferences} immediate`);
}

/**
 * New contacts, with the ids planned for them. Another writer that took one of their
 * internal_ids since they were looked up (a contact renumbered beside this write) makes the
 * whole write a conflict, to be sent again, rather than an update of a contact it never saw.
 */
async function insertContactRows(
  db: Database,
  userId: number,
  batch: PlannedContact[],
  defaults: NonNullable<UpsertContactsOptions["defaults"]>,
): Promise<string[]> {
  const rows = batch.map((contact) => payloadOf(contact, defaults));
  const inserted = await execute<{ id: string }>(
    db,
    sql`insert into ${contacts} (id, user_id, ${columnList})
        select id, ${userId}::int, ${columnList}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${recordDefinition})
        order by internal_id nulls last
        on conflict (user_id, internal_id) do nothing
        returning id`,
  );
  if (inserted.length < rows.length) {
    throw new AppError("conflict", "The address book changed while these contacts were written: another change took one of their internal ids. Send them again.");
  }
  return inserted.map((row) => row.id);
}

/**
 * Existing contacts (locked by lockContactsByInternalId): the fields each input sent overwrite;
 * a contact whose fields and family would stay as they are is not written.
 */
async function updateSentFields(
  db: Database,
  userId: number,
  batch: PlannedContact[],
  defaults: NonNullable<UpsertContactsOptions["defaults"]>,
): Promise<string[]> {
  const rows = batch.map((contact) => ({
    ...payloadOf(contact, defaults),
    sent: CONTACT_FIELD_NAMES.filter((name) => contact.input[name] !== undefined),
    // Its children or pets were just written: its JSON and search text must follow them.
    family_sent: contact.input.children !== undefined || contact.input.pets !== undefined,
  }));
  await execute(
    db,
    sql`update ${contacts} as c set ${sentAssignments}
        from (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${recordDefinition}, sent jsonb, family_sent boolean) order by id) as r
        where c.id = r.id and c.user_id = ${userId}::int and (r.family_sent or ${sentChangesSomething})`,
  );
  return [];
}

/**
 * Children and pets of the inputs that sent them replace the contact's (an empty list clears
 * them), keeping the rows of the same people (lib/contacts/family.ts); inputs that left them out
 * keep theirs.
 */
export async function replaceFamily(db: Database, userId: number, resolved: { input: CreateContactInput; contactId: string }[]): Promise<void> {
  await replaceFamilies(
    db,
    userId,
    resolved.map(({ input, contactId }) => ({ contactId, children: input.children, pets: input.pets })),
  );
}

/**
 * Overwrites the user's contacts named by id with the rows' fields, every field (a caller that
 * changes a few merges the others in first), with one UPDATE (a batch at a time on PGlite:
 * inBatches). In id order, so two writers touching the same contacts lock them in the same order.
 */
export async function updateContactRows(db: Database, userId: number, rows: readonly ({ id: string } & Record<string, unknown>)[]): Promise<void> {
  await inBatches(db, rows, (batch) =>
    execute(
      db,
      sql`update ${contacts} as c set ${updatedAssignments}
          from (select * from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${recordDefinition}) order by id) as r
          where c.id = r.id and c.user_id = ${userId}`,
    ),
  );
}
