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
import { addContactsToGroup, createGroup, listGroups } from "@/lib/groups/service";
import { readContactsCsv } from "./csv";
import type { SlashedDateOrder } from "./dates";
import { IMPORT_MAX_CONTACTS } from "./schema";
import { splitPersonName, type ImportRow } from "./rows";
import { readContactsVcard } from "./vcard";

export type ImportFormat = "csv" | "vcard";

export type ImportCounts = { created: number; updated: number; unchanged: number };

export type ImportOptions = { dryRun: boolean; onInvalid?: "abort" | "skip"; dateOrder?: SlashedDateOrder | null };

export type MatchedBy = "uuid" | "internal_id" | "email" | "phone";
export type ImportWarning = "missing_address" | "possible_duplicate";
export type SkippedRow = { row: number; name: string; errors: FieldErrors };
export type ImportReviewRow = {
  row: number;
  action: "create" | "update" | "unchanged" | "skip";
  name: string;
  contact_uuid: string | null;
  contact_name: string | null;
  matched_by: MatchedBy | null;
  warnings: ImportWarning[];
};
export type ImportColumns = { mapped: { column: string; field: string }[]; unmapped: string[] };

export type ImportResult = ImportCounts & {
  skipped: SkippedRow[];
  date_order: SlashedDateOrder;
  date_order_matters: boolean;
  groups_created: string[];
  /** Dry run only: what each of the first REVIEW_ROWS rows would do, and the file's columns. */
  rows?: ImportReviewRow[];
  columns?: ImportColumns;
};

/** The dry run reviews this many rows; the counts cover them all. */
export const REVIEW_ROWS = 1000;

type Existing = { id: string; internal_id: string | null; json: ContactJson };

/**
 * What a row will do. Rows of the same person within the file (same email or phone) are
 * folded into the first one (`into`), filling only its empty fields.
 */
type Plan = {
  row: number;
  /** Validated create (no contact) or update input. */
  input: Record<string, unknown>;
  contact: Existing | null;
  matchedBy: MatchedBy | null;
  possibleDuplicate: boolean;
  groups: string[];
  into: Plan | null;
  /** Set once every row is planned. */
  action?: "create" | "update" | "unchanged";
};

type ExistingContacts = {
  byId: Map<string, Existing>;
  byInternalId: Map<string, Existing>;
  byEmail: Map<string, Existing[]>;
  byPhone: Map<string, Existing[]>;
};

/**
 * Imports an address book file: every row is checked with the contact schemas (an update with
 * the PATCH schema, a new contact with the create schema) and the new contacts are inserted, the
 * changed ones updated and the file's groups filled in one transaction, with a fixed number of
 * statements whatever the number of rows (on PGlite, per batch of rows: inBatches).
 *
 * A row whose uuid or internal_id names one of the user's contacts updates it (the columns the
 * file has overwrite, the others stay). Otherwise a row whose email (ignoring case) or phone
 * (its last 10 digits) is that of exactly one contact fills that contact's empty fields; one
 * that matches several is created and flagged as a possible duplicate. Later rows of the file
 * with the email or phone of an earlier one fill that one's empty fields. So importing the same
 * file twice creates nothing the second time.
 *
 * With `onInvalid: "abort"` any invalid row is a 422 with `rows.<n>.<field>` messages and
 * nothing is saved; with "skip" the valid rows are saved and the invalid ones listed. A dry run
 * stops before the transaction and answers what each row would do.
 */
