import "server-only";
import { sql } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import type { ServiceContext } from "@/lib/context";
import { notFound, validationError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { CONTACT_FIELDS, CONTACT_FIELD_NAMES, type ContactFieldName } from "./fields";
import type { ContactWithFamily } from "./mapper";
import { findContactWithFamily } from "./queries";
import type { ChildJson, ContactJson, PetJson } from "./response";
import type { MergeContactsInput } from "./merge-schema";
import { MAX_CHILDREN, MAX_PETS, type CreateContactInput } from "./schema";
import { replaceFamily } from "./upsert";


const contactNotFound = () => notFound("Contact not found");

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type Dated = { birth_month: number | null; birth_day: number | null; birth_year: number | null };

/** A date as notes write it: `1980-04-01`, or `--04-01` without its year. */
function dateText(month: number | null, day: number | null, year: number | null): string {
  const pad = (n: number | null) => (n === null ? "??" : String(n).padStart(2, "0"));
  return `${year === null ? "-" : String(year)}-${pad(month)}-${pad(day)}`;
}

/**
 * The target's list with every other's entry whose name it lacks; a shared name once, its
 * unknown values filled in. A known value that differs from the kept one is described in `lost`.
 */
function joinByName<T extends Dated>(lists: T[][], nameOf: (item: T) => string, label: string, lost: string[]): T[] {
  const joined: T[] = [];
  for (const list of lists) {
    for (const item of list) {
      const same = joined.findIndex((existing) => sameName(nameOf(existing), nameOf(item)));
      if (same === -1) {
        joined.push({ ...item });
        continue;
      }
      const kept = joined[same]!;
      const dateDiffers = (["birth_month", "birth_day", "birth_year"] as const).some((key) => item[key] !== null && kept[key] !== null && item[key] !== kept[key]);
      if (dateDiffers) lost.push(`${label} ${nameOf(item)}'s birthday: ${dateText(item.birth_month, item.birth_day, item.birth_year)}`);
      for (const key of Object.keys(item) as (keyof T)[]) {
        if (kept[key] === null || kept[key] === undefined) kept[key] = item[key];
        else if (typeof item[key] === "string" && typeof kept[key] === "string" && !sameName(item[key], kept[key] as string)) {
          lost.push(`${label} ${nameOf(item)}: ${item[key]}`);
        }
      }
    }
  }
  return joined;
}

type FieldGroup = { label: string; fields: readonly ContactFieldName[]; text: (c: ContactJson) => string };

const joinText = (parts: (string | number | null)[], separator = " ") => parts.filter((part) => part !== null && part !== "").join(separator);

/** The fields that hold one thing together: another contact's value of the group is kept whole, or noted whole. */
const FIELD_GROUPS: readonly FieldGroup[] = [
  { label: "Internal ID", fields: ["internal_id"], text: (c) => c.internal_id ?? "" },
  { label: "Name", fields: ["prefix", "first_name", "middle_name", "last_name"], text: (c) => joinText([c.prefix, c.first_name, c.middle_name, c.last_name]) },
  { label: "Company", fields: ["company"], text: (c) => c.company ?? "" },
  { label: "Email", fields: ["email"], text: (c) => c.email ?? "" },
  { label: "Phone", fields: ["phone"], text: (c) => c.phone ?? "" },
  {
    label: "Address",
    fields: ["address", "apt", "city", "state", "zip", "country"],
    text: (c) => joinText([c.address, c.apt, c.city, joinText([c.state, c.zip]), c.country], ", "),
  },
  { label: "Spouse", fields: ["spouse_prefix", "spouse_first_name", "spouse_middle_name", "spouse_last_name"], text: (c) => joinText([c.spouse_prefix, c.spouse_first_name, c.spouse_middle_name, c.spouse_last_name]) },
  { label: "Birthday", fields: ["birth_month", "birth_day", "birth_year"], text: (c) => dateText(c.birth_month, c.birth_day, c.birth_year) },
  { label: "Anniversary", fields: ["anniversary_month", "anniversary_day", "anniversary_year"], text: (c) => dateText(c.anniversary_month, c.anniversary_day, c.anniversary_year) },
  { label: "Spouse's birthday", fields: ["spouse_birth_month", "spouse_birth_day", "spouse_birth_year"], text: (c) => dateText(c.spouse_birth_month, c.spouse_birth_day, c.spouse_birth_year) },
];

/** Two values of a field are the same when they say the same: text without case or outer spaces, phones by their digits. */
function sameValue(field: ContactFieldName, a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") {
    if (field === "phone") return a.replace(/\D/g, "") === b.replace(/\D/g, "");
    return sameName(a, b);
  }
  return a === b;
}

