import "server-only";
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import { contactChildren, contactPets, contacts, projectRecipients, projects } from "@/db/schema";
import { isUuid } from "@/lib/contacts/queries";
import type { ServiceContext } from "@/lib/context";
import { forbidden } from "@/lib/errors";
import { DEFAULT_COUNTRY, type AddRecipientsInput, type RecipientInput } from "./schema";
import { projectNotFound } from "./service";

export type AddRecipientsResult = { contactsCreated: number; contactsUpdated: number };

/** Contact columns a recipient can carry, with their SQL types (for jsonb_to_recordset). */
const CONTACT_COLUMNS = [
  ["internal_id", "text"],
  ["prefix", "text"],
  ["first_name", "text"],
  ["middle_name", "text"],
  ["last_name", "text"],
  ["company", "text"],
  ["email", "text"],
  ["phone", "text"],
  ["address", "text"],
  ["apt", "text"],
  ["city", "text"],
  ["state", "text"],
  ["zip", "text"],
  ["country", "text"],
  ["spouse_prefix", "text"],
  ["spouse_first_name", "text"],
  ["spouse_middle_name", "text"],
  ["spouse_last_name", "text"],
  ["birth_month", "smallint"],
  ["birth_day", "smallint"],
  ["birth_year", "integer"],
  ["anniversary_month", "smallint"],
  ["anniversary_day", "smallint"],
  ["anniversary_year", "integer"],
  ["spouse_birth_month", "smallint"],
  ["spouse_birth_day", "smallint"],
  ["spouse_birth_year", "integer"],
  ["notes", "text"],
] as const satisfies readonly (readonly [keyof RecipientInput, string])[];

type ContactColumn = (typeof CONTACT_COLUMNS)[number][0];

/** Required by the recipient schema, so always sent: an update always overwrites them. */
const ALWAYS_SENT = new Set<ContactColumn>(["first_name", "last_name", "address", "city", "state", "zip"]);

const columnList = sql.raw(CONTACT_COLUMNS.map(([name]) => name).join(", "));
const recordDefinition = sql.raw(["id uuid", ...CONTACT_COLUMNS.map(([name, type]) => `${name} ${type}`)].join(", "));
const updateAssignments = sql.raw(
  [
    ...CONTACT_COLUMNS.filter(([name]) => name !== "internal_id").map(([name]) =>
      ALWAYS_SENT.has(name)
        ? `${name} = excluded.${name}`
        : // A field the recipient left out keeps the contact's value; one sent as null clears it.
          `${name} = case when ((select m from sent) -> excluded.internal_id) ? '${name}' then excluded.${name} else contacts.${name} end`,
    ),
    "updated_at = now()",
  ].join(",\n"),
);

type ContactPayload = { id: string } & Partial<Record<ContactColumn, string | number | null>>;

/**
 * Adds recipients to one of the user's projects: a recipient whose internal_id names one of the
 * user's contacts updates that contact (the fields it sends overwrite, the others stay), any
 * other becomes a new contact; each contact then sits on the project once, with the recipient's
 * override message.
 *
 * Runs in one transaction with the same number of SQL statements whatever the number of
 * recipients: every set of rows travels as a single jsonb parameter.
 */
export async function addRecipients(ctx: ServiceContext, projectUuid: string, input: AddRecipientsInput): Promise<AddRecipientsResult> {
  if (!isUuid(projectUuid)) throw projectNotFound();
  return ctx.db.transaction(async (tx) => {
    const [project] = await tx.select({ id: projects.id, userId: projects.userId }).from(projects).where(eq(projects.id, projectUuid));
    if (!project) throw projectNotFound();
    if (project.userId !== ctx.user.id) throw forbidden("You do not have permission to update this project");

    const recipients = input.recipients.map((recipient) => ({ recipient, proposedId: crypto.randomUUID() }));
    const upserted = await upsertContacts(tx, ctx.user.id, recipients);

    // A recipient without internal_id can't conflict, so its contact has the id proposed for it.
    const contactIdByInternalId = new Map(upserted.filter((row) => row.internal_id !== null).map((row) => [row.internal_id!, row.id]));
    const created = upserted.filter((row) => row.inserted).length;
    const resolved = recipients.map(({ recipient, proposedId }) => ({
      recipient,
      contactId: recipient.internal_id != null ? contactIdByInternalId.get(recipient.internal_id)! : proposedId,
    }));

    await replaceFamily(tx, ctx.user.id, resolved);
    await execute(
      tx,
      sql`insert into ${projectRecipients} (project_id, contact_id, user_id, override_message)
          select ${project.id}::uuid, r.contact_id, ${ctx.user.id}::int, r.override_message
          from jsonb_to_recordset(${JSON.stringify(resolved.map(({ recipient, contactId }) => ({ contact_id: contactId, override_message: recipient.override_message ?? null })))}::jsonb)
            as r(contact_id uuid, override_message text)
          order by r.contact_id
          on conflict (project_id, contact_id) do update set override_message = excluded.override_message`,
    );
    await tx.update(projects).set({ updatedAt: sql`now()` }).where(eq(projects.id, project.id));
    return { contactsCreated: created, contactsUpdated: upserted.length - created };
  });
}

