import "server-only";
import type { ServiceContext } from "@/lib/context";
import { AppError, type FieldErrors } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { eventLoopPacer } from "@/lib/pace";
import { lockAccountQuotas } from "@/lib/quotas";
import { analyzeAfterBulkWrite } from "@/lib/contacts/jobs/analyze-after-bulk-write";
import { checkInput } from "@/lib/validation";
import { CONTACT_FIELD_NAMES } from "@/lib/contacts/fields";
import type { ContactJson } from "@/lib/contacts/response";
import { createContactSchema, updateContactSchema, type CreateContactInput, type UpdateContactInput } from "@/lib/contacts/schema";
import { assertContactsQuota } from "@/lib/contacts/service";
import { upsertContacts } from "@/lib/contacts/upsert";
import { addContactsToGroup, createGroup, listGroups } from "@/lib/groups/service";
import { readContactsCsv } from "./csv";
import { contactName, isOtherPerson, missingNameErrors, rowName, sameName, splitFullName, text, type Person } from "./names";
import { emailKey, findExisting, internalIdOf, isShortPhoneKey, phoneKey, type Existing, type ExistingContacts } from "./existing";
import { changes, updateContacts } from "./updates";
import type { SlashedDateOrder } from "./dates";
import { IMPORT_MAX_CONTACTS } from "./schema";
import type { ImportRow } from "./rows";
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
    if (updates.length > 0) await updateContacts(tx, ctx.user.id, updates.map((plan) => ({ contact: plan.contact!, input: plan.input as UpdateContactInput })));
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


/** The name an earlier row of the file will store. */
function personOf(plan: Plan): Person {
  const stored = { ...(plan.contact?.json ?? {}), ...plan.input } as Record<string, unknown>;
  return { first: text(stored.first_name), last: text(stored.last_name) };
}

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
      const rowFullName = `${rowPerson.first} ${rowPerson.last}`;
      const samePerson = (person: Person) => sameName(`${person.first} ${person.last}`, rowFullName);
      for (const [key, by, how] of [[email, planByEmail, "email"], [phone, planByPhone, "phone"]] as const) {
        const earlier = key !== null ? by.get(key) : undefined;
        if (!earlier) continue;
        // A short phone (an extension) is the same person's only with the same name.
        if (how === "phone" && isShortPhoneKey(key!) && !samePerson(personOf(earlier))) continue;
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
          const personOfContact = (c: Existing): Person => ({ first: text(c.json.first_name), last: text(c.json.last_name) });
          const all = (by.get(key) ?? []).filter((c) => !(how === "phone" && isShortPhoneKey(key) && !samePerson(personOfContact(c))));
          const candidates = all.filter((c) => !isOtherPerson(rowPerson, personOfContact(c)));
          if (candidates.length < all.length) possibleDuplicate = true;
          // Of several, the one of the same name is this person (a second import of the file finds it again).
          const sameNamed = candidates.length > 1 ? candidates.filter((c) => sameName(contactName(c.json), rowFullName)) : [];
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