const isSet = (value: unknown) => value !== null && value !== undefined && value !== "";

/**
 * The contact that merging `others` into `target` makes, without saving it: the target keeps
 * its values and takes the others' where it has none (in the order given); children and pets
 * are joined by name. Nothing is lost: a value of another contact the result has no place for
 * (a second email or phone, another address or birthday) is added to the notes, one line each,
 * after the contacts' own notes.
 */
export function mergeContactJson(target: ContactJson, others: ContactJson[]): ContactJson {
  const all = [target, ...others];
  const merged: Record<string, unknown> = {};
  for (const name of CONTACT_FIELD_NAMES) merged[name] = null;
  const lost: string[] = [];
  for (const group of FIELD_GROUPS) {
    // A group is taken whole from the first contact that has it, so that no address or date is
    // made of two people's parts; another contact that agrees with it fills its gaps (a year,
    // an apartment), one that does not is noted.
    const agrees = (c: ContactJson) => group.fields.every((field) => !isSet(c[field]) || !isSet(merged[field]) || sameValue(field, c[field], merged[field]));
    for (const c of all) {
      if (!group.fields.some((field) => isSet(c[field]))) continue;
      if (agrees(c)) for (const field of group.fields) if (!isSet(merged[field]) && isSet(c[field])) merged[field] = c[field];
    }
    for (const other of others) {
      const differs = group.fields.some((field) => isSet(other[field]) && !sameValue(field, other[field], merged[field]));
      if (differs) lost.push(`${group.label}: ${group.text(other)}`);
    }
  }
  const result = merged as ContactJson;
  const children = joinByName<ChildJson>(all.map((c) => c.children), (child) => child.first_name, "Child", lost);
  const pets = joinByName<PetJson>(all.map((c) => c.pets), (pet) => pet.name, "Pet", lost);

  const notes = all.map((c) => c.notes?.trim()).filter((note): note is string => !!note);
  const kept = notes.filter((note, i) => notes.indexOf(note) === i);
  // A line the notes already hold (a merge done again) is not repeated.
  const keptLines = new Set(kept.flatMap((note) => note.split("\n").map((line) => line.trim().toLowerCase())));
  const added = lost.filter((line, i) => lost.indexOf(line) === i && !keptLines.has(line.toLowerCase()));
  if (added.length > 0) kept.push(`From merged contacts:\n${added.join("\n")}`);
  return { ...target, ...result, children, pets, notes: kept.join("\n\n") || null, uuid: target.uuid, created_at: target.created_at, updated_at: target.updated_at };
}

async function lockedContacts(tx: Database, userId: number, ids: string[], lock: boolean): Promise<ContactJson[]> {
  const idList = sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
  // Locked in id order, so two merges of the same contacts wait for each other without deadlock.
  const rows = await execute<{ id: string; api_json: string }>(
    tx,
    sql`select id, api_json from contacts where user_id = ${userId} and id in ${idList} order by id ${lock ? sql`for update` : sql``}`,
  );
  if (rows.length !== ids.length) throw contactNotFound();
  const byId = new Map(rows.map((row) => [row.id, JSON.parse(row.api_json) as ContactJson]));
  return ids.map((id) => byId.get(id)!);
}

function mergeIds(targetId: string, input: MergeContactsInput): string[] {
  const otherIds = [...new Set(input.contact_uuids.map((id) => id.toLowerCase()))].filter((id) => id !== targetId.toLowerCase());
  if (!isUuid(targetId) || otherIds.some((id) => !isUuid(id))) throw contactNotFound();
  return [targetId.toLowerCase(), ...otherIds];
}

/**
 * A merge keeps every value, so one that a contact could not hold (notes past their limit, more
 * children or pets than a contact may have) is refused whole rather than cut: a 422 on
 * contact_uuids that says what to shorten first.
 */
