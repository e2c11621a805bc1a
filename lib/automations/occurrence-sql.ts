import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import type { AutomationEvent } from "@/db/schema";
import { createBookCache, readThroughBookCache } from "@/lib/book-cache";
import { addDays, fromDateOnly, toDateOnly } from "@/lib/dates";
import { dayKeyRanges, eventDatesInWindow, SEND_LEAD_DAYS } from "./occurrences";

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
  /** The contact's street, apt and ZIP without case, spacing or punctuation: one household's. */
  address_key: string;
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
 * in a common year is Feb 28), as eventDateIn in occurrences.ts; `year` is `y.y`, the year series of
 * occurrencesSql, unless given. Integer arithmetic: this runs for every person of a book when a
 * whole year is read.
 */
function eventDate(month: SQL, day: SQL, year: SQL = sql`y.y`): SQL {
  const lastDay = sql`case when ${month} = 2 then case when ${year} % 4 = 0 and (${year} % 100 <> 0 or ${year} % 400 = 0) then 29 else 28 end when ${month} in (4, 6, 9, 11) then 30 else 31 end`;
  return sql`make_date(${year}, ${month}, least(${day}, ${lastDay}))`;
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

/** The dates a contact row holds itself, by the prefix of their `_month`, `_day` and `_year` columns. */
const OWN_DATES = ["birthday", "anniversary", "spouse_birthday"] as const;
type OwnDate = (typeof OWN_DATES)[number];
const isOwnDate = (kind: AutomationEvent): kind is OwnDate => (OWN_DATES as readonly string[]).includes(kind);
const DATE_COLUMNS: Record<OwnDate, string> = { birthday: "birth", anniversary: "anniversary", spouse_birthday: "spouse_birth" };
/** The dates of the people of a contact's family, each in a table of its own. */
const FAMILY_DATES = ["child_birthday", "pet_birthday"] as const;
const FAMILY_TABLES: Record<(typeof FAMILY_DATES)[number], string> = { child_birthday: "contact_children", pet_birthday: "contact_pets" };

/** Contact `c` is in the automation's group, or any contact when it has none. */
function inGroupOf(query: Pick<OccurrenceQuery, "groupId" | "userId">): SQL {
  return query.groupId === null
    ? sql`true`
    : sql`exists (select 1 from group_contacts gc where gc.group_id = ${query.groupId}::int and gc.contact_id = c.id and gc.user_id = ${query.userId}::int)`;
}

/** Contact `c` has the full mailing address a card needs. */
const hasAddress = sql`(coalesce(c.address, '') <> '' and coalesce(c.city, '') <> '' and coalesce(c.state, '') <> '' and coalesce(c.zip, '') <> '')`;

/**
 * Contact `c`'s household: its street, apt and ZIP, lower case, without spaces or punctuation, as
 * the stored column contacts.address_key (db/schema/contacts.ts) keeps it; two contacts with the
 * same key share their cards of one kind and date (households.ts).
 */
const addressKey = sql`c.address_key`;

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
  const inGroup = inGroupOf(query);
  const contactColumns = sql`c.id as contact_id, c.last_name, c.first_name as contact_first_name, c.first_name || ' ' || c.last_name as recipient_name, ${hasAddress} as has_address, ${addressKey} as address_key`;

  const branches: SQL[] = [];
  const ownDates = query.events.filter(isOwnDate);
  const ownDate = (kind: OwnDate) => {
    const prefix = DATE_COLUMNS[kind];
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
    address_key: row.address_key,
  };
}

const rowColumns = sql`o.contact_id, o.kind, o.person_id, o.event_date::text as event_date, o.first_name, o.last_name, o.contact_first_name,
  o.since_year, o.name, o.recipient_name, o.has_address, o.address_key`;

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
  /**
   * The last event date of the too-late occurrences listed (those that can no longer arrive by a
   * date from today to this one; `window.from` is then today); none without it.
   */
  tooLateTo?: string;
};

const upcomingKey = sql`(o.send_date, o.event_date, o.name collate "C", o.contact_id, o.kind collate "C", o.person_id)`;

/**
 * The automation's upcoming sends to contacts with a full address with an event date in
 * `query.window`, after `after`, ordered by send date (today for one already due), event date,
 * name, contact, kind and person, at most `limit` of them. Names are ordered by their code
 * points (collation "C"), as JavaScript orders strings, so a page never depends on the server's
 * locale.
 */
