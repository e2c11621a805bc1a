import { sql, type SQL } from "drizzle-orm";

// The ISO 8601 form Date#toISOString gives (milliseconds, "Z"); to_char truncates the
// microseconds as the driver's Date does.
const isoUtc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// Columns are spelled out qualified: drizzle writes a lone table's columns unqualified, which
// the subqueries over children and pets would take for their own.
const CONTACT_JSON = `(select row_to_json(contact)::text from (select
    contacts.id as uuid, contacts.internal_id, contacts.prefix, contacts.first_name, contacts.middle_name,
    contacts.last_name, contacts.company, contacts.email, contacts.phone, contacts.address, contacts.apt,
    contacts.city, contacts.state, contacts.zip, contacts.country, contacts.spouse_prefix,
    contacts.spouse_first_name, contacts.spouse_middle_name, contacts.spouse_last_name,
    contacts.birth_month, contacts.birth_day, contacts.birth_year,
    contacts.anniversary_month, contacts.anniversary_day, contacts.anniversary_year,
    contacts.spouse_birth_month, contacts.spouse_birth_day, contacts.spouse_birth_year,
    array_to_json(array(select child from (
      select ch.first_name, ch.birth_month, ch.birth_day, ch.birth_year
      from contact_children ch where ch.contact_id = contacts.id order by ch.position) child)) as children,
    array_to_json(array(select pet from (
      select p.name, p.birth_month, p.birth_day, p.birth_year, p.secondary_type
      from contact_pets p where p.contact_id = contacts.id order by p.position) pet)) as pets,
    contacts.notes, ${isoUtc("contacts.created_at")} as created_at, ${isoUtc("contacts.updated_at")} as updated_at
  ) contact)`;

/**
 * The spec's Contact, as JSON text written by PostgreSQL: the same document as
 * `toContactJson` (a test holds the two equal, byte for byte), for the list that answers most
 * API requests. Reading 35 columns of 16 rows into objects and writing them out again costs
 * the server more than the whole query; one text column per row costs next to nothing.
 * row_to_json keeps the column order and writes compact JSON. The outer query must read
 * `contacts` under that name.
 */
export function contactJsonSql(): SQL<string> {
  return sql<string>`${sql.raw(CONTACT_JSON)}`;
}