function assertMergeFits(merged: ContactJson): ContactJson {
  const problems: string[] = [];
  if (!CONTACT_FIELDS.notes.input.safeParse(merged.notes).success) {
    problems.push(`The merged notes would be ${merged.notes!.length.toLocaleString("en-US")} characters, more than a contact holds (10,000): shorten the contacts' notes first.`);
  }
  if (merged.children.length > MAX_CHILDREN) problems.push(`The merged contact would have ${merged.children.length} children, more than ${MAX_CHILDREN}: remove some first.`);
  if (merged.pets.length > MAX_PETS) problems.push(`The merged contact would have ${merged.pets.length} pets, more than ${MAX_PETS}: remove some first.`);
  if (problems.length > 0) throw validationError({ contact_uuids: problems });
  return merged;
}

/** What `mergeContacts` would make of the contacts, saving nothing (the same 404s and 422s). */
export async function previewMerge(ctx: ServiceContext, targetId: string, input: MergeContactsInput): Promise<ContactJson> {
  const ids = mergeIds(targetId, input);
  const [target, ...others] = (await lockedContacts(ctx.db, ctx.user.id, ids, false)) as [ContactJson, ...ContactJson[]];
  return assertMergeFits(mergeContactJson(target, others));
}

/**
 * Merges other contacts into one, in one transaction: the target keeps its values and takes
 * the others' where it has none (in the order given); children and pets are joined by name;
 * notes are joined; group memberships, project recipients, the automations' record of what was
 * sent and the order history's link move to the target (once each); then the others are
 * deleted. Every uuid must name one of the user's contacts (else 404 `Contact not found`).
 */
export async function mergeContacts(ctx: ServiceContext, targetId: string, input: MergeContactsInput): Promise<ContactWithFamily> {
  const ids = mergeIds(targetId, input);
  const userId = ctx.user.id;

  return ctx.db.transaction(async (tx) => {
    const [target, ...others] = (await lockedContacts(tx, userId, ids, true)) as [ContactJson, ...ContactJson[]];
    const othersList = sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids.slice(1))}::jsonb))`;
    const merged = assertMergeFits(mergeContactJson(target, others));

    await execute(
      tx,
      sql`insert into group_contacts (group_id, contact_id, user_id)
          select group_id, ${target.uuid}::uuid, user_id from group_contacts where user_id = ${userId} and contact_id in ${othersList}
          on conflict do nothing`,
    );
    // A project keeps one recipient row for the merged contact: the target's, else the oldest.
    await execute(
      tx,
      sql`update project_recipients pr set contact_id = ${target.uuid}::uuid
          where pr.user_id = ${userId} and pr.id in (
            select distinct on (project_id) id from project_recipients
            where user_id = ${userId} and contact_id in ${othersList}
              and project_id not in (select project_id from project_recipients where contact_id = ${target.uuid}::uuid)
            order by project_id, id)`,
    );
    await execute(tx, sql`update order_recipients set contact_id = ${target.uuid}::uuid where user_id = ${userId} and contact_id in ${othersList}`);
    // What an automation already sent for the contact or the spouse stays sent (children and
    // pets get new rows below, as on every update of them).
    await execute(
      tx,
      sql`update automation_sends s set contact_id = ${target.uuid}::uuid
          where s.user_id = ${userId} and s.contact_id in ${othersList} and s.person_id = 0
            and not exists (select 1 from automation_sends t where t.automation_id = s.automation_id and t.contact_id = ${target.uuid}::uuid
                              and t.kind = s.kind and t.person_id = 0 and t.event_date = s.event_date)
            and s.id = (select min(u.id) from automation_sends u where u.user_id = ${userId} and u.contact_id in ${othersList}
                          and u.automation_id = s.automation_id and u.kind = s.kind and u.person_id = 0 and u.event_date = s.event_date)`,
    );
    await execute(tx, sql`delete from contacts where user_id = ${userId} and id in ${othersList}`);

    const assignments = sql.join(
      CONTACT_FIELD_NAMES.map((name) => sql`${sql.raw(name)} = ${merged[name]}::${sql.raw(CONTACT_FIELDS[name].sqlType)}`),
      sql`, `,
    );
    await execute(tx, sql`update contacts set ${assignments}, updated_at = now() where id = ${target.uuid}::uuid and user_id = ${userId}`);
    await replaceFamily(tx, userId, [{ contactId: target.uuid, input: { children: merged.children, pets: merged.pets } as unknown as CreateContactInput }]);
    return (await findContactWithFamily(tx, userId, target.uuid))!;
  });
}
