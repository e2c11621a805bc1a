import "server-only";
import { sql } from "drizzle-orm";
import { execute } from "@/db/client";
import type { ServiceContext } from "@/lib/context";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { CONTACT_FIELDS, CONTACT_FIELD_NAMES } from "./fields";
import type { ContactWithFamily } from "./mapper";
import { findContactWithFamily } from "./queries";
import type { ChildJson, ContactJson, PetJson } from "./response";
import type { MergeContactsInput } from "./merge-schema";
import type { CreateContactInput } from "./schema";
import { replaceFamily } from "./upsert";


const contactNotFound = () => notFound("Contact not found");

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The target's list with every other's entry whose name it lacks; a shared name once, its unknown dates filled in. */
function joinByName<T extends { birth_month: number | null; birth_day: number | null; birth_year: number | null }>(lists: T[][], nameOf: (item: T) => string): T[] {
  const joined: T[] = [];
  for (const list of lists) {
    for (const item of list) {
      const same = joined.findIndex((existing) => sameName(nameOf(existing), nameOf(item)));
      if (same === -1) {
        joined.push({ ...item });
        continue;
      }
      const kept = joined[same]!;
      for (const key of Object.keys(item) as (keyof T)[]) if (kept[key] === null || kept[key] === undefined) kept[key] = item[key];
    }
  }
  return joined;
}

/**
 * Merges other contacts into one, in one transaction: the target keeps its values and takes
 * the others' where it has none (in the order given); children and pets are joined by name;
 * notes are joined; group memberships, project recipients, the automations' record of what was
 * sent and the order history's link move to the target (once each); then the others are
 * deleted. Every uuid must name one of the user's contacts (else 404 `Contact not found`).
 */
export async function mergeContacts(ctx: ServiceContext, targetId: string, input: MergeContactsInput): Promise<ContactWithFamily> {
  const otherIds = [...new Set(input.contact_uuids.map((id) => id.toLowerCase()))].filter((id) => id !== targetId.toLowerCase());
  if (!isUuid(targetId) || otherIds.some((id) => !isUuid(id))) throw contactNotFound();
  const userId = ctx.user.id;

  return ctx.db.transaction(async (tx) => {
    const ids = [targetId.toLowerCase(), ...otherIds];
    const idList = sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
    const othersList = sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(otherIds)}::jsonb))`;
    // Locked in id order, so two merges of the same contacts wait for each other without deadlock.
    const locked = await execute<{ id: string; api_json: string }>(
      tx,
      sql`select id, api_json from contacts where user_id = ${userId} and id in ${idList} order by id for update`,
    );
    if (locked.length !== ids.length) throw contactNotFound();
    const byId = new Map(locked.map((row) => [row.id, JSON.parse(row.api_json) as ContactJson]));
    const target = byId.get(ids[0]!)!;
    const others = otherIds.map((id) => byId.get(id)!);
    const all = [target, ...others];

    const merged: Record<string, unknown> = {};
    for (const name of CONTACT_FIELD_NAMES) merged[name] = all.map((c) => c[name]).find((value) => value !== null && value !== "") ?? null;
    const notes = all.map((c) => c.notes?.trim()).filter((note): note is string => !!note);
    merged.notes = notes.filter((note, i) => notes.indexOf(note) === i).join("\n\n") || null;
    const children = joinByName<ChildJson>(all.map((c) => c.children), (child) => child.first_name);
    const pets = joinByName<PetJson>(all.map((c) => c.pets), (pet) => pet.name);

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
    await replaceFamily(tx, userId, [{ contactId: target.uuid, input: { children, pets } as unknown as CreateContactInput }]);
    return (await findContactWithFamily(tx, userId, target.uuid))!;
  });
}
