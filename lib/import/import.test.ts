import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_EXPORT_HEADERS, contactToCsvRow } from "@/lib/contacts/csv-columns";
import type { ContactJson } from "@/lib/contacts/response";
import { api, createUser, type TestUser } from "@/test/api";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

function importFile(user: TestUser, content: string, contentType: string, query = "") {
  return api.post(`/contacts/import${query}`, { token: user.token, rawBody: content, headers: { "content-type": contentType } });
}

async function allContacts(user: TestUser): Promise<ContactJson[]> {
  const contacts: ContactJson[] = [];
  let path: string | null = "/contacts?per_page=100";
  while (path) {
    const res = await api.get(path, { token: user.token });
    contacts.push(...res.body.data);
    path = res.body.links.next ? new URL(res.body.links.next).pathname.replace("/api/v1", "") + new URL(res.body.links.next).search : null;
  }
  return contacts;
}

const byName = (contacts: ContactJson[], first: string) => contacts.find((c) => c.first_name === first)!;

/** Our export's CSV of the given contacts, as the export writes it. */
const exportCsv = (contacts: ContactJson[]) => Papa.unparse([CSV_EXPORT_HEADERS as string[], ...contacts.map(contactToCsvRow)]);

describe("POST /contacts/import: other programs' files", () => {
  it("reads a Google Contacts CSV: unicode names, a note and an address with line breaks, relations and events", async () => {
    const user = await createUser();
    const res = await importFile(user, fixture("google-contacts.csv"), "text/csv");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { created: 2, updated: 0, unchanged: 0 } });
    const contacts = await allContacts(user);
    const jose = byName(contacts, "José");
    expect(jose).toMatchObject({
      prefix: "Dr.",
      middle_name: "María",
      last_name: "Müller-Núñez",
      company: "Ñandú Ltd.",
      email: "jose@example.com",
      phone: "+34 612 345 678",
      address: "Calle Mayor 5",
      apt: "3º",
      city: "Madrid",
      zip: "28013",
      country: "Spain",
      birth_month: 3,
      birth_day: 14,
      birth_year: 1980,
      anniversary_month: 9,
      anniversary_day: 20,
      anniversary_year: 2008,
      spouse_first_name: "Lucía",
      spouse_last_name: "Fernández",
      children: [{ first_name: "Mateo", birth_month: null, birth_day: null, birth_year: null }],
    });
    expect(jose.notes).toContain("Likes cards with birds.");
    // Several emails in one cell: the first one.
    expect(byName(contacts, "小龍")).toMatchObject({ last_name: "李", email: "bruce@example.com", birth_month: 11, birth_day: 27, birth_year: null });
  }, 90_000);

  it("reads an Outlook CSV with a byte order mark, its US dates, spouse and children", async () => {
    const user = await createUser();
    const res = await importFile(user, fixture("outlook.csv"), "text/csv; charset=utf-8");
    expect(res.body).toMatchObject({ data: { created: 2, updated: 0, unchanged: 0 } });
    const contacts = await allContacts(user);
    expect(byName(contacts, "Margaret")).toMatchObject({
      prefix: "Mrs.",
      last_name: "O'Brien",
      company: "Contoso, Ltd.",
      address: "12 Elm Street",
      apt: "Apt 2",
      city: "Springfield",
      state: "IL",
      zip: "62704",
      phone: "(217) 555-0142",
      birth_month: 4,
      birth_day: 5,
      birth_year: 1962,
      anniversary_month: 6,
      anniversary_day: 2,
      anniversary_year: 1990,
      spouse_first_name: "Sean",
      spouse_last_name: "O'Brien",
      notes: 'Prefers "handwritten" cards.',
    });
    expect(byName(contacts, "Margaret").children.map((c) => c.first_name)).toEqual(["Liam", "Nora"]);
    // Outlook writes 0/0/00 for no date.
    expect(byName(contacts, "Tom")).toMatchObject({ birth_month: null, anniversary_month: null });
  });

  it("reads Apple's and Google's vCards and a vCard 2.1 with quoted-printable values", async () => {
    const user = await createUser();
    expect((await importFile(user, fixture("apple-contacts.vcf"), "text/vcard")).body).toMatchObject({ data: { created: 2, updated: 0, unchanged: 0 } });
    expect((await importFile(user, fixture("google-contacts.vcf"), "text/vcard")).body).toMatchObject({ data: { created: 2, updated: 0, unchanged: 0 } });
    expect((await importFile(user, fixture("nokia-2.1.vcf"), "text/x-vcard")).body).toMatchObject({ data: { created: 1, updated: 0, unchanged: 0 } });
    const contacts = await allContacts(user);
    expect(byName(contacts, "Johnny")).toMatchObject({
      prefix: "Mr.",
      middle_name: "Q.",
      last_name: "Appleseed",
      company: "Orchard Inc.",
      address: "1 Infinite Loop",
      apt: "Suite 4",
      city: "Cupertino",
      notes: "Loves apples, pears\nand plums.",
      // Apple's 1604 means "no year".
      birth_month: 7,
      birth_day: 4,
      birth_year: null,
      anniversary_month: 5,
      anniversary_day: 21,
      anniversary_year: 2005,
      spouse_first_name: "Jane",
      spouse_last_name: "Appleseed",
    });
    expect(byName(contacts, "Johnny").children.map((c) => c.first_name)).toEqual(["Pip", "Core"]);
    expect(byName(contacts, "Åsa")).toMatchObject({ last_name: "Ångström", birth_year: 1975 });
    expect(byName(contacts, "Priya")).toMatchObject({ birth_month: 8, birth_day: 14, birth_year: null, city: "Bengaluru" });
    expect(byName(contacts, "Noa")).toMatchObject({ anniversary_year: 2015, anniversary_month: 6, anniversary_day: 12, spouse_first_name: "Dan" });
    expect(byName(contacts, "Jürgen")).toMatchObject({ last_name: "Müller", address: "Straße des 17. Juni 135", notes: "Erste Zeile\nZweite Zeile", phone: "+49 30 1234567" });
  });

  it("a dry run answers the counts and saves nothing", async () => {
    const user = await createUser();
    const res = await importFile(user, fixture("google-contacts.vcf"), "text/vcard", "?dry_run=true");
    expect(res.body).toMatchObject({ data: { created: 2, updated: 0, unchanged: 0 } });
    expect(await allContacts(user)).toEqual([]);
  });
});

