import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ContactJson } from "@/lib/contacts/response";
import { api, createUser, type TestUser } from "@/test/api";
import { readContactsVcard } from "./vcard";

/*
 * Real exports of the programs people move their address book from (fixtures/real,
 * SOURCES-vcard.md says where each comes from): who arrives with which fields, who is skipped and
 * why, and that the same file imported again creates nothing.
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), "utf8");

const importFile = (user: TestUser, content: string) =>
  api.post("/contacts/import?on_invalid=skip", { token: user.token, rawBody: content, headers: { "content-type": "text/vcard" } });

async function book(user: TestUser): Promise<ContactJson[]> {
  const res = await api.get("/contacts?per_page=100", { token: user.token });
  return res.body.data as ContactJson[];
}

type Person = Partial<ContactJson>;
type Skipped = { row: number; name: string; errors: Record<string, string[]> };

const date = (prefix: "birth" | "anniversary", year: number | null, month: number, day: number) => ({ [`${prefix}_year`]: year, [`${prefix}_month`]: month, [`${prefix}_day`]: day });

/** A file's people as they must arrive (in the book's order: last name, first name) and its cards that can't. */
const FILES: { file: string; people: Person[]; skipped?: Skipped[]; createdAgain?: number }[] = [
  {
    file: "android-john-doe.vcf",
    // Cards 3 and 4 have a surname only, and a formatted name that gives both.
    people: [
      { first_name: "Ñ Ñ Ñ Ñ", last_name: "Ñ", phone: "123456789" },
      { first_name: "Ñ Ñ Ñ Ñ Ñ Ñ Ñ Ñ Ñ Ñ", last_name: "Ñ", phone: "123456" },
      { first_name: "Ñ Ñ Ñ", last_name: "Ñ Ñ", company: "ÑÑÑÑÑÑÑÑÑÑÑÑ", email: "bob@company.com", phone: "123456" },
    ],
    // An email alone, and a one-word name.
    skipped: [
      { row: 1, name: "john.doe@company.com", errors: { first_name: ["No name: a contact needs a first and a last name."] } },
      { row: 2, name: "jane.doe@company.com", errors: { first_name: ["No name: a contact needs a first and a last name."] } },
      { row: 6, name: "ÑÑÑÑ", errors: { first_name: ['Only one name ("ÑÑÑÑ"): a contact needs a first and a last name.'] } },
    ],
  },
  {
    file: "evolution-john-doe.vcf",
    people: [
      {
        prefix: "Mr.",
        first_name: "John",
        middle_name: "Richter, James",
        last_name: "Doe",
        company: "IBM",
        email: "john.doe@ibm.com",
        phone: "905-666-1234",
        address: "15 Crescent moon drive",
        city: "Albaney",
        state: "New York",
        zip: "12345",
        country: "United States of America",
        ...date("birth", 1980, 3, 22),
        ...date("anniversary", 1980, 3, 22),
        spouse_first_name: "Maria",
      },
    ],
  },
  {
    file: "gmail-john-doe.vcf",
    people: [
      {
        first_name: "John",
        last_name: "Doe",
        email: "john.doe@ibm.com",
        phone: "905-555-1234",
        address: "Crescent moon drive",
        apt: "555-asd, Nice Area",
        city: "Albaney",
        state: "New York",
        zip: "12345",
        country: "United States of America",
        ...date("birth", 1980, 3, 22),
        ...date("anniversary", 1975, 3, 1),
        spouse_first_name: "Jenny",
      },
    ],
  },
  {
    file: "gmail-single.vcf",
    people: [
      {
        first_name: "Greg",
        last_name: "Dartmouth",
        email: "gdartmouth@hotmail.com",
        phone: "555 555 1111",
        address: "123 Home St",
        apt: null,
        city: "Home City",
        state: "HM",
        zip: "12345",
        ...date("birth", 1960, 9, 10),
        ...date("anniversary", 1970, 6, 2),
        spouse_first_name: "MySpouse",
        notes: "This is GMail's note field.\nIt should be added as a NOTE type.\nACustomField: CustomField",
      },
    ],
  },
  {
    file: "gmail-list.vcf",
    people: [
      { first_name: "Chris", last_name: "Beatle", email: "chrisy55d@yahoo.com" },
      { first_name: "Arnold", last_name: "Smith", email: "asmithk@gmail.com" },
      { first_name: "Doug", last_name: "White", email: "dwhite@gmail.com" },
    ],
  },
  {
    file: "iphone-john-doe.vcf",
    people: [
      {
        first_name: "John",
        last_name: "Doe",
        company: "IBM",
        email: "john.doe@ibm.com",
        // The mobile, not the preferred work phone, a fax or the pager.
        phone: "905-555-1234",
        address: "Silicon Alley 5",
        city: "New York",
        state: "New York",
        zip: "12345",
        ...date("birth", 2012, 6, 6),
      },
    ],
  },
  {
    file: "mac-address-book-john-doe.vcf",
    people: [
      {
        first_name: "John",
        middle_name: "Richter,James",
        last_name: "Doe",
        email: "john.doe@ibm.com",
        phone: "905-555-1234",
        address: "Silicon Alley 5,",
        city: "New York",
        zip: "12345",
        ...date("birth", 2012, 6, 6),
        spouse_first_name: "Jenny",
      },
    ],
  },
  {
    file: "outlook-john-doe.vcf",
    people: [
      {
        first_name: "John",
        last_name: "Doe",
        email: "john.doe@ibm.cm",
        phone: "(905) 666-1234",
        // The home address, not the preferred work one.
        address: "Silicon Alley 5",
        city: "New York",
        ...date("birth", 1980, 3, 22),
        ...date("anniversary", 2011, 1, 13),
      },
    ],
  },
  {
    file: "outlook-2003.vcf",
    people: [
      {
        first_name: "John",
        last_name: "Doe",
        company: "Company, The",
        email: "jdoe@hotmail.com",
        phone: "MobilePhone",
        address: "123 Main St",
        apt: "TheOffice",
        city: "Austin",
        state: "TX",
        zip: "12345",
        ...date("birth", 1980, 3, 21),
        notes: "This is the note field!!\nSecond line\n\nThird line is empty",
      },
    ],
  },
  {
    file: "outlook-2007.vcf",
    people: [
      {
        prefix: "Mr.",
        first_name: "Michael",
        last_name: "Angstadt",
        email: "mike.angstadt@gmail.com",
        phone: "(111) 555-4444",
        address: "222 Broadway",
        city: "New York",
        state: "NY",
        zip: "99999",
        country: "USA",
        ...date("birth", 1922, 3, 10),
        ...date("anniversary", 2012, 8, 1),
        spouse_first_name: "TheSpouse",
      },
    ],
  },
  {
    file: "rfc6350-example.vcf",
    people: [
      {
        first_name: "Simon",
        last_name: "Perreault",
        company: "Viagenie",
        email: "simon.perreault@viagenie.ca",
        phone: "+1-418-262-6501",
        address: "2875 Laurier",
        apt: "Suite D2-630",
        city: "Quebec",
        state: "QC",
        zip: "G1V 2M2",
        country: "Canada",
        ...date("birth", null, 2, 3),
        ...date("anniversary", 2009, 8, 8),
      },
    ],
  },
  {
    file: "outlook-2003-long-note.vcf",
    people: [
      {
        first_name: "José",
        last_name: "Müller",
        email: "jose.muller@example.com",
        phone: "(555) 010-2000",
        notes: ["Notes de José Müller", ...Array.from({ length: 999 }, (_, i) => `Line ${i + 2}`)].join("\n"),
      },
    ],
  },
];

describe("real vCard exports", () => {
  for (const { file, people, skipped = [], createdAgain = 0 } of FILES) {
    it(`${file}: ${people.length} arrive${skipped.length > 0 ? `, ${skipped.length} skipped` : ""}, and a second import creates nothing`, async () => {
      const user = await createUser();
      const content = fixture(file);
      const read = await readContactsVcard(content);
      expect(read.count).toBe(people.length + skipped.length);

      const first = await importFile(user, content);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ created: people.length, updated: 0, unchanged: 0 });
      expect(first.body.data.skipped).toEqual(skipped);
      const arrived = await book(user);
      expect(arrived).toMatchObject(people);
      expect(arrived).toHaveLength(people.length);

      const again = await importFile(user, content);
      expect(again.body.data).toMatchObject({ created: createdAgain });
      expect(await book(user)).toHaveLength(people.length + createdAgain);
    });
  }

  it("monica-stub.vcf, no vCard at all, is refused whole with what is wrong", async () => {
    const user = await createUser();
    const res = await importFile(user, fixture("monica-stub.vcf"));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ file: ["The file has no vCard in it (BEGIN:VCARD ... END:VCARD)."] });
  });
});
