import { describe, expect, it } from "vitest";
import { readContactsVcard } from "./vcard";
import { splitWholeAddress } from "./vcard-address";

const card = (...lines: string[]) => ["BEGIN:VCARD", ...lines, "END:VCARD", ""].join("\r\n");

async function readOne(...lines: string[]) {
  const file = await readContactsVcard(card(...lines));
  expect(file.rows).toHaveLength(1);
  return file.rows[0]!;
}

describe("reading a vCard", () => {
  it("unescapes \\, \\; \\n and \\\\ in 3.0 and 4.0 text", async () => {
    for (const version of ["3.0", "4.0"]) {
      const row = await readOne(`VERSION:${version}`, "N:Doe\\, Jr.;Jane;;;", "NOTE:tea\\; no sugar\\, please\\nC:\\\\tea");
      expect(row.input).toMatchObject({ last_name: "Doe, Jr.", first_name: "Jane", notes: "tea; no sugar, please\nC:\\tea" });
    }
  });

  it("reads 2.1: parameters without TYPE=, quoted-printable in its charset over soft line breaks", async () => {
    const row = await readOne(
      "VERSION:2.1",
      "N;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:M=FCller;Jos=E9;;;",
      "TEL;WORK;FAX:555-0100",
      "TEL;CELL;VOICE:555-0101",
      "NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:caf=C3=A9=0D=0A=",
      "second line",
    );
    expect(row.input).toMatchObject({ first_name: "José", last_name: "Müller", phone: "555-0101", notes: "café\nsecond line" });
  });

  it("takes the phone mobile, home, work, other, never a pager or fax, and the home address first", async () => {
    const row = await readOne(
      "VERSION:3.0",
      "N:Doe;Jane;;;",
      "TEL;TYPE=PAGER:1",
      "TEL;TYPE=WORK,PREF:2",
      "TEL;TYPE=HOME,FAX:3",
      "TEL;TYPE=HOME:4",
      "ADR;TYPE=WORK,PREF:;;1 Office Rd;Austin;TX;73301;",
      "ADR;TYPE=HOME:;;2 Home St;Austin;TX;73301;",
    );
    expect(row.input).toMatchObject({ phone: "4", address: "2 Home St" });
    const pagerOnly = await readOne("VERSION:3.0", "N:Doe;Jane;;;", "TEL;TYPE=PAGER:1", "TEL;TYPE=FAX:2");
    expect(pagerOnly.input.phone).toBeUndefined();
  });

  it("reads anniversaries and spouses as Outlook, Evolution, Apple and others write them, children likewise", async () => {
    const outlook = await readOne("VERSION:2.1", "N:Doe;Jane", "X-MS-ANNIVERSARY:20110113", "X-MS-SPOUSE;N:Sam Doe", "X-MS-CHILD:Emma");
    expect(outlook.input).toMatchObject({ anniversary_year: 2011, anniversary_month: 1, anniversary_day: 13, spouse_first_name: "Sam", spouse_last_name: "Doe" });
    expect(outlook.childNames).toEqual(["Emma"]);
    const evolution = await readOne("VERSION:3.0", "N:Doe;Jane;;;", "X-EVOLUTION-ANNIVERSARY:1980-03-22", "X-EVOLUTION-SPOUSE:Maria");
    expect(evolution.input).toMatchObject({ anniversary_month: 3, anniversary_day: 22, spouse_first_name: "Maria" });
    const apple = await readOne(
      "VERSION:3.0",
      "N:Doe;Jane;;;",
      "item1.X-ABDATE;X-APPLE-OMIT-YEAR=1604:1604-06-02",
      "item1.X-ABLabel:_$!<Anniversary>!$_",
      "item2.X-ABRELATEDNAMES:Alex Roe",
      "item2.X-ABLabel:_$!<Partner>!$_",
      "item3.X-ABRELATEDNAMES:Leo",
      "item3.X-ABLabel:_$!<Son>!$_",
      "item4.X-ABRELATEDNAMES:Mia",
      "item4.X-ABLabel:daughter",
    );
    expect(apple.input).toMatchObject({ anniversary_year: null, anniversary_month: 6, anniversary_day: 2, spouse_first_name: "Alex", spouse_last_name: "Roe" });
    expect(apple.childNames).toEqual(["Leo", "Mia"]);
    const vcard4 = await readOne("VERSION:4.0", "N:Doe;Jane;;;", "ANNIVERSARY:20090808T1430-0500", "RELATED;TYPE=spouse;VALUE=text:Pat", "RELATED;TYPE=child;VALUE=text:Kim", "X-SPOUSE:Other");
    expect(vcard4.input).toMatchObject({ anniversary_year: 2009, anniversary_month: 8, anniversary_day: 8, spouse_first_name: "Pat" });
    expect(vcard4.childNames).toEqual(["Kim"]);
  });

  it("gives the full name when N lacks one, categories as groups (not Google's own), and the properties it did not read", async () => {
    const file = await readContactsVcard(
      card("VERSION:3.0", "N:Bono;;;;", "FN:Bono", "CATEGORIES:Family,myContacts,Friends", "CATEGORIES:Family", "X-GENDER:M", "PHOTO;ENCODING=b:AAAA") + card("VERSION:3.0", "FN:Ada Lovelace", "EMAIL:ada@example.com"),
    );
    expect(file.rows[0]).toMatchObject({ fullName: "Bono", groups: ["Family", "Friends"] });
    expect(file.rows[1]).toMatchObject({ fullName: "Ada Lovelace", input: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" } });
    expect(file.columns.unmapped).toEqual(["X-GENDER"]);
    expect(file.columns.mapped).toContainEqual({ column: "CATEGORIES", field: "groups" });
  });
});

describe("an address written whole", () => {
  it("is split into street, apartment, city, state, ZIP and country when its lines read as one", () => {
    expect(splitWholeAddress("123 Main St\nSpringfield, IL 62701\nUSA")).toEqual({ address: "123 Main St", city: "Springfield", state: "IL", zip: "62701", country: "USA" });
    expect(splitWholeAddress("Crescent moon drive\n555-asd\nNice Area, Albaney, New York  12345\nUnited States of America")).toEqual({
      address: "Crescent moon drive",
      apt: "555-asd, Nice Area",
      city: "Albaney",
      state: "New York",
      zip: "12345",
      country: "United States of America",
    });
    expect(splitWholeAddress("10 Rue de Rivoli\n75001 Paris\nFrance")).toEqual({ address: "10 Rue de Rivoli", zip: "75001", city: "Paris", country: "France" });
    expect(splitWholeAddress("1 Bay St\nToronto ON M5V 2T6")).toEqual({ address: "1 Bay St", city: "Toronto", state: "ON", zip: "M5V 2T6" });
  });

  it("is kept whole as the street when it can't be read", () => {
    expect(splitWholeAddress("Flat 3\nThe Old Mill\nSomewhere")).toEqual({ address: "Flat 3, The Old Mill, Somewhere" });
  });

  it("as Gmail writes it in a card", async () => {
    const row = await readOne("VERSION:3.0", "N:Doe;Jane;;;", "ADR;TYPE=HOME:;;123 Main St\\nSpringfield\\, IL 62701\\nUSA;;;;");
    expect(row.input).toMatchObject({ address: "123 Main St", city: "Springfield", state: "IL", zip: "62701", country: "USA" });
  });
});
