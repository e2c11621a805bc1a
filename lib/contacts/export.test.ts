import ICAL from "ical.js";
import Papa from "papaparse";
import { count, eq, sql } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createUser, type TestUser } from "@/test/api";
import { CSV_EXPORT_HEADERS, readCsvContactRow } from "./csv-columns";
import { exportContactsStream } from "./export";
import type { ContactJson } from "./response";

const BULK = 10_050;

/** Contacts straight into the table (the triggers write their JSON): creating 10,000 through the API would take minutes. */
async function insertBulk(user: TestUser, count: number): Promise<void> {
  await user.db.execute(sql`
    insert into contacts (user_id, first_name, last_name, city, phone)
    select ${user.id}, 'Person' || n, 'Bulk' || lpad(n::text, 6, '0'), 'Town ' || (n % 97), '+1 555 ' || n
    from generate_series(1, ${count}) n`);
}

/** Text as a client decodes it (UTF-8, the byte order mark dropped), parsed. */
function parseCsv(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe("GET /contacts/export", () => {
  let owner: TestUser;
  let special: ContactJson;

  beforeAll(async () => {
    owner = await createUser();
    const res = await api.post("/contacts", {
      token: owner.token,
      body: {
        prefix: "Dr.",
        first_name: "=HYPERLINK(\"http://evil.example\")",
        last_name: "-Aardvark",
        company: "Acme, Inc.; Widgets",
        email: "jane@example.com",
        phone: "+1 (555) 010-0000",
        address: "1 Main St",
        apt: "Apt 2",
        city: "Springfield",
        state: "IL",
        zip: "62701",
        country: "US",
        spouse_first_name: "Bob",
        spouse_last_name: "Aardvark",
        birth_month: 2,
        birth_day: 29,
        birth_year: 1988,
        anniversary_month: 6,
        anniversary_day: 20,
        children: [{ first_name: "Emma", birth_month: 3, birth_day: 14, birth_year: 2015 }, { first_name: "Leo" }],
        pets: [{ name: "Rex", secondary_type: "dog", birth_month: 5, birth_day: 1 }],
        // A semicolon in NOTE is escaped too (vcard.test.ts), which ical.js leaves escaped in 3.0 text.
        notes: "@reminder: likes tea\nsecond line, with a comma \\ backslash",
      },
    });
    expect(res.status).toBe(201);
    special = res.body.data;
    await insertBulk(owner, BULK);
    // Another account's contacts never show in this one's export.
    const other = await createUser();
    await insertBulk(other, 5);
  }, 120_000);

  it("streams every contact as CSV, one row each under the header, with a download's headers", async () => {
    const res = await api.get("/contacts/export?format=csv", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="cardmail-contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual(CSV_EXPORT_HEADERS);
    expect(rows.length).toBe(BULK + 1);
    const uuids = new Set(rows.map((row) => row[0]));
    expect(uuids.size).toBe(BULK + 1);
    const [stored] = await owner.db.select({ n: count() }).from(contacts).where(eq(contacts.userId, owner.id));
    expect(stored!.n).toBe(BULK + 1);
  }, 60_000);

  it("is CSV by default", async () => {
    const res = await api.get("/contacts/export", { token: owner.token });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  }, 60_000);

  it("neutralises cells a spreadsheet would run as formulas, and reads back to the same contact", async () => {
    const res = await api.get("/contacts/export", { token: owner.token });
    const [header, ...rows] = parseCsv(res.text);
    const cells = rows.find((row) => row[0] === special.uuid)!;
    const cell = (name: string) => cells[header!.indexOf(name)];
    expect(cell("first_name")).toBe(`'${special.first_name}`);
    expect(cell("last_name")).toBe("'-Aardvark");
    expect(cell("phone")).toBe("'+1 (555) 010-0000");
    expect(cell("notes")!.startsWith("'@reminder")).toBe(true);
    expect(rows.flat().filter((value) => /^[=+\-@]/.test(value))).toEqual([]);

    const read = readCsvContactRow(Object.fromEntries(header!.map((name, i) => [name, cells[i]!])));
    expect(read.uuid).toBe(special.uuid);
    expect(read.errors).toEqual({});
    for (const [field, value] of Object.entries(read.input)) {
      const expected = special[field as keyof ContactJson];
      if (field === "children" || field === "pets") expect(value).toEqual(expected);
      else expect(value).toBe(expected === null ? "" : String(expected));
    }
  }, 60_000);

  it("writes vCard 3.0 that a vCard parser reads back field by field", async () => {
    const res = await api.get("/contacts/export?format=vcf", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/vcard; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/filename="cardmail-contacts-\d{4}-\d{2}-\d{2}\.vcf"$/);
    for (const line of res.text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);

    const cards = (ICAL.parse(res.text) as unknown[]).map((jcard) => new ICAL.Component(jcard as unknown[]));
    expect(cards.length).toBe(BULK + 1);
    const card = cards.find((c) => c.getFirstPropertyValue("uid") === special.uuid)!;
    expect(card.getFirstPropertyValue("version")).toBe("3.0");
    expect(card.getFirstProperty("n")!.getValues()[0]).toEqual(["-Aardvark", special.first_name, "", "Dr.", ""]);
    expect(card.getFirstPropertyValue("fn")).toBe(`Dr. ${special.first_name} -Aardvark`);
    expect(card.getFirstPropertyValue("org")).toBe("Acme, Inc.; Widgets");
    expect(card.getFirstPropertyValue("email")).toBe("jane@example.com");
    expect(card.getFirstPropertyValue("tel")).toBe("+1 (555) 010-0000");
    expect(card.getFirstProperty("adr")!.getValues()[0]).toEqual(["", "Apt 2", "1 Main St", "Springfield", "IL", "62701", "US"]);
    expect(String(card.getFirstPropertyValue("bday"))).toBe("1988-02-29");
    expect(card.getFirstPropertyValue("x-anniversary")).toBe("--0620");
    expect(card.getFirstPropertyValue("note")).toBe(special.notes);
    const related = card.getAllProperties("x-abrelatednames").map((p) => [p.getFirstValue(), card.getAllProperties("x-ablabel").find((l) => l.getParameter("group") === p.getParameter("group"))?.getFirstValue()]);
    expect(related).toEqual([
      ["Bob Aardvark", "_$!<Spouse>!$_"],
      ["Emma", "_$!<Child>!$_"],
      ["Leo", "_$!<Child>!$_"],
    ]);
  }, 60_000);

  it("reads the book a batch at a time, however it is cut", async () => {
    const reader = exportContactsStream({ db: owner.db, user: { id: owner.id, accountType: 1 } }, "csv", 997).getReader();
    const decoder = new TextDecoder();
    let text = "";
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // The byte order mark spreadsheet apps need to read UTF-8.
      if (chunks === 0) expect([...value.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBe(1 + Math.ceil((BULK + 1) / 997));
    expect(parseCsv(text).length).toBe(BULK + 2);
  }, 60_000);

  it("refuses an unknown format with 422 on format, and a request without a token with 401", async () => {
    const bad = await api.get("/contacts/export?format=xml", { token: owner.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.format).toEqual(["The format must be csv or vcf."]);
    expect((await api.get("/contacts/export")).status).toBe(401);
  });

  it("exports an empty book as the header row alone, or an empty vCard file", async () => {
    const empty = await createUser();
    const csv = await api.get("/contacts/export", { token: empty.token });
    expect(parseCsv(csv.text)).toEqual([CSV_EXPORT_HEADERS]);
    const vcf = await api.get("/contacts/export?format=vcf", { token: empty.token });
    expect(vcf.status).toBe(200);
    expect(vcf.text).toBe("");
  });
});
