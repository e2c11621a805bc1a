import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ContactJson } from "@/lib/contacts/response";
import { api, createUser, type TestUser } from "@/test/api";

// Real exports of Google Contacts, Outlook and Thunderbird (fixtures/real/SOURCES.md), sent as
// their bytes: who arrives with which fields, who is skipped and why, and that a second import
// of the same file creates nothing.

const bytes = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url)));

function importFile(user: TestUser, name: string, query = "", contentType = "text/csv") {
  return api.post(`/contacts/import${query}`, { token: user.token, rawBody: bytes(name), headers: { "content-type": contentType } });
}

async function allContacts(user: TestUser): Promise<ContactJson[]> {
  const res = await api.get("/contacts?per_page=100", { token: user.token });
  return res.body.data;
}

async function groupsOf(user: TestUser): Promise<{ name: string; contacts: number }[]> {
  const res = await api.get("/groups", { token: user.token });
  const groups = res.body as { id: number; name: string }[];
  return Promise.all(groups.map(async (group) => ({ name: group.name, contacts: (await api.get(`/groups/${group.id}/contacts`, { token: user.token })).body.length })));
}

/** Imports the file twice: the second time nothing is created, no group and no membership twice. */
async function importTwice(user: TestUser, name: string, query = "?on_invalid=skip") {
  const first = await importFile(user, name, query);
  expect(first.status).toBe(200);
  const contacts = await allContacts(user);
  const groups = await groupsOf(user);
  const second = await importFile(user, name, query);
  expect(second.status).toBe(200);
  expect(second.body.data).toMatchObject({ created: 0, updated: 0, groups_created: [] });
  expect(await allContacts(user)).toHaveLength(contacts.length);
  expect(await groupsOf(user)).toEqual(groups);
  return { first: first.body.data, contacts, groups };
}

const GOOGLE_PERSON = {
  prefix: "Prefix",
  first_name: "Firstname",
  middle_name: "Middle",
  last_name: "Lastname",
  company: "company",
  email: "home@aaa.pl",
  // Of pager, main, home, home fax, mobile, work and work fax: the mobile one.
  phone: "mobile",
  address: "home_street",
  city: "home_city",
  state: "home_state",
  zip: "home_zip",
  country: "home_country",
  birth_month: 12,
  birth_day: 12,
  birth_year: 1975,
  spouse_first_name: "spouse",
  notes: 'note"note',
};

describe("real CSV exports", () => {
  it("Google Contacts (older export): the person with the mobile phone and home address, and the label as a group", async () => {
    const user = await createUser();
    const { first, contacts, groups } = await importTwice(user, "roundcube-gmail.csv");
    expect(first).toMatchObject({ created: 1, skipped: [], groups_created: ["Test"], date_order_matters: false });
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject(GOOGLE_PERSON);
    expect(groups).toEqual([{ name: "Test", contacts: 1 }]);
  });

  it("Google Contacts in UTF-16 reads the same as in UTF-8", async () => {
    const user = await createUser();
    const { contacts } = await importTwice(user, "google-utf-16.csv");
    expect(contacts[0]).toMatchObject(GOOGLE_PERSON);
  });

  it("an Outlook-style export with a byte order mark, Email Home, Home Zip and day-first dates", async () => {
    const user = await createUser();
    const { first, contacts, groups } = await importTwice(user, "roundcube-all.csv");
    expect(first).toMatchObject({ created: 1, skipped: [], date_order: "dmy", date_order_matters: true, groups_created: ["test"] });
    expect(contacts[0]).toMatchObject({
      prefix: "Prefix",
      first_name: "First Name",
      middle_name: "Middle Name",
      last_name: "Last Name",
      company: "Company",
      email: "home@example.com",
      phone: "500",
      address: "Home Street",
      city: "Home City",
      state: "Home State",
      zip: "Home Zip",
      country: "Home Country",
      birth_month: 1,
      birth_day: 20,
      birth_year: 1991,
      anniversary_month: 2,
      anniversary_day: 20,
      anniversary_year: 1992,
      spouse_first_name: "Spouse",
      notes: "Notes",
    });
    expect(groups).toEqual([{ name: "test", contacts: 1 }]);
  });

  it("day-first dates that could be month-first: the dry run says so, date_order=dmy reads them", async () => {
    const user = await createUser();
    const dry = await importFile(user, "outlook-day-first-ambiguous.csv", "?dry_run=true");
    expect(dry.body.data).toMatchObject({ created: 1, date_order: "mdy", date_order_matters: true });
    expect(dry.body.data.rows).toEqual([
      { row: 1, action: "create", name: "First Name Last Name", contact_uuid: null, contact_name: null, matched_by: null, warnings: [] },
    ]);
    expect(dry.body.data.columns.mapped).toContainEqual({ column: "Email Home", field: "email" });
    expect(dry.body.data.columns.unmapped).toContain("Pager");
    await importTwice(user, "outlook-day-first-ambiguous.csv", "?date_order=dmy");
    expect((await allContacts(user))[0]).toMatchObject({ birth_month: 1, birth_day: 5, anniversary_month: 2, anniversary_day: 7 });
  });

  it("Thunderbird: email, mobile number, home address and a birthday in three columns", async () => {
    const user = await createUser();
    const { first, contacts } = await importTwice(user, "roundcube-tb_plain.csv");
    expect(first).toMatchObject({ created: 1, skipped: [] });
    expect(contacts[0]).toMatchObject({
      first_name: "Firstname",
      last_name: "Lastname",
      company: "Organization",
      email: "test@domain.tld",
      phone: "mobile",
      address: "Priv address",
      city: "City",
      state: "region",
      zip: "xx-xxx",
      country: "USA",
      birth_month: 11,
      birth_day: 15,
      birth_year: 1970,
    });
  });

  it("Thunderbird in Windows-1252 keeps its accents", async () => {
    const user = await createUser();
    const { contacts } = await importTwice(user, "thunderbird-windows-1252.csv");
    expect(contacts[0]).toMatchObject({ first_name: "José", last_name: "Müller", address: "Königstraße 5", email: "test@domain.tld" });
    const declared = await createUser();
    const res = await importFile(declared, "thunderbird-windows-1252.csv", "", "text/csv; charset=windows-1252");
    expect(res.status).toBe(200);
    expect((await allContacts(declared))[0]).toMatchObject({ first_name: "José", last_name: "Müller" });
  });

  it("files of emails without names: every row skipped with what is missing, or the whole file refused by default", async () => {
    const user = await createUser();
    const refused = await importFile(user, "roundcube-outlook.csv");
    expect(refused.status).toBe(422);
    expect(refused.body.errors["rows.1.first_name"]).toEqual(["No name: a contact needs a first and a last name."]);
    const outlook = await importFile(user, "roundcube-outlook.csv", "?on_invalid=skip");
    expect(outlook.body.data).toMatchObject({
      created: 0,
      skipped: [{ row: 1, name: "test1@domain.tld", errors: { first_name: ["No name: a contact needs a first and a last name."] } }],
    });
    const emails = await importFile(user, "roundcube-email.csv", "?on_invalid=skip");
    expect(emails.body.data.created).toBe(0);
    expect(emails.body.data.skipped.map((skip: { row: number; name: string }) => [skip.row, skip.name])).toEqual([
      [1, "test1@domain.tld"],
      [2, "test2@domain.tld"],
      [3, "test3@domain.tld"],
      [4, "test4@domain.tld"],
    ]);
    expect(await allContacts(user)).toEqual([]);
  });
});
