import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import type { AutomationEvent } from "@/db/schema";
import { dayKeyRanges, SEND_LEAD_DAYS } from "./occurrences";

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
 * The date of a month and day in year `y.y`; a day past the month's end is its last day (Feb 29
 * in a common year is Feb 28), as eventDateIn in occurrences.ts. Integer arithmetic: this runs
 * for every person of a book when a whole year is read.
 */
function eventDate(month: SQL, day: SQL): SQL {
  const lastDay = sql`case when ${month} = 2 then case when y.y % 4 = 0 and (y.y % 100 <> 0 or y.y % 400 = 0) then 29 else 28 end when ${month} in (4, 6, 9, 11) then 30 else 31 end`;
  return sql`make_date(y.y, ${month}, least(${day}, ${lastDay}))`;
}

/** The rows of one kind whose day of the year can fall in the window, through the day-key indexes. */
function inDayRanges(month: SQL, day: SQL, ranges: [number, number][] | null): SQL {
  if (ranges === null) return sql`${day} is not null`;
  if (ranges.length === 0) return sql`false`;
  // The same expression as the indexes' (db/schema/contacts.ts), or they are not used.
  const key = sql`(${month} * 100 + ${day})`;
  return sql`(${sql.join(
    ranges.map(([from, to]) => sql`${key} between ${sql.raw(String(from))} and ${sql.raw(String(to))}`),
    sql` or `,
  )})`;
}

/**
 * The automation's occurrences with an event date in the window that it has not handled yet, as
 * one set-based statement: each kind reads only the days of the year the window touches, through
 * the per-user day-key indexes of contacts, children and pets, so a pass never loads an address
 * book into memory and a day's pass reads a day's worth of dates.
 */
function occurrencesSql(query: OccurrenceQuery): SQL | null {
  const { userId, window } = query;
  const ranges = dayKeyRanges(window);
  const years = sql`generate_series(${Number(window.from.slice(0, 4))}::int, ${Number(window.to.slice(0, 4))}::int) as y(y)`;
  const inGroup =
    query.groupId === null
      ? sql`true`
      : sql`exists (select 1 from group_contacts gc where gc.group_id = ${query.groupId}::int and gc.contact_id = c.id and gc.user_id = ${userId}::int)`;
  const address = sql`(coalesce(c.address, '') <> '' and coalesce(c.city, '') <> '' and coalesce(c.state, '') <> '' and coalesce(c.zip, '') <> '')`;
  const contactColumns = sql`c.id as contact_id, c.last_name, c.first_name as contact_first_name, c.first_name || ' ' || c.last_name as recipient_name, ${address} as has_address`;

  const branches: SQL[] = [];
  const ownDates = query.events.filter((kind) => kind === "birthday" || kind === "anniversary" || kind === "spouse_birthday");
  const ownDate = (kind: AutomationEvent) => {
    const prefix = kind === "birthday" ? "birth" : kind === "anniversary" ? "anniversary" : "spouse_birth";
    return {
      month: sql.raw(`c.${prefix}_month`),
      day: sql.raw(`c.${prefix}_day`),
      year: sql.raw(`c.${prefix}_year`),
      who: kind === "spouse_birthday" ? sql`coalesce(c.spouse_first_name, '')` : sql`c.first_name`,
      name: kind === "spouse_birthday" ? sql`trim(coalesce(c.spouse_first_name, '') || ' ' || coalesce(c.spouse_last_name, c.last_name))` : sql`c.first_name || ' ' || c.last_name`,
    };
  };
  if (ranges === null && ownDates.length > 1) {
    // A whole year reads every contact: once for all of its own dates, not once per kind.
    const values = ownDates.map((kind) => {
      const d = ownDate(kind);
      return sql`(${kind}::text, ${d.month}, ${d.day}, ${d.year}, ${d.who}, ${d.name})`;
    });
    branches.push(sql`
      select ${contactColumns}, k.kind, 0 as person_id, ${eventDate(sql`k.month`, sql`k.day`)} as event_date,
        k.who as first_name, k.since_year, k.name
      from contacts c cross join lateral (values ${sql.join(values, sql`, `)}) as k(kind, month, day, since_year, who, name) cross join ${years}
      where c.user_id = ${userId}::int and k.month is not null and k.day is not null and ${inGroup}
    `);
  } else {
    for (const kind of ownDates) {
      const { month, day, year, who, name } = ownDate(kind);
      branches.push(sql`
        select ${contactColumns}, ${kind}::text as kind, 0 as person_id, ${eventDate(month, day)} as event_date,
          ${who} as first_name, ${year} as since_year, ${name} as name
        from contacts c cross join ${years}
        where c.user_id = ${userId}::int and ${month} is not null and ${inDayRanges(month, day, ranges)} and ${inGroup}
      `);
    }
  }
  for (const kind of query.events) {
    if (kind === "child_birthday" || kind === "pet_birthday") {
      const table = sql.raw(kind === "child_birthday" ? "contact_children" : "contact_pets");
      const who = sql.raw(kind === "child_birthday" ? "p.first_name" : "p.name");
      const name = kind === "child_birthday" ? sql`p.first_name || ' ' || c.last_name` : sql`p.name`;
      branches.push(sql`
        select ${contactColumns}, ${kind}::text as kind, p.id as person_id, ${eventDate(sql`p.birth_month`, sql`p.birth_day`)} as event_date,
          ${who} as first_name, p.birth_year as since_year, ${name} as name
        from ${table} p join contacts c on c.id = p.contact_id cross join ${years}
        where p.user_id = ${userId}::int and p.birth_month is not null and ${inDayRanges(sql`p.birth_month`, sql`p.birth_day`, ranges)} and ${inGroup}
      `);
    }
  }
  if (branches.length === 0) return null;
  return sql`
    select o.*
    from (${sql.join(branches, sql` union all `)}) o
    where o.event_date between ${window.from}::date and ${window.to}::date
      and ${
        // Unsaved settings (the form's preview) have sent nothing yet.
        query.automationId === null
          ? sql`true`
          : sql`not exists (
        select 1 from automation_sends s
        where s.automation_id = ${query.automationId}::int and s.contact_id = o.contact_id and s.kind = o.kind
          and s.person_id = o.person_id and s.event_date = o.event_date
      )`
      }
  `;
}