describe("POST /contacts/import: rows and limits", () => {
  const header = "first_name,last_name,email,internal_id\n";

  it("10,000 rows import at once; a bad row at 7,000 is named and nothing is saved", async () => {
    const user = await createUser();
    const lines = Array.from({ length: 10_000 }, (_, i) => `Person,Number ${i + 1},p${i + 1}@example.com,ID-${i + 1}`);
    lines[6999] = "Person,Number 7000,not-an-email,ID-7000";
    const bad = await importFile(user, header + lines.join("\n"), "text/csv");
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ "rows.7000.email": ["The email field must be a valid email address."] });
    expect(bad.body.message).toBe("Row 7000: The email field must be a valid email address.");
    expect(await allContacts(user)).toEqual([]);

    lines[6999] = "Person,Number 7000,p7000@example.com,ID-7000";
    const good = await importFile(user, header + lines.join("\n"), "text/csv");
    expect(good.body).toMatchObject({ data: { created: 10_000, updated: 0, unchanged: 0 } });
    const again = await importFile(user, header + lines.join("\n"), "text/csv", "?dry_run=1");
    expect(again.body).toMatchObject({ data: { created: 0, updated: 0, unchanged: 10_000 } });
  }, 120_000);

  it("an internal_id twice in one file is an error on the second row", async () => {
    const user = await createUser();
    const res = await importFile(user, header + "Ann,A,,X-1\nBob,B,,X-2\nCid,C,,X-1\n", "text/csv");
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "rows.3.internal_id": ["The internal id appears more than once in this file (first on row 1)."] });
  });

  it("names every invalid field of every row, counting rows after the header", async () => {
    const user = await createUser();
    const res = await importFile(user, "First Name,Last Name,Birthday,Children\nAnn,,1980-02-30,\nBob,B,,\"[{\"\"first_name\"\":\"\"\"\"}]\"\n", "text/csv");
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      "rows.1.birth_month": ['The birthday "1980-02-30" is not a date; write it as YYYY-MM-DD, YYYYMMDD, --MM-DD, M/D/YYYY (or D/M/YYYY) or D.M.YYYY.'],
      "rows.1.last_name": ['Only one name ("Ann"): a contact needs a first and a last name.'],
      "rows.2.children.0.first_name": ["The first name field is required."],
    });
  });

  it("refuses over 10,000 contacts (422), over 5 MiB (413) and other content types (415)", async () => {
    const user = await createUser();
    const many = header + Array.from({ length: 10_001 }, (_, i) => `A,B${i},,`).join("\n");
    const tooMany = await importFile(user, many, "text/csv");
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe("The file has 10,001 contacts; import at most 10,000 at a time.");
    const huge = await importFile(user, header + "A,B,,\n".repeat(900_000), "text/csv");
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: "The request body is too large: the limit is 5 MiB." });
    const json = await api.post("/contacts/import", { token: user.token, body: { first_name: "A" } });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe("Send the file as Content-Type: text/csv or text/vcard.");
    const empty = await importFile(user, "", "text/csv");
    expect(empty.status).toBe(422);
  });

  it("needs a token", async () => {
    const res = await api.post("/contacts/import", { rawBody: header, headers: { "content-type": "text/csv" } });
    expect(res.status).toBe(401);
  });
});

