import "server-only";
import { sql } from "drizzle-orm";
import { execute, inBatches, type Database } from "@/db/client";
import type { ChildInput, PetInput } from "./schema";

/** A child or a pet as the family tables store it, the name in `name` for both. */
export type FamilyMember = {
  name: string;
  secondary_type?: string | null;
  birth_month: number | null;
  birth_day: number | null;
  birth_year: number | null;
};

type StoredMember = { id: number; contact_id: string; name: string; birth_month: number | null; birth_day: number | null };

export type FamilyPlan = {
  /** Rows kept (their id unchanged), with the values and position sent. */
  keep: { id: number; position: number; member: FamilyMember }[];
  insert: { position: number; member: FamilyMember }[];
  remove: number[];
};

const sameName = (name: string) => name.normalize("NFC").trim().toLocaleLowerCase("en");

/**
 * Which stored children (or pets) of one contact the list sent replaces are the same person:
 * the same name whatever its case and spacing, else the same birthday (a name re-spelled).
 * Those keep their row and id, which automations' occurrences are keyed on, so editing a
 * contact never makes a birthday already sent look new. The others are removed or inserted.
 */
export function planFamily(stored: readonly StoredMember[], sent: readonly FamilyMember[]): FamilyPlan {
  const left = [...stored].sort((a, b) => a.id - b.id);
  const take = (match: (row: StoredMember) => boolean) => {
    const i = left.findIndex(match);
    return i < 0 ? undefined : left.splice(i, 1)[0];
  };
  const matched = new Map<number, StoredMember>();
  sent.forEach((member, position) => {
    const row = take((row) => sameName(row.name) === sameName(member.name));
    if (row) matched.set(position, row);
  });
  sent.forEach((member, position) => {
    if (matched.has(position) || member.birth_month === null || member.birth_day === null) return;
    const row = take((row) => row.birth_month === member.birth_month && row.birth_day === member.birth_day);
    if (row) matched.set(position, row);
  });
  const plan: FamilyPlan = { keep: [], insert: [], remove: left.map((row) => row.id) };
  sent.forEach((member, position) => {
    const row = matched.get(position);
    if (row) plan.keep.push({ id: row.id, position, member });
    else plan.insert.push({ position, member });
  });
  return plan;
}

const childMember = (child: ChildInput): FamilyMember => ({
  name: child.first_name,
  birth_month: child.birth_month ?? null,
  birth_day: child.birth_day ?? null,
  birth_year: child.birth_year ?? null,
});

const petMember = (pet: PetInput): FamilyMember => ({
  name: pet.name,
  secondary_type: pet.secondary_type ?? null,
  birth_month: pet.birth_month ?? null,
  birth_day: pet.birth_day ?? null,
  birth_year: pet.birth_year ?? null,
});

/** A list left out (undefined) keeps the contact's own; null or an empty one clears them. */
export type FamilyReplacement = {
  contactId: string;
  children?: ChildInput[] | null;
  pets?: PetInput[] | null;
  /** A contact being created: it has no stored family to look up. */
  isNew?: boolean;
};

/**
 * The children and pets of each contact that sent a list become that list (an empty one clears
 * them; a contact that sent none keeps its own), keeping the rows of the same people (planFamily).
 * A few statements per kind, whatever the number of contacts (on PGlite, per batch: inBatches).
 */
export async function replaceFamilies(db: Database, userId: number, replacements: readonly FamilyReplacement[]): Promise<void> {
  // A contact sent twice in one import takes its last list.
  const last = [...new Map(replacements.map((r) => [r.contactId, r])).values()];
  await inBatches(db, last, async (batch) => {
    const children = batch.filter((r) => r.children !== undefined).map((r) => ({ contactId: r.contactId, isNew: r.isNew === true, members: (r.children ?? []).map(childMember) }));
    const pets = batch.filter((r) => r.pets !== undefined).map((r) => ({ contactId: r.contactId, isNew: r.isNew === true, members: (r.pets ?? []).map(petMember) }));
    if (children.length > 0) await replaceKind(db, userId, "children", children);
    if (pets.length > 0) await replaceKind(db, userId, "pets", pets);
    return [];
  });
}

async function replaceKind(
  db: Database,
  userId: number,
  kind: "children" | "pets",
  lists: { contactId: string; isNew: boolean; members: FamilyMember[] }[],
): Promise<void> {
  const table = sql.raw(kind === "children" ? "contact_children" : "contact_pets");
  const nameColumn = sql.raw(kind === "children" ? "first_name" : "name");
  const existing = lists.filter((list) => !list.isNew);
  const contactIds = JSON.stringify(existing.map((list) => list.contactId));
  const stored =
    existing.length === 0
      ? []
      : await execute<StoredMember>(
          db,
          sql`select id, contact_id, ${nameColumn} as name, birth_month, birth_day from ${table}
              where user_id = ${userId}::int and contact_id in (select value::uuid from jsonb_array_elements_text(${contactIds}::jsonb))
              for update`,
        );
  const byContact = new Map<string, StoredMember[]>();
  for (const row of stored) byContact.set(row.contact_id, [...(byContact.get(row.contact_id) ?? []), { ...row, id: Number(row.id) }]);

  const remove: number[] = [];
  const keep: Record<string, unknown>[] = [];
  const insert: Record<string, unknown>[] = [];
  for (const { contactId, members } of lists) {
    const plan = planFamily(byContact.get(contactId) ?? [], members);
    remove.push(...plan.remove);
    keep.push(...plan.keep.map(({ id, position, member }) => ({ id, position, ...member })));
    insert.push(...plan.insert.map(({ position, member }) => ({ contact_id: contactId, position, ...member })));
  }
  const secondaryColumn = kind === "pets" ? sql`, secondary_type` : sql``;
  const secondaryRecord = kind === "pets" ? sql`, secondary_type text` : sql``;

  if (remove.length > 0) {
    await execute(db, sql`delete from ${table} where user_id = ${userId}::int and id in (select value::int from jsonb_array_elements_text(${JSON.stringify(remove)}::jsonb))`);
  }
  if (keep.length > 0) {
    const kept = JSON.stringify(keep);
    // The position key is checked row by row: the kept rows first leave the positions they may
    // swap among themselves, then take the ones sent.
    await execute(
      db,
      sql`update ${table} t set position = -1 - t.position
          from jsonb_to_recordset(${kept}::jsonb) as r(id int) where t.id = r.id and t.user_id = ${userId}::int`,
    );
    await execute(
      db,
      sql`update ${table} t set position = r.position, ${nameColumn} = r.name, birth_month = r.birth_month, birth_day = r.birth_day, birth_year = r.birth_year
            ${kind === "pets" ? sql`, secondary_type = r.secondary_type` : sql``}
          from jsonb_to_recordset(${kept}::jsonb)
            as r(id int, position smallint, name text, birth_month smallint, birth_day smallint, birth_year integer${secondaryRecord})
          where t.id = r.id and t.user_id = ${userId}::int`,
    );
  }
  if (insert.length > 0) {
    await execute(
      db,
      sql`insert into ${table} (contact_id, user_id, position, ${nameColumn}, birth_month, birth_day, birth_year${secondaryColumn})
          select contact_id, ${userId}::int, position, name, birth_month, birth_day, birth_year${secondaryColumn}
          from jsonb_to_recordset(${JSON.stringify(insert)}::jsonb)
            as r(contact_id uuid, position smallint, name text, birth_month smallint, birth_day smallint, birth_year integer${secondaryRecord})
          order by contact_id, position`,
    );
  }
}
