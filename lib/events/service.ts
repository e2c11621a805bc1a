import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { execute } from "@/db/client";
import { contactChildren, contactPets, contacts } from "@/db/schema";
import { readThroughBookCache } from "@/lib/book-cache";
import type { ServiceContext } from "@/lib/context";
import { daysInMonth, eventTitle } from "./dates";
import { toContactEventJson, type ContactEvent } from "./mapper";
import { monthCache, monthCacheKey } from "./month-cache";
import type { ContactEventsQuery } from "./schema";
import { describeEvent, type EventKind, type EventPeople } from "./wording";

export type ContactEventKind = EventKind;

export type EventRow = {
  kind: ContactEventKind;
  contact_id: string;
  day: number;
  year: number | null;
  first_name: string;
  last_name: string;
  spouse_first_name: string | null;
  spouse_last_name: string | null;
  name: string | null;
  secondary_type: string | null;
};

/**
 * Every dated event of the user's contacts in one month, as one UNION ALL statement: each
 * branch filters by (user_id, *_month), which the matching index serves. Rows without a day
 * can't be placed on the calendar and are left out. The calendar reads the same rows.
 */
export function contactEventsQuery(userId: number, month: number): SQL {
  const c = contacts;
  const contactBranch = (kind: ContactEventKind, monthColumn: SQL, dayColumn: SQL, yearColumn: SQL) => sql`
    select ${kind}::text as kind, ${c.id} as contact_id, ${dayColumn}::integer as day, ${yearColumn} as year,
      ${c.firstName} as first_name, ${c.lastName} as last_name, ${c.spouseFirstName} as spouse_first_name,
      ${c.spouseLastName} as spouse_last_name, null::text as name, null::text as secondary_type
    from ${c}
    where ${c.userId} = ${userId} and ${monthColumn} = ${month} and ${dayColumn} is not null`;
  // The parent's name by primary key, one lookup per child or pet of the month. OFFSET 0 keeps the
  // planner from turning it into a join that reads the user's whole book when the month is busy.
  const parentOf = (contactId: SQL) =>
    sql`(select p.first_name, p.last_name from contacts p where p.id = ${contactId} and p.user_id = ${userId} offset 0) as parent`;
  return sql`
    ${contactBranch("birthday", sql`${c.birthMonth}`, sql`${c.birthDay}`, sql`${c.birthYear}`)}
    union all
    ${contactBranch("anniversary", sql`${c.anniversaryMonth}`, sql`${c.anniversaryDay}`, sql`${c.anniversaryYear}`)}
    union all
    ${contactBranch("spouse_birthday", sql`${c.spouseBirthMonth}`, sql`${c.spouseBirthDay}`, sql`${c.spouseBirthYear}`)}
    union all
    select 'child_birthday'::text, ${contactChildren.contactId}, ${contactChildren.birthDay}::integer, ${contactChildren.birthYear},
      parent.first_name, parent.last_name, null::text, null::text, ${contactChildren.firstName}, null::text
    from ${contactChildren} cross join lateral ${parentOf(sql`${contactChildren.contactId}`)}
    where ${contactChildren.userId} = ${userId} and ${contactChildren.birthMonth} = ${month} and ${contactChildren.birthDay} is not null
    union all
    select 'pet_birthday'::text, ${contactPets.contactId}, ${contactPets.birthDay}::integer, ${contactPets.birthYear},
      parent.first_name, parent.last_name, null::text, null::text, ${contactPets.name}, ${contactPets.secondaryType}
    from ${contactPets} cross join lateral ${parentOf(sql`${contactPets.contactId}`)}
    where ${contactPets.userId} = ${userId} and ${contactPets.birthMonth} = ${month} and ${contactPets.birthDay} is not null`;
}

/**
 * Years since the birth or wedding; unknown or not yet positive means no count is shown. The
 * year may arrive as text, depending on the driver.
 */
export function yearsSince(eventYear: number, since: number | string | null): number | null {
  if (since === null) return null;
  const years = eventYear - Number(since);
  return years > 0 ? years : null;
}

/** A row of contactEventsQuery as the people wording.ts words. */
export function eventPeople(row: EventRow): EventPeople {
  return {
    kind: row.kind,
    firstName: row.first_name,
    lastName: row.last_name,
    spouseFirstName: row.spouse_first_name,
    spouseLastName: row.spouse_last_name,
    name: row.name,
    petType: row.secondary_type,
  };
}

/** The API's text of the event, e.g. "Emma's birthday (child of Jane Smith, turns 8)". */
export function eventText(row: EventRow, eventYear: number): string {
  return describeEvent(eventPeople(row), yearsSince(eventYear, row.year)).text;
}

/**
 * Birthdays (contact, spouse, children, pets) and anniversaries of the user's contacts in one
 * month of one year, sorted by day, then text. A day past the month's end (Feb 29 in a common
 * year, the 31st of a 30-day month) moves to the month's last day.
 */
export async function listContactEvents(ctx: ServiceContext, input: ContactEventsQuery): Promise<ContactEvent[]> {
  const rows = await execute<EventRow>(ctx.db, contactEventsQuery(ctx.user.id, input.month));
  const lastDay = daysInMonth(input.year, input.month);
  const events = rows.map((row): ContactEvent => {
    const date = { year: input.year, month: input.month, day: Math.min(Number(row.day), lastDay) };
    return { kind: row.kind, contactId: row.contact_id, date, title: eventTitle(date), text: eventText(row, input.year) };
  });
  return events.sort((a, b) => a.date.day - b.date.day || compare(a.text, b.text) || compare(a.contactId, b.contactId));
}

/**
 * The month's events as the JSON text of the API's array, from memory while the user's book
 * version is the one the text was read at (lib/book-cache.ts).
 */
export async function contactEventsJson(ctx: ServiceContext, input: ContactEventsQuery): Promise<string> {
  return readThroughBookCache(monthCache, ctx.db, ctx.user.id, monthCacheKey({ userId: ctx.user.id, year: input.year, month: input.month }), async () =>
    JSON.stringify((await listContactEvents(ctx, input)).map(toContactEventJson)),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