export async function importContacts(ctx: ServiceContext, format: ImportFormat, content: string, options: ImportOptions): Promise<ImportResult> {
  const onInvalid = options.onInvalid ?? "abort";
  const csv = format === "csv" ? await readContactsCsv(content, { dateOrder: options.dateOrder ?? null }) : null;
  const file = csv ?? (await readContactsVcard(content));
  if (file.problems.length > 0) throw new AppError("validation", file.problems[0]!, { errors: { file: file.problems } });
  const { rows } = file;
  if (file.count === 0) throw new AppError("validation", "The file has no contacts in it.", { errors: { file: ["The file has no contacts in it."] } });
  if (file.count > IMPORT_MAX_CONTACTS) {
    const message = `The file has ${file.count.toLocaleString("en-US")} contacts; import at most ${IMPORT_MAX_CONTACTS.toLocaleString("en-US")} at a time.`;
    throw new AppError("validation", message, { errors: { file: [message] } });
  }
  for (const row of rows) splitFullName(row);

  const existing = await findExisting(ctx.db, ctx.user.id, rows);
  const { plans, errors, skipped } = await planRows(rows, existing, format);
  const errorKeys = Object.keys(errors);
  if (errorKeys.length > 0 && onInvalid === "abort") {
    const first = errorKeys[0]!;
    const count = Object.values(errors).flat().length;
    const row = first.split(".")[1];
    const message = `Row ${row}: ${errors[first]![0]}${count > 1 ? ` (and ${count - 1} more error${count === 2 ? "" : "s"})` : ""}`;
    throw new AppError("validation", message, { errors });
  }

  const owners = plans.filter((p) => p.into === null);
  for (const plan of owners) plan.action = plan.contact === null ? "create" : changes(plan.contact.json, plan.input as UpdateContactInput) ? "update" : "unchanged";
  for (const plan of plans) if (plan.into !== null) plan.action = plan.into.action === "unchanged" ? "unchanged" : "update";
  const creates = owners.filter((p) => p.action === "create");
  const updates = owners.filter((p) => p.action === "update");
  const counts: ImportCounts = {
    created: creates.length,
    updated: plans.filter((p) => p.action === "update").length,
    unchanged: plans.filter((p) => p.action === "unchanged").length,
  };
  const groupNames = uniqueNames(plans.flatMap((p) => p.groups));
  const knownGroups = groupNames.length > 0 ? await listGroups(ctx) : [];
  const groupByName = new Map(knownGroups.map((group) => [group.name.toLowerCase(), group]));
  const groupsCreated = groupNames.filter((name) => !groupByName.has(name.toLowerCase()));
  const result: ImportResult = {
    ...counts,
    skipped,
    date_order: csv?.dateOrder ?? "mdy",
    date_order_matters: csv?.dateOrderMatters ?? false,
    groups_created: groupsCreated,
  };
  if (options.dryRun) {
    result.rows = reviewRows(rows, plans, skipped);
    result.columns = csv?.columns ?? ("columns" in file ? (file.columns as ImportColumns) : { mapped: [], unmapped: [] });
    return result;
  }

  await ctx.db.transaction(async (tx) => {
    const txCtx: ServiceContext = { ...ctx, db: tx };
    await lockAccountQuotas(tx, ctx.user.id);
    if (updates.length > 0) await updateContacts(tx, ctx.user.id, updates);
    if (creates.length > 0) {
      const { contactIds } = await upsertContacts({ db: tx, user: ctx.user }, creates.map((c) => c.input as CreateContactInput));
      creates.forEach((plan, i) => (plan.contact = { id: contactIds[i]!, internal_id: null, json: {} as ContactJson }));
      await assertContactsQuota(tx, ctx.user.id, "file");
    }
    // Each group by name (reusing one of the same name whatever its case), then its members.
    const membersByGroup = new Map<string, Set<string>>();
    for (const plan of plans) {
      const contactId = (plan.into ?? plan).contact?.id;
      if (contactId === undefined) continue;
      for (const name of plan.groups) {
        const members = membersByGroup.get(name.toLowerCase()) ?? new Set<string>();
        membersByGroup.set(name.toLowerCase(), members.add(contactId));
      }
    }
    for (const name of groupNames) {
      const group = groupByName.get(name.toLowerCase()) ?? (await createGroup(txCtx, { name }));
      const members = [...(membersByGroup.get(name.toLowerCase()) ?? [])];
      if (members.length > 0) await addContactsToGroup(txCtx, group.id, members);
    }
  });
  // A book that grew (or changed) by thousands keeps its indexes in the planner's eyes.
  await analyzeAfterBulkWrite(creates.length + updates.length);
  return result;
}

function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  return [...seen.values()];
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** A row without a first and a last name takes both from its full name (the last word is the last name). */
function splitFullName(row: ImportRow): void {
  if (text(row.input.first_name) !== "" || text(row.input.last_name) !== "" || !row.fullName) return;
  const words = row.fullName.trim().split(/\s+/);
  if (words.length < 2) return;
  // A full name that is the company or an email address is no person's name.
  if (row.fullName.includes("@") || sameName(row.fullName, text(row.input.company))) return;
  const { first, last } = splitPersonName(row.fullName);
  row.input.first_name = first;
  row.input.last_name = last;
}

/** How a row is called: its name as it will be stored, else the best the file gives. */
function rowName(row: ImportRow): string {
  const name = [text(row.input.first_name), text(row.input.last_name)].filter(Boolean).join(" ");
  return name || row.fullName || text(row.input.company) || text(row.input.email) || text(row.input.phone) || `Row ${row.row}`;
}

const contactName = (json: ContactJson) => [json.first_name, json.last_name].filter(Boolean).join(" ");

type Person = { first: string; last: string };

