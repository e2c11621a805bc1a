import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { execute } from "@/db/client";
import type { ServiceContext } from "@/lib/context";
import { DUPLICATE_REASONS, type DuplicateReason } from "./merge-schema";
import type { ContactJson, DuplicateGroup } from "./response";

/*
 * The keys two contacts are duplicates by, in the same expressions as the indexes of migration
 * contact_duplicate_keys (db/schema/contacts.ts), so that the grouping reads them in key order.
 */
export const EMAIL_KEY = sql.raw(`lower(btrim(email))`);
export const PHONE_KEY = sql.raw(`regexp_replace(phone, '[^0-9]', '', 'g')`);
export const NAME_ADDRESS_KEY = sql.raw(`lower(regexp_replace(btrim(first_name) || ' ' || btrim(last_name) || ' | ' || btrim(address), '\\s+', ' ', 'g'))`);

/** A phone needs this many digits to be compared: "0" or an extension alone matches too much. */
const MIN_PHONE_DIGITS = 7;

/**
 * The user's contacts that share an email, a phone's digits, or a name and street address,
 * as groups of two or more (each reason's groups by key; a set of contacts already listed for
 * one reason isn't repeated for another). One statement: each reason groups its key in the
 * order of its index, from the index alone (the indexes hold the key's columns too), and only
 * the duplicate keys look up their contacts, each through the same index (`offset 0` keeps that
 * lookup per key: estimating a third of the keys to be duplicates, the planner would otherwise
 * hash every contact of the book against them). JIT is off for it: those same estimates would
 * have PostgreSQL compile the statement, which takes longer than running it.
 */
export async function findDuplicateContacts(ctx: ServiceContext): Promise<DuplicateGroup[]> {
  const userId = ctx.user.id;
  const contactsOf = (key: SQL) => sql`cross join lateral (select api_json from contacts where user_id = ${userId} and ${key} = d.key offset 0) c`;
  const rows = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return execute<{ reason: DuplicateReason; key: string; api_json: string }>(
      tx,
      sql`with email_dups as (
            select ${EMAIL_KEY} as key from contacts where user_id = ${userId} and ${EMAIL_KEY} <> '' group by 1 having count(*) > 1
          ), phone_dups as (
            select ${PHONE_KEY} as key from contacts where user_id = ${userId} and length(${PHONE_KEY}) >= ${MIN_PHONE_DIGITS} group by 1 having count(*) > 1
          ), name_dups as (
            select ${NAME_ADDRESS_KEY} as key from contacts where user_id = ${userId} and btrim(address) <> '' group by 1 having count(*) > 1
          )
          select 'email' as reason, d.key, c.api_json from email_dups d ${contactsOf(EMAIL_KEY)}
          union all
          select 'phone', d.key, c.api_json from phone_dups d ${contactsOf(PHONE_KEY)}
          union all
          select 'name_and_address', d.key, c.api_json from name_dups d ${contactsOf(NAME_ADDRESS_KEY)}
          order by 1, 2`,
    );
  });

  const groups = new Map<string, DuplicateGroup>();
  for (const row of rows) {
    const id = `${row.reason}\u0000${row.key}`;
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { reason: row.reason, contacts: [] }));
    group.contacts.push(JSON.parse(row.api_json) as ContactJson);
  }
  const seen = new Set<string>();
  const result: DuplicateGroup[] = [];
  for (const reason of DUPLICATE_REASONS) {
    for (const group of groups.values()) {
      if (group.reason !== reason) continue;
      // Oldest first: the contact most likely to be kept.
      group.contacts.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.uuid.localeCompare(b.uuid));
      const members = group.contacts.map((c) => c.uuid).sort().join(",");
      if (seen.has(members)) continue;
      seen.add(members);
      result.push(group);
    }
  }
  return result;
}
