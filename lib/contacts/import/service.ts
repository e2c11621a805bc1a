import "server-only";
import { sql } from "drizzle-orm";
import { execute, inBatches, type Database } from "@/db/client";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { AppError, type FieldErrors } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { eventLoopPacer } from "@/lib/pace";
import { lockAccountQuotas } from "@/lib/quotas";
import { analyzeAfterBulkWrite } from "../jobs/analyze-after-bulk-write";
import { checkInput } from "@/lib/validation";
import { CONTACT_FIELD_NAMES, type ContactFieldName } from "../fields";
import type { ContactJson } from "../response";
import { createContactSchema, updateContactSchema, type CreateContactInput, type UpdateContactInput } from "../schema";
import { assertContactsQuota } from "../service";
import { replaceFamily, updateContactRows, upsertContacts } from "../upsert";
import { readContactsCsv } from "./csv";
import { IMPORT_MAX_CONTACTS } from "./schema";
import type { ImportRow } from "./rows";
import { readContactsVcard } from "./vcard";

export type ImportFormat = "csv" | "vcard";

export type ImportCounts = { created: number; updated: number; unchanged: number };

type Existing = { id: string; internal_id: string | null; json: ContactJson };

type Planned =
  | { kind: "create"; row: number; input: CreateContactInput }
  | { kind: "update"; row: number; contact: Existing; input: UpdateContactInput }
  | { kind: "unchanged"; row: number };

/**
 * Imports an address book file: every row is checked with the contact schemas (an update with
 * the PATCH schema, a new contact with the create schema) and, when all are valid, the new
 * contacts are inserted and the changed ones updated in one transaction, with a fixed number of
 * statements whatever the number of rows (on PGlite, per batch of rows: inBatches). A row whose
 * uuid or internal_id names one of the user's contacts updates it (the columns the file has
 * overwrite, the others stay); any other row creates a contact. Any invalid row is a 422 with `rows.<n>.<field>` messages and nothing
 * is saved; a dry run stops before the transaction.
 */
export async function importContacts(ctx: ServiceContext, format: ImportFormat, content: string, options: { dryRun: boolean }): Promise<ImportCounts> {
  const file = format === "csv" ? await readContactsCsv(content) : await readContactsVcard(content);
  if (file.problems.length > 0) throw new AppError("validation", file.problems[0]!, { errors: { file: file.problems } });
  const { rows } = file;
  if (file.count === 0) throw new AppError("validation", "The file has no contacts in it.", { errors: { file: ["The file has no contacts in it."] } });
  if (file.count > IMPORT_MAX_CONTACTS) {
    const message = `The file has ${file.count.toLocaleString("en-US")} contacts; import at most ${IMPORT_MAX_CONTACTS.toLocaleString("en-US")} at a time.`;
    throw new AppError("validation", message, { errors: { file: [message] } });
  }

  const existing = await findExisting(ctx.db, ctx.user.id, rows);
  const { planned, errors } = await planRows(rows, existing, format);
  const errorKeys = Object.keys(errors);
  if (errorKeys.length > 0) {
    const first = errorKeys[0]!;
    const count = Object.values(errors).flat().length;
    const row = first.split(".")[1];
    const message = `Row ${row}: ${errors[first]![0]}${count > 1 ? ` (and ${count - 1} more error${count === 2 ? "" : "s"})` : ""}`;
    throw new AppError("validation", message, { errors });
  }

  const creates = planned.filter((p) => p.kind === "create");
  const updates = planned.filter((p) => p.kind === "update");
  const counts = { created: creates.length, updated: updates.length, unchanged: planned.length - creates.length - updates.length };
  if (options.dryRun) return counts;

  await ctx.db.transaction(async (tx) => {
    await lockAccountQuotas(tx, ctx.user.id);
    if (updates.length > 0) await updateContacts(tx, ctx.user.id, updates);
    if (creates.length > 0) {
      await upsertContacts({ db: tx, user: ctx.user }, creates.map((c) => c.input));
      await assertContactsQuota(tx, ctx.user.id, "file");
    }
  });
  // A book that grew (or changed) by thousands keeps its indexes in the planner's eyes.
  await analyzeAfterBulkWrite(creates.length + updates.length);
  return counts;
}

/** The user's contacts the rows name by uuid or internal_id, in one statement (per batch on PGlite: inBatches). */
async function findExisting(db: Database, userId: number, rows: ImportRow[]): Promise<{ byId: Map<string, Existing>; byInternalId: Map<string, Existing> }> {
  const ids = [...new Set(rows.map((r) => r.uuid).filter((uuid): uuid is string => uuid !== null && isUuid(uuid)).map((uuid) => uuid.toLowerCase()))];
  const internalIds = [...new Set(rows.map((r) => internalIdOf(r)).filter((id): id is string => id !== null))];
  const keys = [...ids.map((id) => ({ id })), ...internalIds.map((internalId) => ({ internalId }))];
  const found = await inBatches(db, keys, (batch) =>
    execute<{ id: string; internal_id: string | null; api_json: string }>(
      db,
      sql`select id, internal_id, api_json from ${contacts}
          where user_id = ${userId}
            and (id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(batch.flatMap((key) => ("id" in key ? [key.id] : [])))}::jsonb))
              or internal_id in (select value from jsonb_array_elements_text(${JSON.stringify(batch.flatMap((key) => ("internalId" in key ? [key.internalId] : [])))}::jsonb)))`,
    ),
  );
  const all = found.map((row) => ({ id: row.id, internal_id: row.internal_id, json: JSON.parse(row.api_json) as ContactJson }));
  return {
    byId: new Map(all.map((c) => [c.id, c])),
    byInternalId: new Map(all.filter((c) => c.internal_id !== null).map((c) => [c.internal_id!, c])),
  };
}