/** The name an earlier row of the file will store. */
function personOf(plan: Plan): Person {
  const stored = { ...(plan.contact?.json ?? {}), ...plan.input } as Record<string, unknown>;
  return { first: text(stored.first_name), last: text(stored.last_name) };
}

/**
 * Whether two names are two people: different last names, or first names neither of which
 * begins the other ("Ann" and "Annie" may be one person, "Carlos" and "Elena" are two). A side
 * without a name (an email-only row) is nobody else.
 */
function isOtherPerson(a: Person, b: Person): boolean {
  if (a.last !== "" && b.last !== "" && !sameName(a.last, b.last)) return true;
  const [x, y] = [a.first.toLowerCase(), b.first.toLowerCase()];
  return x !== "" && y !== "" && !x.startsWith(y) && !y.startsWith(x);
}

/** What a row lacks to be a contact, said plainly. */
function missingNameErrors(row: ImportRow): FieldErrors | null {
  const first = text(row.input.first_name);
  const last = text(row.input.last_name);
  if (first !== "" && last !== "") return null;
  const company = text(row.input.company);
  const single = first || last || (row.fullName && row.fullName.trim().split(/\s+/).length === 1 ? row.fullName.trim() : "");
  let message: string;
  if (single) message = `Only one name ("${single}"): a contact needs a first and a last name.`;
  else if (company) message = `Only a company ("${company}"): a contact needs a first and a last name.`;
  else message = "No name: a contact needs a first and a last name.";
  return first === "" ? { first_name: [message] } : { last_name: [message] };
}

export const emailKey = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim().toLowerCase() : null);
/** A phone's last 10 digits (a country code or trunk prefix aside); shorter numbers are too short to tell people apart. */
export function phoneKey(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const digits = value.replace(/\D/g, "");
  return digits.length >= 7 ? digits.slice(-10) : null;
}

/**
 * The user's contacts the rows name by uuid or internal_id, or whose email or phone a row has, in
 * one statement (per batch on PGlite: inBatches).
 */