async function upcomingRows(db: Database, query: UpcomingPageQuery, after: UpcomingPosition | undefined, limit: number | undefined): Promise<UpcomingRow[]> {
  const occurrences = occurrencesSql(query);
  if (!occurrences) return [];
  const lead = sql.raw(String(SEND_LEAD_DAYS));
  const before = sql.raw(String(query.daysBefore));
  const rows = await execute<RawOccurrenceRow & { send_day: string; delivery_day: string }>(
    db,
    sql`
      select ${rowColumns}, o.send_date::text as send_day, o.delivery_date::text as delivery_day
      from (
        select o.*,
          greatest(o.event_date - ${before} - ${lead}, ${query.today}::date) as send_date,
          greatest(o.event_date - ${before}, ${query.today}::date + ${lead}) as delivery_date
        from (${occurrences}) o
        where o.has_address
          and (o.event_date >= ${query.today}::date + ${lead}${query.tooLateTo === undefined ? sql`` : sql` or o.event_date <= ${query.tooLateTo}::date`})
      ) o
      ${after ? sql`where ${upcomingKey} > (${after.s}::date, ${after.e}::date, ${after.n}::text collate "C", ${after.c}::uuid, ${after.k}::text collate "C", ${after.p}::int)` : sql``}
      order by o.send_date, o.event_date, o.name collate "C", o.contact_id, o.kind collate "C", o.person_id
      ${limit === undefined ? sql`` : sql`limit ${sql.raw(String(limit))}`}
    `,
  );
  return rows.map((row) => ({ ...toOccurrenceRow(row), send_date: row.send_day, delivery_date: row.delivery_day }));
}

const shift = (date: string, days: number) => toDateOnly(addDays(fromDateOnly(date), days));

/** Every upcoming send of the event dates `from` to `to` (both included), in the page order: the households a page shows whole. */
export const upcomingRowsBetween = (db: Database, query: UpcomingPageQuery, from: string, to: string) =>
  upcomingRows(db, { ...query, window: { from, to } }, undefined, undefined);

/**
 * A page of upcoming sends, read a few days of event dates at a time from where the cursor
 * stands: the send date only grows with the event date, so the sort order walks the event dates
 * in order and a page is found in its first days. Each step reads the days of the year it covers
 * through the day-key indexes; a step that comes back short is followed by one four times as
 * long, so a sparse automation (a small group) needs a handful of steps for a year, and a full
 * one (every contact, hundreds of dates a day) reads one day for a page, not the whole window.
 */
async function walkUpcoming(db: Database, query: UpcomingPageQuery, limit: number): Promise<UpcomingRow[]> {
  const { window, after } = query;
  const rows: UpcomingRow[] = [];
  let from = after && after.e > window.from ? after.e : window.from;
  let span = 1;
  while (rows.length < limit && from <= window.to) {
    const last = shift(from, span - 1);
    const to = last < window.to ? last : window.to;
    rows.push(...(await upcomingRows(db, { ...query, window: { from, to } }, after, limit - rows.length)));
    from = shift(to, 1);
    span *= 4;
  }
  return rows;
}

/** How many households of some kinds have each day of the year, by the book and the settings. */
type HouseholdsByDay = { month: number; day: number; n: number }[];

/** At most 366 rows a kind, some 60 bytes each: 200,000 rows are about 12 MB, a hundred settings of every kind. */
const householdsByDayCache = createBookCache<HouseholdsByDay>(200_000, (rows) => rows.length);

/**
 * How many upcoming pieces the window holds, without listing them: how many households (one
 * address key, households.ts) of the automation's kinds (with a full address, in its group) have
 * each day of the year, a few hundred rows whatever the size of the book, spread over the
 * window's years here; less the pieces of the window it has already handled, counted from its
 * record of sends (a send counts only while its person still has that date, that address and
 * that group, as the occurrences themselves).
 */