type UpsertedContact = { id: string; internal_id: string | null; inserted: boolean };

/**
 * One INSERT ... ON CONFLICT for all recipients. Rows are sorted by internal_id so that two
 * requests touching the same contacts lock them in the same order (no deadlock).
 */
async function upsertContacts(db: Database, userId: number, recipients: { recipient: RecipientInput; proposedId: string }[]): Promise<UpsertedContact[]> {
  const rows: ContactPayload[] = [];
  const sentByInternalId: Record<string, string[]> = {};
  for (const { recipient, proposedId } of recipients) {
    const row: ContactPayload = { id: proposedId };
    for (const [name] of CONTACT_COLUMNS) row[name] = (recipient[name] as string | number | null | undefined) ?? null;
    row.country = recipient.country ?? DEFAULT_COUNTRY;
    rows.push(row);
    if (recipient.internal_id != null) {
      sentByInternalId[recipient.internal_id] = CONTACT_COLUMNS.map(([name]) => name).filter((name) => recipient[name] !== undefined);
    }
  }
  const result = await execute<UpsertedContact>(
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
  return result;
}

/**
 * Children and pets of the recipients that sent them replace the contact's (an empty list
 * clears them); recipients that left them out keep theirs. Two statements per kind at most.
 */
async function replaceFamily(db: Database, userId: number, resolved: { recipient: RecipientInput; contactId: string }[]): Promise<void> {
  const withChildren = resolved.filter(({ recipient }) => recipient.children !== undefined);
  if (withChildren.length > 0) {
    await execute(
      db,
      sql`delete from ${contactChildren} where ${contactChildren.userId} = ${userId}
          and ${contactChildren.contactId} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(withChildren.map((r) => r.contactId))}::jsonb))`,
    );
    const children = withChildren.flatMap(({ recipient, contactId }) =>
      (recipient.children ?? []).map((child, position) => ({
        contact_id: contactId,
        position,
        first_name: child.first_name,
        birth_month: child.birth_month ?? null,
        birth_day: child.birth_day ?? null,
        birth_year: child.birth_year ?? null,
      })),
    );
    if (children.length > 0) {
      await execute(
        db,
        sql`insert into ${contactChildren} (contact_id, user_id, position, first_name, birth_month, birth_day, birth_year)
            select contact_id, ${userId}::int, position, first_name, birth_month, birth_day, birth_year
            from jsonb_to_recordset(${JSON.stringify(children)}::jsonb)
              as r(contact_id uuid, position smallint, first_name text, birth_month smallint, birth_day smallint, birth_year integer)`,
      );
    }
  }
  const withPets = resolved.filter(({ recipient }) => recipient.pets !== undefined);
  if (withPets.length > 0) {
    await execute(
      db,
      sql`delete from ${contactPets} where ${contactPets.userId} = ${userId}
          and ${contactPets.contactId} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(withPets.map((r) => r.contactId))}::jsonb))`,
    );
    const pets = withPets.flatMap(({ recipient, contactId }) =>
      (recipient.pets ?? []).map((pet, position) => ({
        contact_id: contactId,
        position,
        name: pet.name,
        secondary_type: pet.secondary_type ?? null,
        birth_month: pet.birth_month ?? null,
        birth_day: pet.birth_day ?? null,
        birth_year: pet.birth_year ?? null,
      })),
    );
    if (pets.length > 0) {
      await execute(
        db,
        sql`insert into ${contactPets} (contact_id, user_id, position, name, secondary_type, birth_month, birth_day, birth_year)
            select contact_id, ${userId}::int, position, name, secondary_type, birth_month, birth_day, birth_year
            from jsonb_to_recordset(${JSON.stringify(pets)}::jsonb)
              as r(contact_id uuid, position smallint, name text, secondary_type text, birth_month smallint, birth_day smallint, birth_year integer)`,
      );
    }
  }
}
