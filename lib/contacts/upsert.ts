import "server-only";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { execute, inBatches, type Database } from "@/db/client";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
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
const updateAssignments = sql.raw(
  [
    // A field the input left out keeps the contact's value; one sent as null clears it.
    ...UPDATED_FIELDS.map((name) => `${name} = case when ((select m from sent) -> excluded.internal_id) ? '${name}' then excluded.${name} else contacts.${name} end`),
    "updated_at = now()",
  ].join(",\n"),
);

const updatedAssignments = sql.raw([...CONTACT_FIELD_NAMES.map((name) => `${name} = r.${name}`), "updated_at = now()"].join(", "));

type ContactPayload = { id: string } & Partial<Record<ContactFieldName, string | number | null>>;
type UpsertedContact = { id: string; internal_id: string | null; inserted: boolean };

/**
 * Creates or updates many of the user's contacts at once: an input whose internal_id names one
 * of the user's contacts updates it (the fields it sends overwrite, the others stay; children
 * or pets, when sent, replace the contact's, an empty list clearing them), any other input
 * becomes a new contact. The internal_ids must be distinct (one statement can't write a row
 * twice). Call it inside the caller's transaction.
 *
 * The same number of SQL statements whatever the number of inputs (on PGlite, per batch of
 * inputs: inBatches): every set of rows travels as a single jsonb parameter.
 */
export async function upsertContacts(ctx: ServiceContext, inputs: readonly CreateContactInput[], options: UpsertContactsOptions = {}): Promise<UpsertContactsResult> {
  let created = 0;
  const proposed = inputs.map((input) => ({ input, proposedId: crypto.randomUUID() }));
  const contactIds = await inBatches(ctx.db, proposed, async (batch) => {
    const upserted = await upsertRows(ctx.db, ctx.user.id, batch, options.defaults ?? {});
    created += upserted.filter((row) => row.inserted).length;
    // An input without internal_id can't conflict, so its contact has the id proposed for it.
    const idByInternalId = new Map(upserted.filter((row) => row.internal_id !== null).map((row) => [row.internal_id!, row.id]));
    const resolved = batch.map(({ input, proposedId }) => ({
      input,
      contactId: input.internal_id != null ? idByInternalId.get(input.internal_id)! : proposedId,
    }));
    // Children and pets sent replace the contact's (keeping the rows of the same people); inputs
    // that left them out keep theirs.
    await replaceFamilies(
      ctx.db,
      ctx.user.id,
      resolved.map(({ input, contactId }) => ({ contactId, children: input.children, pets: input.pets })),
    );
    return resolved.map((r) => r.contactId);
  });
  return { contactIds, created, updated: inputs.length - created };
}

/**
 * One INSERT ... ON CONFLICT for all inputs. Rows are sorted by internal_id so that two
 * requests touching the same contacts lock them in the same order (no deadlock).
 */
async function upsertRows(
  db: Database,
  userId: number,
  proposed: { input: CreateContactInput; proposedId: string }[],
  defaults: NonNullable<UpsertContactsOptions["defaults"]>,
): Promise<UpsertedContact[]> {
  const rows: ContactPayload[] = [];
  const sentByInternalId: Record<string, string[]> = {};
  for (const { input, proposedId } of proposed) {
    const row: ContactPayload = { id: proposedId };
    for (const name of CONTACT_FIELD_NAMES) row[name] = input[name] ?? defaults[name] ?? null;
    rows.push(row);
    if (input.internal_id != null) sentByInternalId[input.internal_id] = CONTACT_FIELD_NAMES.filter((name) => input[name] !== undefined);
  }
  return execute<UpsertedContact>(
    db,
    sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${recordDefinition})
        ), sent as (
          select ${JSON.stringify(sentByInternalId)}::jsonb as m
        )
        insert into ${contacts} (id, user_id, ${columnList})
        select id, ${userId}::int, ${columnList} from input order by internal_id nulls last
        on conflict (user_id, internal_id) do update set ${updateAssignments}
        returning id, internal_id, (xmax = 0) as inserted`,
  );
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
