import "server-only";
import { sql } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import type { ContactPageKey } from "@/lib/contacts/export";

/*
 * A page of the calendar feed's VEVENTs, written by PostgreSQL. Rendering the events in
 * JavaScript allocated about 9 KB per contact (the contact's JSON parsed, each line built and
 * escaped): 860 MB for a 100,000-contact book, enough of it alive at each young-generation
 * collection that one fetch promoted 120 MB into the old generation, and the server's memory
 * grew by as much. Written here, the server receives one string per contact and passes it on.
 *
 * Each event is an all-day event every year from the known year (or 2000, a leap year, so that
 * February 29 exists when no year is known). A day past the end of its month (February 29, or
 * a 31st where the month has 30) falls on the month's last day every year, as the calendar page
 * shows it: BYMONTH=m;BYMONTHDAY=-1. TEXT values are escaped as RFC 5545 asks (backslash,
 * semicolon, comma, line breaks); a line longer than 75 octets is folded by the caller
 * (`needs_folding`), which is rare: only a SUMMARY with long names can be.
 */

const BASE_YEAR = 2000;
const COMMON_YEAR = 2001;

/** One contact's events, unfolded, and where the page ends. */
export type FeedPageRow = { last_name: string; first_name: string; id: string; events: string; needs_folding: boolean };

/** Days in a month of a year, in SQL. */
const daysIn = (month: string, year: string) => `extract(day from make_date(${year}, ${month}, 1) + interval '1 month' - interval '1 day')::int`;
/** A name part counts when it is not blank, as the feed's names are written. */
const part = (column: string) => `case when ${column} ~ '^\\s*$' then null else ${column} end`;
const escapeText = (value: string) => `regexp_replace(regexp_replace(${value}, '([\\\\;,])', '\\\\\\1', 'g'), '\\r\\n|\\r|\\n', '\\\\n', 'g')`;

// Nested: a CASE decides its branches in order, so make_date never sees a year out of range.
const START_YEAR = `case when e.y between 1 and 9999 then case when e.d <= ${daysIn("e.m", "e.y")} then e.y else ${BASE_YEAR} end else ${BASE_YEAR} end`;
const VEVENT = `'BEGIN:VEVENT' || E'\\r\\n'
  || 'UID:' || e.contact_id || '-' || e.what || '@cardmail' || E'\\r\\n'
  || 'DTSTAMP:' || e.stamp || E'\\r\\n'
  || 'DTSTART;VALUE=DATE:' || lpad((${START_YEAR})::text, 4, '0') || lpad(e.m::text, 2, '0')
     || lpad(least(e.d, ${daysIn("e.m", `(${START_YEAR})`)})::text, 2, '0') || E'\\r\\n'
  || 'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE' || E'\\r\\n'
  || case when e.d > ${daysIn("e.m", String(COMMON_YEAR))} then 'RRULE:FREQ=YEARLY;BYMONTH=' || e.m || ';BYMONTHDAY=-1' else 'RRULE:FREQ=YEARLY' end || E'\\r\\n'
  || e.summary_line || E'\\r\\n'
  || 'END:VEVENT' || E'\\r\\n'`;

/**
 * The page of contacts after `after` in name order (the export's order and index), each with
 * its events in a fixed order: birthday, anniversary, the spouse's birthday, the children's and
 * the pets' by position. A UID stays the same from fetch to fetch.
 */
export async function readFeedPage(db: Database, userId: number, after: ContactPageKey | null, size: number): Promise<FeedPageRow[]> {
  return execute<FeedPageRow>(db, feedPageQuery(userId, after, size));
}

function feedPageQuery(userId: number, after: ContactPageKey | null, size: number) {
  const afterKey = after ? sql`and (c.last_name, c.first_name, c.id) > (${after.lastName}::text, ${after.firstName}::text, ${after.id}::uuid)` : sql``;
  return sql`with page as (
          select c.id, c.last_name, c.first_name, c.birth_month, c.birth_day, c.birth_year,
            c.anniversary_month, c.anniversary_day, c.anniversary_year,
            c.spouse_first_name, c.spouse_birth_month, c.spouse_birth_day, c.spouse_birth_year,
            concat_ws(' ', ${sql.raw(part("c.first_name"))}, ${sql.raw(part("c.last_name"))}) as name,
            case when c.spouse_first_name is null or c.spouse_first_name = '' then null
              else concat_ws(' ', ${sql.raw(part("c.spouse_first_name"))}, ${sql.raw(part("coalesce(c.spouse_last_name, c.last_name)"))}) end as spouse,
            to_char(c.updated_at at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"') as stamp
          from contacts c
          where c.user_id = ${userId} ${afterKey}
          order by c.last_name, c.first_name, c.id
          limit ${size}
        ), events as (
          select p.id as contact_id, 1 as kind, 0 as position, 'birthday' as what, p.name || '''s birthday' as summary,
            p.birth_month as m, p.birth_day as d, p.birth_year as y, p.stamp from page p
          union all
          select p.id, 2, 0, 'anniversary', p.name || '''s anniversary', p.anniversary_month, p.anniversary_day, p.anniversary_year, p.stamp from page p
          union all
          select p.id, 3, 0, 'spouse-birthday',
            case when p.spouse is null then p.name || '''s spouse''s birthday' else p.spouse || '''s birthday (' || p.name || '''s spouse)' end,
            p.spouse_birth_month, p.spouse_birth_day, p.spouse_birth_year, p.stamp from page p
          union all
          select p.id, 4, ch.n, 'child-' || ch.n || '-birthday', ch.first_name || '''s birthday (' || p.name || '''s child)',
            ch.birth_month, ch.birth_day, ch.birth_year, p.stamp
          from page p
          join lateral (select first_name, birth_month, birth_day, birth_year, row_number() over (order by position) as n
            from contact_children where contact_id = p.id) ch on true
          union all
          select p.id, 5, pt.n, 'pet-' || pt.n || '-birthday', pt.name || '''s birthday (' || p.name || '''s ' || coalesce(pt.secondary_type, 'pet') || ')',
            pt.birth_month, pt.birth_day, pt.birth_year, p.stamp
          from page p
          join lateral (select name, secondary_type, birth_month, birth_day, birth_year, row_number() over (order by position) as n
            from contact_pets where contact_id = p.id) pt on true
        ), lines as (
          select e.contact_id, e.kind, e.position, ${sql.raw(VEVENT)} as vevent, octet_length(e.summary_line) > 75 as is_long
          from (select events.*, 'SUMMARY:' || ${sql.raw(escapeText("events.summary"))} as summary_line from events) e
          where e.m is not null and e.d is not null
        )
        select p.last_name, p.first_name, p.id,
          coalesce(string_agg(l.vevent, '' order by l.kind, l.position), '') as events,
          coalesce(bool_or(l.is_long), false) as needs_folding
        from page p left join lines l on l.contact_id = p.id
        group by p.last_name, p.first_name, p.id
        order by p.last_name, p.first_name, p.id`;
}