async function findExisting(db: Database, userId: number, rows: ImportRow[]): Promise<ExistingContacts> {
  const ids = [...new Set(rows.map((r) => r.uuid).filter((uuid): uuid is string => uuid !== null && isUuid(uuid)).map((uuid) => uuid.toLowerCase()))];
  const internalIds = [...new Set(rows.map((r) => internalIdOf(r)).filter((id): id is string => id !== null))];
  const emails = [...new Set(rows.map((r) => emailKey(r.input.email)).filter((key): key is string => key !== null))];
  const phones = [...new Set(rows.map((r) => phoneKey(r.input.phone)).filter((key): key is string => key !== null))];
  type Key = { id: string } | { internalId: string } | { email: string } | { phone: string };
  const keys: Key[] = [...ids.map((id) => ({ id })), ...internalIds.map((internalId) => ({ internalId })), ...emails.map((email) => ({ email })), ...phones.map((phone) => ({ phone }))];
  const pick = (batch: Key[], name: "id" | "internalId" | "email" | "phone") => JSON.stringify(batch.flatMap((key) => (name in key ? [(key as Record<string, string>)[name]] : [])));
  const found = await inBatches(db, keys, (batch) =>
    execute<{ id: string; internal_id: string | null; api_json: string }>(
      db,
      sql`select id, internal_id, api_json from ${contacts}
          where user_id = ${userId}
            and (id in (select value::uuid from jsonb_array_elements_text(${pick(batch, "id")}::jsonb))
              or internal_id in (select value from jsonb_array_elements_text(${pick(batch, "internalId")}::jsonb))
              or lower(btrim(email)) in (select value from jsonb_array_elements_text(${pick(batch, "email")}::jsonb))
              or right(regexp_replace(phone, '[^0-9]', '', 'g'), 10) in (select value from jsonb_array_elements_text(${pick(batch, "phone")}::jsonb)))`,
    ),
  );
  const all = [...new Map(found.map((row) => [row.id, { id: row.id, internal_id: row.internal_id, json: JSON.parse(row.api_json) as ContactJson }])).values()];
  const byEmail = new Map<string, Existing[]>();
  const byPhone = new Map<string, Existing[]>();
  for (const contact of all) {
    const email = emailKey(contact.json.email);
    if (email !== null) byEmail.set(email, [...(byEmail.get(email) ?? []), contact]);
    const phone = phoneKey(contact.json.phone);
    if (phone !== null) byPhone.set(phone, [...(byPhone.get(phone) ?? []), contact]);
  }
  return {
    byId: new Map(all.map((c) => [c.id, c])),
    byInternalId: new Map(all.filter((c) => c.internal_id !== null).map((c) => [c.internal_id!, c])),
    byEmail,
    byPhone,
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

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");
const isEmptyList = (value: unknown) => value === undefined || value === null || (Array.isArray(value) && value.length === 0);

/** The part of an input that fills what `current` leaves empty (fields, children and pets). */
function fillEmpty(current: Record<string, unknown>, input: Record<string, unknown>): Record<string, unknown> {
  const filled: Record<string, unknown> = {};
  for (const name of CONTACT_FIELD_NAMES) if (isEmpty(current[name]) && !isEmpty(input[name])) filled[name] = input[name];
  for (const name of ["children", "pets"]) if (isEmptyList(current[name]) && !isEmptyList(input[name])) filled[name] = input[name];
  return filled;
}

/** Checks every row against the contact schemas and finds the contact it updates, pausing for other requests between rows. */
async function planRows(rows: ImportRow[], existing: ExistingContacts, format: ImportFormat): Promise<{ plans: Plan[]; errors: FieldErrors; skipped: SkippedRow[] }> {
  const pacer = eventLoopPacer();
  const errors: FieldErrors = {};
  const skipped: SkippedRow[] = [];
  const firstRowOfInternalId = new Map<string, number>();
  const firstRowOfContact = new Map<string, number>();
  const planByContact = new Map<string, Plan>();
  const planByEmail = new Map<string, Plan>();
  const planByPhone = new Map<string, Plan>();
  const plans: Plan[] = [];

  for (const row of rows) {
    if (pacer.isDue()) await pacer.pause();
    const rowErrors: FieldErrors = {};
    const add = (field: string, messages: string[]) => (rowErrors[field] ??= []).push(...messages);
    for (const [field, messages] of Object.entries(row.errors)) add(field, messages);
    // Our CSV's uuid column must hold a uuid; a vCard's UID is often another program's own id.
    if (format === "csv" && row.uuid !== null && !isUuid(row.uuid)) add("uuid", ["The uuid field must be a valid UUID."]);

    const internalId = internalIdOf(row);
    if (internalId !== null) {
      const firstRow = firstRowOfInternalId.get(internalId);
      if (firstRow !== undefined) add("internal_id", [`The internal id appears more than once in this file (first on row ${firstRow}).`]);
      else firstRowOfInternalId.set(internalId, row.row);
    }
    const byUuid = row.uuid !== null && isUuid(row.uuid) ? existing.byId.get(row.uuid.toLowerCase()) : undefined;
    const byInternalId = internalId !== null ? existing.byInternalId.get(internalId) : undefined;
    let contact = byUuid ?? byInternalId;
    let matchedBy: MatchedBy | null = byUuid ? "uuid" : byInternalId ? "internal_id" : null;
    if (contact) {
      const firstRow = firstRowOfContact.get(contact.id);
      if (firstRow !== undefined) add(byUuid ? "uuid" : "internal_id", [`This contact is already in the file on row ${firstRow}.`]);
      else firstRowOfContact.set(contact.id, row.row);
      if (byInternalId && byInternalId.id !== contact.id) add("internal_id", ["The internal id has already been taken."]);
    }

    // Without an id of ours: the one contact (or earlier row) with the row's email, else its phone.
    const email = emailKey(row.input.email);
    const phone = phoneKey(row.input.phone);
    let into: Plan | null = null;
    let possibleDuplicate = false;
    if (!contact && internalId === null) {
      const rowPerson = { first: text(row.input.first_name), last: text(row.input.last_name) };
      // An earlier row of the file with this email or phone, unless it is someone else (a couple's shared phone).
      for (const [key, by, how] of [[email, planByEmail, "email"], [phone, planByPhone, "phone"]] as const) {
        const earlier = key !== null ? by.get(key) : undefined;
        if (!earlier) continue;
        if (isOtherPerson(rowPerson, personOf(earlier))) possibleDuplicate = true;
        else {
          into = earlier;
          matchedBy = how;
          break;
        }
      }
      if (into === null) {
        for (const [key, by, how] of [[email, existing.byEmail, "email"], [phone, existing.byPhone, "phone"]] as const) {
          if (key === null) continue;
          const all = by.get(key) ?? [];
          const candidates = all.filter((c) => !isOtherPerson(rowPerson, { first: text(c.json.first_name), last: text(c.json.last_name) }));
          if (candidates.length < all.length) possibleDuplicate = true;
          // Of several, the one of the same name is this person (a second import of the file finds it again).
          const sameNamed = candidates.length > 1 ? candidates.filter((c) => sameName(contactName(c.json), `${rowPerson.first} ${rowPerson.last}`)) : [];
          const matches = sameNamed.length === 1 ? sameNamed : candidates;
          if (matches.length === 1) {
            possibleDuplicate = false;
            const owner = planByContact.get(matches[0]!.id);
            if (owner) into = owner;
            else contact = matches[0]!;
            matchedBy = how;
            break;
          }
          if (matches.length > 1) possibleDuplicate = true;
        }
      }
    }

    const isFill = matchedBy === "email" || matchedBy === "phone";
    const input = resolveFamilyNames(row, contact);
    const target = into ?? null;
    const creating = !contact && !target;
    if (creating || (target !== null && target.contact === null)) {
      const missing = creating ? missingNameErrors(row) : null;
      if (missing) for (const [field, messages] of Object.entries(missing)) add(field, messages);
    }
    const checked = creating && !rowErrors.first_name && !rowErrors.last_name ? checkInput(createContactSchema, input) : checkInput(updateContactSchema, input);
    if (!checked.ok) for (const [field, messages] of Object.entries(checked.errors)) if (!(creating && (field === "first_name" || field === "last_name") && (rowErrors.first_name || rowErrors.last_name))) add(field, messages);
    if (Object.keys(rowErrors).length > 0) {
      for (const [field, messages] of Object.entries(rowErrors)) (errors[`rows.${row.row}.${field}`] ??= []).push(...messages);
      skipped.push({ row: row.row, name: rowName(row), errors: rowErrors });
      continue;
    }
    const data = checked.ok ? (checked.data as Record<string, unknown>) : {};
    let plan: Plan;
    if (target !== null) {
      // A later row of the same person: what it adds fills the earlier row's empty fields.
      const base = target.contact ? { ...target.contact.json, ...target.input } : target.input;
      Object.assign(target.input, fillEmpty(base, data));
      plan = { row: row.row, input: {}, contact: target.contact, matchedBy, possibleDuplicate: false, groups: row.groups ?? [], into: target };
    } else {
      const planned = contact && isFill ? fillEmpty(contact.json as unknown as Record<string, unknown>, data) : data;
      plan = { row: row.row, input: planned, contact: contact ?? null, matchedBy, possibleDuplicate, groups: row.groups ?? [], into: null };
      if (contact) planByContact.set(contact.id, plan);
    }
    plans.push(plan);
    const owner = plan.into ?? plan;
    if (email !== null && !planByEmail.has(email)) planByEmail.set(email, owner);
    if (phone !== null && !planByPhone.has(phone)) planByPhone.set(phone, owner);
  }
  return { plans, errors, skipped };
}

/** The dry run's review: every row (the first REVIEW_ROWS) with what it will do. */
function reviewRows(rows: ImportRow[], plans: Plan[], skipped: SkippedRow[]): ImportReviewRow[] {
  const planByRow = new Map(plans.map((plan) => [plan.row, plan]));
  const rowByNumber = new Map(rows.map((row) => [row.row, row]));
  const skippedByRow = new Map(skipped.map((skip) => [skip.row, skip]));
  const review: ImportReviewRow[] = [];
  for (const row of rows.slice(0, REVIEW_ROWS)) {
    const skip = skippedByRow.get(row.row);
    const plan = planByRow.get(row.row);
    if (skip || !plan) {
      review.push({ row: row.row, action: "skip", name: skip?.name ?? rowName(row), contact_uuid: null, contact_name: null, matched_by: null, warnings: [] });
      continue;
    }
    const owner = plan.into ?? plan;
    const stored = { ...(owner.contact?.json ?? {}), ...owner.input } as Record<string, unknown>;
    const warnings: ImportWarning[] = [];
    if (isEmpty(stored.address) || (isEmpty(stored.city) && isEmpty(stored.zip))) warnings.push("missing_address");
    if (plan.possibleDuplicate) warnings.push("possible_duplicate");
    const name = [text(stored.first_name), text(stored.last_name)].filter(Boolean).join(" ") || rowName(row);
    const earlier = plan.into !== null ? (rowByNumber.get(plan.into.row) ?? null) : null;
    review.push({
      row: row.row,
      action: plan.action!,
      name,
      contact_uuid: owner.contact?.json.uuid ?? null,
      contact_name: owner.contact?.json.uuid ? contactName(owner.contact.json) : earlier ? rowName(earlier) : null,
      matched_by: plan.matchedBy,
      warnings,
    });
  }
  return review;
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
async function updateContacts(db: Database, userId: number, plans: Plan[]): Promise<void> {
  const updates = plans.map((plan) => ({ contact: plan.contact!, input: plan.input as UpdateContactInput }));
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
