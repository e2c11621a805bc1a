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

  it("the same file delimited by semicolons or tabs reads the same", async () => {
    const text = new TextDecoder().decode(bytes("roundcube-tb_plain.csv"));
    for (const delimiter of [";", "\t"]) {
      const user = await createUser();
      const res = await api.post("/contacts/import", { token: user.token, rawBody: text.replaceAll(",", delimiter), headers: { "content-type": "text/csv" } });
      expect(res.body.data).toMatchObject({ created: 1, skipped: [] });
      expect((await allContacts(user))[0]).toMatchObject({ first_name: "Firstname", email: "test@domain.tld", zip: "xx-xxx", birth_day: 15 });
    }
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

// Google's 2024 export header, as Google Contacts writes it.
const GOOGLE_2024 =
  "First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value,Address 1 - Label,Address 1 - Street,Address 1 - City,Address 1 - Region,Address 1 - Postal Code";

describe("matching, names and groups", () => {
  it("a row with a known email fills that contact's empty fields; one matching two contacts is created and flagged; names are split or the row skipped", async () => {
    const user = await createUser();
    const existing = await api.post("/contacts", { token: user.token, body: { first_name: "Ann", last_name: "Lee", email: "ANN@example.com", city: "Boston" } });
    for (const first of ["Bo", "Bea"]) await api.post("/contacts", { token: user.token, body: { first_name: first, last_name: "Ray", phone: "+1 (555) 010-0200" } });
    const csv = [
      GOOGLE_2024,
      "Annie,,Lee,,,,,,,,,,,,,,Family ::: * myContacts,* Home,ann@example.com,Pager,555 111 2222,Mobile,555 333 4444,Home,1 Elm St,Salem,MA,01970",
      "Ben,,Ray,,,,,,,,,,,,,,* starred ::: Family ::: Friends,,,Home,555-010-0200,,,,,,,",
      ",,,,,,,,,Carla Maria Diaz,,,,,,,Friends,,carla@example.com,,,,,,,,,",
      "Bono,,,,,,,,,,,,,,,,,,bono@example.com,,,,,,,,,",
      ",,,,,,,,,,Acme Inc.,,,,,,,,info@acme.example,,,,,,,,,",
      "Carla,,Diaz,,,,,,,,,,,,,,,,carla@example.com,Mobile,555 999 0000,,,,,,,",
      // Annie's wife, sharing her phone: someone else.
      "Elena,,Lee,,,,,,,,,,,,,,,,,Mobile,555 333 4444,,,Home,1 Elm St,Salem,MA,01970",
    ].join("\n");
    const post = (query: string) => api.post(`/contacts/import${query}`, { token: user.token, rawBody: csv, headers: { "content-type": "text/csv" } });

    const dry = await post("?dry_run=true&on_invalid=skip");
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ created: 3, updated: 2, unchanged: 0, groups_created: ["Family", "Friends"] });
    expect(dry.body.data.rows).toEqual([
      { row: 1, action: "update", name: "Ann Lee", contact_uuid: existing.body.data.uuid, contact_name: "Ann Lee", matched_by: "email", warnings: [] },
      { row: 2, action: "create", name: "Ben Ray", contact_uuid: null, contact_name: null, matched_by: null, warnings: ["missing_address", "possible_duplicate"] },
      { row: 3, action: "create", name: "Carla Maria Diaz", contact_uuid: null, contact_name: null, matched_by: null, warnings: ["missing_address"] },
      { row: 4, action: "skip", name: "Bono", contact_uuid: null, contact_name: null, matched_by: null, warnings: [] },
      { row: 5, action: "skip", name: "Acme Inc.", contact_uuid: null, contact_name: null, matched_by: null, warnings: [] },
      { row: 6, action: "update", name: "Carla Maria Diaz", contact_uuid: null, contact_name: "Carla Maria Diaz", matched_by: "email", warnings: ["missing_address"] },
      { row: 7, action: "create", name: "Elena Lee", contact_uuid: null, contact_name: null, matched_by: null, warnings: ["possible_duplicate"] },
    ]);
    expect(dry.body.data.skipped).toEqual([
      { row: 4, name: "Bono", errors: { last_name: ['Only one name ("Bono"): a contact needs a first and a last name.'] } },
      { row: 5, name: "Acme Inc.", errors: { first_name: ['Only a company ("Acme Inc."): a contact needs a first and a last name.'] } },
    ]);
    expect(await allContacts(user)).toHaveLength(3);

    const saved = await post("?on_invalid=skip");
    expect(saved.body.data).toMatchObject({ created: 3, updated: 2, groups_created: ["Family", "Friends"] });
    const contacts = await allContacts(user);
    expect(contacts).toHaveLength(6);
    // Filled, never overwritten: the first name and city stay, the street and mobile phone come in.
    expect(contacts.find((c) => c.uuid === existing.body.data.uuid)).toMatchObject({ first_name: "Ann", email: "ANN@example.com", city: "Boston", address: "1 Elm St", phone: "555 333 4444" });
    expect(contacts.find((c) => c.first_name === "Carla Maria")).toMatchObject({ last_name: "Diaz", email: "carla@example.com", phone: "555 999 0000" });
    expect(await groupsOf(user)).toEqual(expect.arrayContaining([{ name: "Family", contacts: 2 }, { name: "Friends", contacts: 2 }]));

    const again = await post("?on_invalid=skip");
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 5, groups_created: [] });
    expect(await allContacts(user)).toHaveLength(6);
  });
});
