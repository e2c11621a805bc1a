import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import type { AutomationEvent } from "@/db/schema";
import { monthsOf } from "./occurrences";

/** One occurrence as the database finds it, with what its message and its piece need. */
export type OccurrenceRow = {
  contact_id: string;
  kind: AutomationEvent;
  person_id: number;
  event_date: string;
  /** Whose date it is. */
  first_name: string;
  /** The contact's, the addressee's. */
  last_name: string;
  contact_first_name: string;
  /** Birth year of whose date it is, or the wedding year; null when unknown. */
  since_year: number | null;
  name: string;
  recipient_name: string;
  has_address: boolean;
};

export type OccurrenceQuery = {
  /** The automation whose sends are left out; null for settings not saved yet (nothing sent). */
  automationId: number | null;
  userId: number;
  groupId: number | null;
  events: readonly AutomationEvent[];
  /** The event dates looked for, both included. */
  window: { from: string; to: string };
};

/**
 * The date of a month and day in year `y`; a day past the month's end is its last day (Feb 29
 * in a common year is Feb 28), as eventDateIn in occurrences.ts.
 */
function eventDate(month: SQL, day: SQL): SQL {
  return sql`(make_date(y.y, ${month}, 1) + (least(${day}, extract(day from make_date(y.y, ${month}, 1) + interval '1 month' - interval '1 day')::int) - 1))::date`;
}

/**
 * The automation's occurrences with an event date in the window that it has not handled yet,
 * found in SQL: each kind reads only the months the window touches, through the per-user month
 * indexes of contacts, children and pets, so a pass never loads an address book into memory.
 */
export async function findOccurrences(db: Database, query: OccurrenceQuery): Promise<OccurrenceRow[]> {
  const { userId, window } = query;
  const months = monthsOf(window);
  const monthList = sql.raw(`array[${months.join(",")}]::int[]`);
  const years = sql`generate_series(${Number(window.from.slice(0, 4))}::int, ${Number(window.to.slice(0, 4))}::int) as y(y)`;
  const inGroup =
    query.groupId === null
      ? sql`true`
      : sql`exists (select 1 from group_contacts gc where gc.group_id = ${query.groupId}::int and gc.contact_id = c.id and gc.user_id = ${userId}::int)`;
  const address = sql`(coalesce(c.address, '') <> '' and coalesce(c.city, '') <> '' and coalesce(c.state, '') <> '' and coalesce(c.zip, '') <> '')`;
  const contactColumns = sql`c.id as contact_id, c.last_name, c.first_name as contact_first_name, c.first_name || ' ' || c.last_name as recipient_name, ${address} as has_address`;

  const branches: SQL[] = [];
  for (const kind of query.events) {
    if (kind === "birthday" || kind === "anniversary" || kind === "spouse_birthday") {
      const prefix = kind === "birthday" ? "birth" : kind === "anniversary" ? "anniversary" : "spouse_birth";
      const month = sql.raw(`c.${prefix}_month`);
      const day = sql.raw(`c.${prefix}_day`);
      const year = sql.raw(`c.${prefix}_year`);
      const who = kind === "spouse_birthday" ? sql`coalesce(c.spouse_first_name, '')` : sql`c.first_name`;
      const name =
        kind === "spouse_birthday" ? sql`trim(coalesce(c.spouse_first_name, '') || ' ' || coalesce(c.spouse_last_name, c.last_name))` : sql`c.first_name || ' ' || c.last_name`;
      branches.push(sql`
        select ${contactColumns}, ${kind}::text as kind, 0 as person_id, ${eventDate(month, day)} as event_date,
          ${who} as first_name, ${year} as since_year, ${name} as name
        from contacts c cross join ${years}
        where c.user_id = ${userId}::int and ${month} = any(${monthList}) and ${day} is not null and ${inGroup}
      `);
    } else {
      const table = sql.raw(kind === "child_birthday" ? "contact_children" : "contact_pets");
      const who = sql.raw(kind === "child_birthday" ? "p.first_name" : "p.name");
      const name = kind === "child_birthday" ? sql`p.first_name || ' ' || c.last_name` : sql`p.name`;
      branches.push(sql`
        select ${contactColumns}, ${kind}::text as kind, p.id as person_id, ${eventDate(sql`p.birth_month`, sql`p.birth_day`)} as event_date,
          ${who} as first_name, p.birth_year as since_year, ${name} as name
        from ${table} p join contacts c on c.id = p.contact_id cross join ${years}
        where p.user_id = ${userId}::int and p.birth_month = any(${monthList}) and p.birth_day is not null and ${inGroup}
      `);
    }
  }
  if (branches.length === 0) return [];

  const rows = await execute<OccurrenceRow & { event_date: string | Date }>(
    db,
    sql`
      select o.contact_id, o.kind, o.person_id, o.event_date::text as event_date, o.first_name, o.last_name, o.contact_first_name,
        o.since_year, o.name, o.recipient_name, o.has_address
      from (${sql.join(branches, sql` union all `)}) o
      where o.event_date between ${window.from}::date and ${window.to}::date
        and ${
          query.automationId === null
            ? sql`true`
            : sql`not exists (
          select 1 from automation_sends s
          where s.automation_id = ${query.automationId}::int and s.contact_id = o.contact_id and s.kind = o.kind
            and s.person_id = o.person_id and s.event_date = o.event_date
        )`
        }
    `,
  );
  return rows.map((row) => ({
    ...row,
    person_id: Number(row.person_id),
    event_date: String(row.event_date),
    since_year: row.since_year === null ? null : Number(row.since_year),
  }));
}