async function countUpcoming(db: Database, query: OccurrenceQuery): Promise<number> {
  const { userId, window } = query;
  const inGroup = inGroupOf(query);
  const own = OWN_DATES.filter((kind) => query.events.includes(kind));
  const family = FAMILY_DATES.filter((kind) => query.events.includes(kind));
  if (own.length + family.length === 0) return 0;

  // Each kind grouped on its own: the contacts' dates come from contacts_user_mailable_dates_idx
  // alone (an index-only scan of the contacts with an address), the family's join that index.
  // The keys are told apart byte by byte (collation "C"): the count only needs them equal or
  // not, and sorting them for DISTINCT in the database's collation took a third of the time.
  const households = sql`count(distinct ${addressKey} collate "C")`;
  const days: SQL[] = own.map((kind) => {
    const [month, day] = [sql.raw(`c.${DATE_COLUMNS[kind]}_month`), sql.raw(`c.${DATE_COLUMNS[kind]}_day`)];
    return sql`select ${month}, ${day}, ${households} from contacts c
      where c.user_id = ${userId}::int and ${hasAddress} and ${inGroup} and ${month} is not null and ${day} is not null
      group by 1, 2`;
  });
  for (const kind of family) {
    days.push(sql`select p.birth_month, p.birth_day, ${households} from ${sql.raw(FAMILY_TABLES[kind])} p
      join contacts c on c.id = p.contact_id and c.user_id = ${userId}::int
      where p.user_id = ${userId}::int and p.birth_month is not null and p.birth_day is not null and ${hasAddress} and ${inGroup}
      group by 1, 2`);
  }
  // The same for every window and every automation of these settings until the book changes
  // (group memberships included): a 100,000-contact book's took 200-300 ms to count.
  const cacheKey = `${userId}:${query.groupId ?? "everyone"}:${[...own, ...family].join(",")}`;
  const histogram = readThroughBookCache(householdsByDayCache, db, userId, cacheKey, async () => {
    const rows = await execute<{ month: number; day: number; n: number | string }>(db, sql`select d.month, d.day, d.n from (${sql.join(days, sql` union all `)}) as d(month, day, n)`);
    return rows.map(({ month, day, n }) => ({ month: Number(month), day: Number(day), n: Number(n) }));
  });

  let sent: Promise<{ n: number | string }[]> = Promise.resolve([{ n: 0 }]);
  if (query.automationId !== null) {
    const year = sql`extract(year from s.event_date)::int`;
    const matches = [
      ...own.map((kind) => {
        const [month, day] = [sql.raw(`c.${DATE_COLUMNS[kind]}_month`), sql.raw(`c.${DATE_COLUMNS[kind]}_day`)];
        return sql`(s.kind = ${kind} and s.person_id = 0 and ${day} is not null and ${eventDate(month, day, year)} = s.event_date)`;
      }),
      ...family.map((kind) => {
        const p = sql.raw(kind === "child_birthday" ? "ch" : "pt");
        return sql`(s.kind = ${kind} and ${p}.contact_id = c.id and ${p}.user_id = ${userId}::int and ${p}.birth_day is not null
          and ${eventDate(sql`${p}.birth_month`, sql`${p}.birth_day`, year)} = s.event_date)`;
      }),
    ];
    sent = execute<{ n: number | string }>(
      db,
      sql`
        select count(distinct s.kind || '|' || s.event_date::text || '|' || ${addressKey}) as n
        from automation_sends s
        join contacts c on c.id = s.contact_id
        left join contact_children ch on s.kind = 'child_birthday' and ch.id = s.person_id
        left join contact_pets pt on s.kind = 'pet_birthday' and pt.id = s.person_id
        where s.automation_id = ${query.automationId}::int and s.event_date between ${window.from}::date and ${window.to}::date
          and c.user_id = ${userId}::int and ${hasAddress} and ${inGroup}
          and (${sql.join(matches, sql` or `)})
      `,
    );
  }

  const [byDay, [handled]] = await Promise.all([histogram, sent]);
  let count = 0;
  for (const { month, day, n } of byDay) count += n * eventDatesInWindow(month, day, window).length;
  return count - Number(handled?.n ?? 0);
}

/**
 * The automation's upcoming sends (see upcomingRows) with how many pieces can still go out in
 * the whole window (null without `limit`: the caller groups every row itself): a page of `limit` after `after` (one more row is returned when a page follows), or
 * every one without `limit`. A year of a 100,000-contact book is hundreds of thousands of
 * occurrences, which only the database should hold: a page reads the first days that fill it
 * (walkUpcoming) and the count is an aggregate by day of the year (countUpcoming).
 */
export async function findUpcomingPage(db: Database, query: UpcomingPageQuery): Promise<{ rows: UpcomingRow[]; count: number | null }> {
  if (query.limit === undefined) return { rows: await upcomingRows(db, query, query.after, undefined), count: null };
  // Only what can still arrive counts: the too-late occurrences are listed, never sent.
  const earliest = shift(query.today, SEND_LEAD_DAYS);
  const sendable = { from: query.window.from > earliest ? query.window.from : earliest, to: query.window.to };
  const [rows, count] = await Promise.all([walkUpcoming(db, query, query.limit + 1), countUpcoming(db, { ...query, window: sendable })]);
  return { rows, count };
}