function internalIdOf(row: ImportRow): string | null {
  const value = row.input.internal_id;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Names-only spouse and children (vCard, Google, Outlook) against the contact they update: a
 * spouse of the same name keeps its parts, a child of the same name keeps its birthday.
 */
function resolveFamilyNames(row: ImportRow, contact: Existing | undefined): Record<string, unknown> {
  const input = { ...row.input };
  const json = contact?.json;
  if (row.spouseName !== undefined && json) {
    const current = [json.spouse_first_name, json.spouse_middle_name, json.spouse_last_name].filter(Boolean).join(" ");
    const short = [json.spouse_first_name, json.spouse_last_name].filter(Boolean).join(" ");
    if (sameName(current, row.spouseName) || sameName(short, row.spouseName)) {
      delete input.spouse_first_name;
      delete input.spouse_last_name;
    }
  }
  if (row.childNames !== undefined && input.children === undefined) {
    const known = json?.children ?? [];
    input.children = row.childNames.map((name) => known.find((child) => sameName(child.first_name, name)) ?? { first_name: name });
  }
  return input;
}

/** Checks every row against the contact schemas, pausing for other requests between rows. */
async function planRows(
  rows: ImportRow[],
  existing: { byId: Map<string, Existing>; byInternalId: Map<string, Existing> },
  format: ImportFormat,
): Promise<{ planned: Planned[]; errors: FieldErrors }> {
  const pacer = eventLoopPacer();
  const errors: FieldErrors = {};
  const add = (row: number, field: string, messages: string[]) => (errors[`rows.${row}.${field}`] ??= []).push(...messages);
  const firstRowOfInternalId = new Map<string, number>();
  const firstRowOfContact = new Map<string, number>();
  const planned: Planned[] = [];

  for (const row of rows) {
    if (pacer.isDue()) await pacer.pause();
    for (const [field, messages] of Object.entries(row.errors)) add(row.row, field, messages);
    // Our CSV's uuid column must hold a uuid; a vCard's UID is often another program's own id.
    if (format === "csv" && row.uuid !== null && !isUuid(row.uuid)) add(row.row, "uuid", ["The uuid field must be a valid UUID."]);

    const internalId = internalIdOf(row);
    if (internalId !== null) {
      const firstRow = firstRowOfInternalId.get(internalId);
      if (firstRow !== undefined) add(row.row, "internal_id", [`The internal id appears more than once in this file (first on row ${firstRow}).`]);
      else firstRowOfInternalId.set(internalId, row.row);
    }
    const byUuid = row.uuid !== null && isUuid(row.uuid) ? existing.byId.get(row.uuid.toLowerCase()) : undefined;
    const contact = byUuid ?? (internalId !== null ? existing.byInternalId.get(internalId) : undefined);
    if (contact) {
      const firstRow = firstRowOfContact.get(contact.id);
      if (firstRow !== undefined) add(row.row, byUuid ? "uuid" : "internal_id", [`This contact is already in the file on row ${firstRow}.`]);
      else firstRowOfContact.set(contact.id, row.row);
      const owner = internalId !== null ? existing.byInternalId.get(internalId) : undefined;
      if (owner && owner.id !== contact.id) add(row.row, "internal_id", ["The internal id has already been taken."]);
    }

    const input = resolveFamilyNames(row, contact);
    const checked = contact ? checkInput(updateContactSchema, input) : checkInput(createContactSchema, input);
    if (!checked.ok) {
      for (const [field, messages] of Object.entries(checked.errors)) add(row.row, field, messages);
      continue;
    }
    if (!contact) planned.push({ kind: "create", row: row.row, input: checked.data as CreateContactInput });
    else if (changes(contact.json, checked.data)) planned.push({ kind: "update", row: row.row, contact, input: checked.data });
    else planned.push({ kind: "unchanged", row: row.row });
  }
  return { planned, errors };
}

const childKeys = ["first_name", "birth_month", "birth_day", "birth_year"] as const;
const petKeys = ["name", "secondary_type", "birth_month", "birth_day", "birth_year"] as const;
const normalizeList = (list: readonly object[] | null | undefined, keys: readonly string[]) =>
  JSON.stringify((list ?? []).map((item) => keys.map((key) => (item as Record<string, unknown>)[key] ?? null)));

/** Whether an update would change anything the contact has. */
function changes(json: ContactJson, input: UpdateContactInput): boolean {
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
async function updateContacts(db: Database, userId: number, updates: Extract<Planned, { kind: "update" }>[]): Promise<void> {
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
