import { describe, expect, it } from "vitest";
import { contactToVcard, escapeVcardText, foldVcardLine, vcardDate } from "./vcard";
import { CONTACT_FIELD_NAMES } from "./fields";
import type { ContactJson } from "./response";
import { api, createUser } from "@/test/api";

const blank = (overrides: Partial<ContactJson>): ContactJson =>
  ({
    uuid: "6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10",
    ...Object.fromEntries(CONTACT_FIELD_NAMES.map((name) => [name, null])),
    children: [],
    pets: [],
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  }) as ContactJson;

describe("vCard 3.0", () => {
  it("escapes backslash, comma, semicolon and newlines as RFC 2426 says", () => {
    expect(escapeVcardText("a\\b, c; d\r\ne\nf")).toBe("a\\\\b\\, c\\; d\\ne\\nf");
  });

  it("folds lines at 75 octets without splitting a character", () => {
    const line = `NOTE:${"é".repeat(100)}`;
    const folded = foldVcardLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join("")).toBe(line);
    expect(foldVcardLine("FN:Jane")).toBe("FN:Jane");
  });

  it("writes dates with the year, or --MMDD without it, and nothing without a day", () => {
    expect(vcardDate(2, 29, 1988)).toBe("1988-02-29");
    expect(vcardDate(6, 5, null)).toBe("--0605");
    expect(vcardDate(6, null, 2001)).toBeNull();
  });

  it("leaves out what a contact doesn't have and ends every line with CRLF", () => {
    const card = contactToVcard(blank({ first_name: "Jane", last_name: "Smith" }));
    expect(card).toBe(["BEGIN:VCARD", "VERSION:3.0", "N:Smith;Jane;;;", "FN:Jane Smith", "UID:6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10", "END:VCARD", ""].join("\r\n"));
  });
});

describe("a vCard export imported into an empty account", () => {
  it("makes the same contacts, field for field: spouse, children's and pets' birthdays and internal_id included", async () => {
    const owner = await createUser();
    const full = {
      internal_id: "CRM-1042",
      prefix: "Dr.",
      first_name: "Jane",
      middle_name: "Q.",
      last_name: "O'Neil-Smith",
      company: "Acme, Inc.; Widgets",
      email: "jane@example.com",
      phone: "+1 (555) 010-0000",
      address: "1 Main St",
      apt: "Apt 2",
      city: "Springfield",
      state: "IL",
      zip: "62701",
      country: "US",
      spouse_prefix: "Mr.",
      spouse_first_name: "Bob",
      spouse_middle_name: "Lee",
      spouse_last_name: "Smith",
      birth_month: 2,
      birth_day: 29,
      birth_year: 1988,
      anniversary_month: 6,
      anniversary_day: 20,
      spouse_birth_month: 11,
      spouse_birth_day: 3,
      spouse_birth_year: 1985,
      children: [{ first_name: "Emma", birth_month: 3, birth_day: 14, birth_year: 2015 }, { first_name: "Leo" }],
      pets: [{ name: "Rex; the dog", secondary_type: "dog", birth_month: 5, birth_day: 1 }, { name: "Tom" }],
      notes: "Likes tea; no sugar\nsecond line, with a comma \\ backslash",
    };
    for (const body of [full, { first_name: "Sam", last_name: "Lee" }]) expect((await api.post("/contacts", { token: owner.token, body })).status).toBe(201);
    const exported = await api.get("/contacts/export?format=vcf", { token: owner.token });
    expect(exported.status).toBe(200);

    const empty = await createUser();
    const imported = await api.post("/contacts/import", { token: empty.token, rawBody: exported.text, headers: { "content-type": "text/vcard" } });
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 2, updated: 0, unchanged: 0 });

    const book = async (token: string) =>
      ((await api.get("/contacts?per_page=100", { token })).body.data as ContactJson[])
        .map(({ uuid: _uuid, created_at: _created, updated_at: _updated, ...fields }) => fields)
        .sort((a, b) => a.first_name.localeCompare(b.first_name));
    expect(await book(empty.token)).toEqual(await book(owner.token));
    // And into the account it came from, it changes nothing.
    const again = await api.post("/contacts/import", { token: owner.token, rawBody: exported.text, headers: { "content-type": "text/vcard" } });
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });
});
