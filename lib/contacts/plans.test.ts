import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { execute, getDb, type Database } from "@/db/client";
import { contactEventsQuery } from "@/lib/events/service";
import { createUser, type TestUser } from "@/test/api";
import { contactPageQuery, type ContactCursor } from "./service";

// Query plans of the address book on a large book: every read must walk an index, never the table.
const BOOK_SIZE = 100_000;

let db: Database;
let owner: TestUser;

/** Rebuilds a drizzle `toSQL()` result as one SQL object, parameters bound, so EXPLAIN can take it. */
function bound(query: { sql: string; params: unknown[] }): SQL {
  const parts = query.sql.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${query.params[Number(part) - 1]}`)));
}

async function explain(label: string, query: SQL): Promise<string> {
  const rows = await execute<{ "QUERY PLAN": string }>(db, sql`explain ${query}`);
  const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
  console.log(`-- ${label}\n${plan}\n`);
  return plan;
}

const SEQ_SCAN_ON_CONTACTS = /Seq Scan on contacts(\s|$)/m;

beforeAll(async () => {
  db = await getDb();
  owner = await createUser();
  const other = await createUser();
  // One statement: names repeat (equal names exercise the uuid tie-break), one in 500 is a Smithson.
  await execute(
    db,
    sql`insert into contacts (user_id, first_name, last_name, email, phone, birth_month, birth_day, birth_year,
          anniversary_month, anniversary_day, anniversary_year, spouse_first_name, spouse_birth_month, spouse_birth_day)
        select ${owner.id},
          'First' || (i % 997),
          case when i % 500 = 0 then 'Smithson' else 'Last' || lpad((i % 20011)::text, 5, '0') end,
          'person' || i || '@example.com',
          '(555) ' || lpad((i % 10000000)::text, 7, '0'),
          1 + i % 12, 1 + i % 28, 1940 + i % 70,
          case when i % 3 = 0 then 1 + (i / 3) % 12 end, case when i % 3 = 0 then 1 + i % 28 end, case when i % 3 = 0 then 1970 + i % 50 end,
          case when i % 3 = 0 then 'Spouse' || i end, case when i % 3 = 0 then 1 + (i + 5) % 12 end, case when i % 3 = 0 then 1 + i % 28 end
        from generate_series(1, ${BOOK_SIZE}) as i`,
  );
  await execute(
    db,
    sql`insert into contacts (user_id, first_name, last_name, birth_month, birth_day)
        select ${other.id}, 'Other' || i, 'Smithson', 1 + i % 12, 1 + i % 28 from generate_series(1, 2000) as i`,
  );
  // A child for one contact in five, a pet for one in seven, as families are in a real book.
  await execute(
    db,
    sql`insert into contact_children (contact_id, user_id, position, first_name, birth_month, birth_day, birth_year)
        select id, user_id, 0, 'Kid', birth_month % 12 + 1, birth_day, 2010 from contacts
        where user_id = ${owner.id} and ('x' || substr(id::text, 1, 2))::bit(8)::int % 5 = 0`,
  );
  await execute(
    db,
    sql`insert into contact_pets (contact_id, user_id, position, name, secondary_type, birth_month, birth_day, birth_year)
        select id, user_id, 0, 'Rex', 'dog', (birth_month + 2) % 12 + 1, birth_day, 2018 from contacts
        where user_id = ${owner.id} and ('x' || substr(id::text, 3, 2))::bit(8)::int % 7 = 0`,
  );
  await execute(db, sql`analyze`);
}, 300_000);

async function boundaryAt(offset: number): Promise<ContactCursor> {
  const [row] = await execute<{ last_name: string; first_name: string; id: string }>(
    db,
    sql`select last_name, first_name, id from contacts where user_id = ${owner.id} order by last_name, first_name, id offset ${offset} limit 1`,
  );
  return { d: "next", l: row!.last_name, f: row!.first_name, id: row!.id };
}

describe("query plans on a book of 100,000 contacts", () => {
  it("reads the first page from the name index", async () => {
    const plan = await explain("first page", bound(contactPageQuery(db, { userId: owner.id, position: null, perPage: 15 }).toSQL()));
    expect(plan).toMatch(/Index (Only )?Scan using contacts_user_name_idx on contacts/);
    expect(plan).not.toMatch(SEQ_SCAN_ON_CONTACTS);
  });

  it("seeks a deep page with the row comparison, forwards and backwards", async () => {
    const position = await boundaryAt(Math.floor(BOOK_SIZE * 0.9));
    const next = await explain("deep page, next cursor", bound(contactPageQuery(db, { userId: owner.id, position, perPage: 15 }).toSQL()));
    expect(next).toMatch(/Index (Only )?Scan using contacts_user_name_idx on contacts/);
    expect(next).toMatch(/Index Cond: .*ROW\((contacts\.)?last_name, (contacts\.)?first_name, (contacts\.)?id\) >/);
    expect(next).not.toMatch(SEQ_SCAN_ON_CONTACTS);

    const prev = await explain(
      "deep page, prev cursor",
      bound(contactPageQuery(db, { userId: owner.id, position: { ...position, d: "prev" }, perPage: 15 }).toSQL()),
    );
    expect(prev).toMatch(/Index (Only )?Scan Backward using contacts_user_name_idx on contacts/);
    expect(prev).not.toMatch(SEQ_SCAN_ON_CONTACTS);
  });

  it("searches through the trigram index", async () => {
    const plan = await explain("search smithson", bound(contactPageQuery(db, { userId: owner.id, position: null, perPage: 15, query: "smithson" }).toSQL()));
    expect(plan).toMatch(/Bitmap Index Scan on contacts_search_trgm_idx/);
    expect(plan).not.toMatch(SEQ_SCAN_ON_CONTACTS);
  });

  it("gathers a month's events through the month indexes", async () => {
    const plan = await explain("events of March", contactEventsQuery(owner.id, 3));
    for (const index of [
      "contacts_user_birth_month_idx",
      "contacts_user_anniversary_month_idx",
      "contacts_user_spouse_birth_month_idx",
      "contact_children_user_birth_month_idx",
      "contact_pets_user_birth_month_idx",
    ]) {
      expect(plan).toMatch(new RegExp(`(Index|Index Only|Bitmap Index) Scan (using |on )${index}`));
    }
    expect(plan).not.toMatch(SEQ_SCAN_ON_CONTACTS);
  });
});
