import { beforeAll, describe, expect, it } from "vitest";
import { api, createUser, type TestUser } from "@/test/api";
import { toContactJson } from "./mapper";
import { findContactsWithFamily } from "./queries";
import { listContactsJson } from "./service";

// The list answers with contacts written by PostgreSQL (contactJsonSql); every other contact
// response goes through toContactJson. A partner must not be able to tell them apart.
describe("contacts as JSON text from PostgreSQL", () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser();
    const everyField = {
      internal_id: "crm-1",
      prefix: "Dr.",
      first_name: 'Zoë "Zed"',
      middle_name: "Ann\\Marie",
      last_name: "O'Brien",
      company: "Ünïcode & Sons </script>",
      email: "zoe@example.org",
      phone: "(555) 010-2030",
      address: "1 Line\nTwo",
      apt: "4B",
      city: "Springfield",
      state: "IL",
      zip: "62701",
      country: "US",
      spouse_prefix: "Mr.",
      spouse_first_name: "Sam",
      spouse_middle_name: "Q",
      spouse_last_name: "Brien",
      birth_month: 2,
      birth_day: 29,
      birth_year: 1984,
      anniversary_month: 6,
      anniversary_day: 1,
      anniversary_year: 2010,
      spouse_birth_month: 12,
      spouse_birth_day: 31,
      spouse_birth_year: 1983,
      notes: "Tab\there, emoji 🎂, control \u0001",
      children: [
        { first_name: "Kid One", birth_month: 1, birth_day: 2, birth_year: 2015 },
        { first_name: "Kid Two", birth_month: null, birth_day: null, birth_year: null },
      ],
      pets: [{ name: "Rex", secondary_type: "dog", birth_month: 3, birth_day: 4, birth_year: 2020 }],
    };
    for (const body of [everyField, { first_name: "Only", last_name: "Required" }]) {
      const res = await api.post("/contacts", { token: user.token, body });
      expect(res.status).toBe(201);
    }
  });

  it("writes the same document as toContactJson, key order included", async () => {
    const page = await listContactsJson({ db: user.db, user: { id: user.id, accountType: 1 } });
    const rows = await findContactsWithFamily(user.db, user.id);
    expect(page.items).toHaveLength(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    page.items.forEach((text, i) => {
      const expected = toContactJson(rows[i]!);
      expect(JSON.parse(text)).toEqual(expected);
      expect(text).toBe(JSON.stringify(expected));
    });
  });

  it("answers GET /contacts with that text inside the pagination shape", async () => {
    const res = await api.get("/contacts?query=brien", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].last_name).toBe("O'Brien");
    expect(res.body.data[0].children).toEqual([
      { first_name: "Kid One", birth_month: 1, birth_day: 2, birth_year: 2015 },
      { first_name: "Kid Two", birth_month: null, birth_day: null, birth_year: null },
    ]);
    expect(Object.keys(res.body)).toEqual(["data", "links", "meta"]);
  });
});