type RawOccurrenceRow = Omit<OccurrenceRow, "event_date" | "person_id" | "since_year"> & { event_date: string | Date; person_id: number | string; since_year: number | string | null };

function toOccurrenceRow(row: RawOccurrenceRow): OccurrenceRow {
  return {
    contact_id: row.contact_id,
    kind: row.kind,
    person_id: Number(row.person_id),
    event_date: String(row.event_date),
    first_name: row.first_name,
    last_name: row.last_name,
    contact_first_name: row.contact_first_name,
    since_year: row.since_year === null ? null : Number(row.since_year),
    name: row.name,
    recipient_name: row.recipient_name,
    has_address: row.has_address,
  };
}

const rowColumns = sql`o.contact_id, o.kind, o.person_id, o.event_date::text as event_date, o.first_name, o.last_name, o.contact_first_name,
  o.since_year, o.name, o.recipient_name, o.has_address`;

/** The automation's occurrences with an event date in the window that it has not handled yet. */
export async function findOccurrences(db: Database, query: OccurrenceQuery): Promise<OccurrenceRow[]> {
  const occurrences = occurrencesSql(query);
  if (!occurrences) return [];
  const rows = await execute<RawOccurrenceRow>(db, sql`select ${rowColumns} from (${occurrences}) o`);
  return rows.map(toOccurrenceRow);
}

/** Where a page of upcoming sends ends: the sort key of its last occurrence. */
export type UpcomingPosition = { s: string; e: string; n: string; c: string; k: string; p: number };

export const isUpcomingPosition = (value: unknown): value is UpcomingPosition => {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const isDate = (x: unknown) => typeof x === "string" && /^\d{4}-\d{2}-\d{2}$/.test(x);
  return (
    isDate(v.s) &&
    isDate(v.e) &&
    typeof v.n === "string" &&
    typeof v.c === "string" &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v.c) &&
    typeof v.k === "string" &&
    Number.isSafeInteger(v.p)
  );
};

export type UpcomingRow = OccurrenceRow & { send_date: string; delivery_date: string };

export type UpcomingPageQuery = OccurrenceQuery & {
  today: string;
  daysBefore: number;
  /** Rows after this position; the first page without it. */
  after?: UpcomingPosition;
  /** At most this many rows (one more is asked for, to know whether a page follows); every row when absent. */
  limit?: number;
};

/**
 * The automation's upcoming sends to contacts with a full address, ordered by send date (today
 * for one already due), event date, name, contact, kind and person, cut to a page in SQL, with
 * how many there are in the whole window: a year of a 100,000-contact book is hundreds of
 * thousands of occurrences, which only the database should hold. Names are ordered by their
 * code points (collation "C"), as JavaScript orders strings, so a page never depends on the
 * server's locale.
 */
export async function findUpcomingPage(db: Database, query: UpcomingPageQuery): Promise<{ rows: UpcomingRow[]; count: number }> {
  const occurrences = occurrencesSql(query);
  if (!occurrences) return { rows: [], count: 0 };
  const { today, daysBefore, after, limit } = query;
  const lead = sql.raw(String(SEND_LEAD_DAYS));
  const before = sql.raw(String(daysBefore));
  const key = sql`(o.send_date, o.event_date, o.name collate "C", o.contact_id, o.kind collate "C", o.person_id)`;
  const rows = await execute<RawOccurrenceRow & { send_date: string | Date; delivery_date: string | Date; total_count: number | string }>(
    db,
    sql`
      with u as materialized (
        select o.*,
          greatest(o.event_date - ${before} - ${lead}, ${today}::date) as send_date,
          greatest(o.event_date - ${before}, ${today}::date + ${lead}) as delivery_date
        from (${occurrences}) o
        where o.has_address
      )
      select n.total_count, p.*
      from (select count(*) as total_count from u) n
      left join lateral (
        select ${rowColumns}, o.send_date::text as send_day, o.delivery_date::text as delivery_day
        from u o
        ${after ? sql`where ${key} > (${after.s}::date, ${after.e}::date, ${after.n}::text collate "C", ${after.c}::uuid, ${after.k}::text collate "C", ${after.p}::int)` : sql``}
        order by o.send_date, o.event_date, o.name collate "C", o.contact_id, o.kind collate "C", o.person_id
        ${limit === undefined ? sql`` : sql`limit ${sql.raw(String(limit + 1))}`}
      ) p on true
    `,
  );
  const count = Number(rows[0]?.total_count ?? 0);
  const page = rows
    .filter((row) => row.contact_id !== null)
    .map((row) => {
      const raw = row as typeof row & { send_day: string; delivery_day: string };
      return { ...toOccurrenceRow(row), send_date: raw.send_day, delivery_date: raw.delivery_day };
    });
  return { rows: page, count };
}