describe("POST /contacts/import: export, edit, import", () => {
  async function seedBook(user: TestUser) {
    const bodies = [
      {
        internal_id: "CRM-1",
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.com",
        phone: "+44 20 7946 0000",
        city: "London",
        notes: "=SUM(A1) is not a formula here,\nand this \"note\" has a line break",
        children: [{ first_name: "Byron", birth_month: 12, birth_day: 10, birth_year: 1836 }],
        pets: [{ name: "Rex", secondary_type: "dog", birth_month: 5, birth_day: null, birth_year: null }],
        birth_month: 12,
        birth_day: 10,
        birth_year: 1815,
        spouse_first_name: "William",
        spouse_middle_name: "King",
        spouse_last_name: "Noel",
      },
      { first_name: "Grace", last_name: "Hopper", company: "Navy", birth_month: 12, birth_day: 9 },
      { first_name: "Alan", last_name: "Turing", internal_id: "CRM-3", address: "-1 Odd Street" },
    ];
    for (const body of bodies) expect((await api.post("/contacts", { token: user.token, body })).status).toBe(201);
    return allContacts(user);
  }

  it("importing the export changes nothing; an edited cell lands and nothing else moves", async () => {
    const user = await createUser();
    const before = await seedBook(user);
    const csv = exportCsv(before);
    expect((await importFile(user, csv, "text/csv")).body).toMatchObject({ data: { created: 0, updated: 0, unchanged: 3 } });
    expect(await allContacts(user)).toEqual(before);

    // Edited in a spreadsheet: Grace moves, Ada's child gets a sibling, a new row is added.
    const rows = Papa.parse<string[]>(csv).data;
    const column = (name: string) => CSV_EXPORT_HEADERS.indexOf(name);
    const grace = rows.find((r) => r[column("first_name")] === "Grace")!;
    grace[column("city")] = "Arlington";
    const ada = rows.find((r) => r[column("first_name")] === "Ada")!;
    ada[column("children")] = JSON.stringify([...JSON.parse(ada[column("children")]!), { first_name: "Anne", birth_month: 9, birth_day: 12, birth_year: 1838 }]);
    rows.push(CSV_EXPORT_HEADERS.map((h) => ({ first_name: "Katherine", last_name: "Johnson" })[h] ?? ""));
    const res = await importFile(user, Papa.unparse(rows), "text/csv");
    expect(res.body).toMatchObject({ data: { created: 1, updated: 2, unchanged: 1 } });

    const after = await allContacts(user);
    expect(after).toHaveLength(4);
    const find = (list: ContactJson[], first: string) => byName(list, first);
    expect(find(after, "Grace")).toEqual({ ...find(before, "Grace"), city: "Arlington", updated_at: find(after, "Grace").updated_at });
    expect(find(after, "Ada").children.map((c) => c.first_name)).toEqual(["Byron", "Anne"]);
    expect({ ...find(after, "Ada"), children: [], updated_at: null }).toEqual({ ...find(before, "Ada"), children: [], updated_at: null });
    expect(find(after, "Alan")).toEqual(find(before, "Alan"));
    expect(find(after, "Katherine")).toMatchObject({ last_name: "Johnson", city: null, children: [] });
  });

  it("a row names its contact by internal_id when it has no uuid, and a vCard of names keeps the children's birthdays", async () => {
    const user = await createUser();
    const before = await seedBook(user);
    const res = await importFile(user, "internal_id,first_name,last_name,city\nCRM-3,Alan,Turing,Wilmslow\n", "text/csv");
    expect(res.body).toMatchObject({ data: { created: 0, updated: 1, unchanged: 0 } });
    expect(byName(await allContacts(user), "Alan").city).toBe("Wilmslow");

    const ada = byName(before, "Ada");
    const vcard = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "N:Lovelace;Ada;;;",
      "FN:Ada Lovelace",
      `UID:${ada.uuid}`,
      "EMAIL:ada@example.com",
      "item1.X-ABRELATEDNAMES:William King Noel",
      "item1.X-ABLabel:_$!<Spouse>!$_",
      "item2.X-ABRELATEDNAMES:Byron",
      "item2.X-ABLabel:_$!<Child>!$_",
      "END:VCARD",
    ].join("\r\n");
    expect((await importFile(user, vcard, "text/vcard")).body).toMatchObject({ data: { created: 0, updated: 0, unchanged: 1 } });
    expect(byName(await allContacts(user), "Ada")).toEqual(ada);
  });

  it("a uuid that is not a uuid, or the same contact twice, is a row error", async () => {
    const user = await createUser();
    const before = await seedBook(user);
    const ada = byName(before, "Ada");
    const res = await importFile(user, `uuid,internal_id,first_name,last_name\nnope,,A,B\n${ada.uuid},,Ada,L\n,CRM-1,Ada,L\n`, "text/csv");
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      "rows.1.uuid": ["The uuid field must be a valid UUID."],
      "rows.3.internal_id": ["This contact is already in the file on row 2."],
    });
  });
});
