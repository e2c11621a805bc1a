import { z } from "zod";
import * as examples from "../examples";
import { error, json, jsonBody, validation, type Operation } from "../operations";
import { contactParams, idempotencyHeaders, replayHeader } from "../parameters";
import { contactsQuery, createContactRequest, eventsQuery, exportQuery, importQuery, mergeContactsRequest, mergeQuery, updateContactRequest } from "../request-schemas";
import * as responses from "../responses";

const contactNotFound = error("Unknown uuid, a malformed one, or another user's contact", { contactNotFound: "Contact not found" });

const listContacts: Operation = {
  method: "get",
  path: "/contacts",
  operationId: "listContacts",
  tags: ["Contacts"],
  summary: "Paginated contacts, optional search",
  description: [
    "The user's contacts ordered by last name, first name, then uuid, one page at a time.",
    "",
    "- `query`: case-insensitive substring of the first name, last name, full name (\"Jane Smith\"), email, phone, company, city, or a child's or pet's name. A phone-like query (digits, spaces and `()+-.`, at least 3 digits) also matches by its digits alone, so `555-0123` finds `(555) 0123`.",
    "- `per_page`: 1 to 100, default 15; out of range is 422, not clamped.",
    "- `cursor`: opaque and tamper-evident; pass back `meta.next_cursor` / `meta.prev_cursor`, or simply follow `links.next` / `links.prev`. A bad cursor is 422 on `cursor`.",
    "- `links` are absolute URLs that keep `query`, `group_id` and `per_page`; `links.prev` and `meta.prev_cursor` are null on the first page, `links.next` and `meta.next_cursor` null on the last.",
    "- Extension: `group_id` limits the list to the contacts of one of your groups.",
  ].join("\n"),
  request: { query: contactsQuery },
  responses: {
    200: { description: "A page of contacts.", content: json(responses.contactsPageResponse, examples.contactsPageExample) },
    404: error("`group_id` is not one of your groups", { groupNotFound: "Group not found" }),
    422: validation("per_page out of 1..100, a bad cursor, query over 255 characters", {
      message: "The per page field must not be greater than 100.",
      errors: { per_page: ["The per page field must not be greater than 100."] },
    }),
  },
};

const createContact: Operation = {
  method: "post",
  path: "/contacts",
  operationId: "createContact",
  tags: ["Contacts"],
  summary: "Create a contact",
  description: [
    "Creates a contact with its spouse data, children (up to 20) and pets (up to 20).",
    "",
    "- `first_name` and `last_name` are required (1 to 100 characters after trimming). Text fields are trimmed and an empty string is stored as null.",
    "- Months are 1 to 12, days 1 to 31, years 1800 to 9999; integer fields accept JSON numbers or integer strings.",
    "- `internal_id` (your own identifier, up to 20 characters) is accepted and unique per user: a duplicate is 422 on `internal_id` (`The internal id has already been taken.`).",
    "- `uuid`, `created_at`, `updated_at` and unknown fields are ignored.",
    "- Supports `Idempotency-Key`: a retry with the same key and body returns the first 201 without creating a second contact.",
    "- Quota: an address book holds at most 200,000 contacts; one more is 422 on `contacts` (`An address book can hold at most 200,000 contacts.`).",
  ].join("\n"),
  request: { headers: idempotencyHeaders, body: jsonBody(createContactRequest, examples.createContactRequestExample) },
  responses: {
    201: { description: "The created contact.", headers: replayHeader, content: json(responses.contactDataResponse, examples.contactDataExample) },
    422: validation("missing names, bad formats or ranges, a duplicate internal_id, an Idempotency-Key reused for another request or past the daily quota of keys, a full address book", examples.contactValidationExample),
  },
};

const listContactEvents: Operation = {
  method: "get",
  path: "/contacts/events",
  operationId: "listContactEvents",
  tags: ["Contacts"],
  summary: "Birthdays and anniversaries for a month and year",
  description: [
    "The dated events of the user's contacts in one month of one year, as a plain array sorted by date: each contact's birthday, anniversary and spouse's birthday, and the birthdays of their children and pets, each with the contact's uuid.",
    "",
    "- `month` (1 to 12) and `year` (1900 to 9999) are both required.",
    "- `event_date` is midnight UTC with its offset (`2026-03-14T00:00:00+00:00`); `title` is the date written out (`March 14, 2026`).",
    "- A day past the end of the month moves to its last day (February 29 in a common year is February 28); entries without a day are left out.",
    "- `text` names whose event it is and, when the year of birth or wedding is known, the age (`turns 41`) or the number of years (`15 years`): event year minus that year.",
  ].join("\n"),
  request: { query: eventsQuery },
  responses: {
    200: { description: "The month's events.", content: json(responses.contactEventsResponse, examples.contactEventsExample) },
    422: validation("month or year missing or out of range", {
      message: "The month field is required. (and 1 more error)",
      errors: { month: ["The month field is required."], year: ["The year field must not be greater than 9999."] },
    }),
  },
};

const getContact: Operation = {
  method: "get",
  path: "/contacts/{uuid}",
  operationId: "getContact",
  tags: ["Contacts"],
  summary: "Contact details",
  description: "One of the user's contacts with its children and pets.",
  request: { params: contactParams },
  responses: {
    200: { description: "The contact.", content: json(responses.contactDataResponse, examples.contactDataExample) },
    404: contactNotFound,
  },
};

const updateContact: Operation = {
  method: "patch",
  path: "/contacts/{uuid}",
  operationId: "updateContact",
  tags: ["Contacts"],
  summary: "Update some fields of a contact",
  extension: true,
  description:
    "partial update with the rules of create: only the fields sent change; a field sent as null or \"\" is cleared; `first_name` and `last_name` can't be cleared (422); `children` or `pets`, when sent, replace the whole list (an empty array or null clears it). `updated_at` moves on every update.",
  request: { params: contactParams, body: jsonBody(updateContactRequest, examples.updateContactRequestExample) },
  responses: {
    200: { description: "The updated contact.", content: json(responses.contactDataResponse, examples.contactDataExample) },
    404: contactNotFound,
    422: validation("bad formats or ranges, a cleared name, a duplicate internal_id"),
  },
};

const deleteContact: Operation = {
  method: "delete",
  path: "/contacts/{uuid}",
  operationId: "deleteContact",
  tags: ["Contacts"],
  summary: "Delete a contact",
  description:
    "Deletes the contact with its children and pets. It leaves its groups and the projects it was a recipient of; orders already placed keep their copy of its address.",
  request: { params: contactParams },
  responses: {
    204: { description: "Deleted. No body." },
    404: contactNotFound,
  },
};

const exportContacts: Operation = {
  method: "get",
  path: "/contacts/export",
  operationId: "exportContacts",
  tags: ["Contacts"],
  summary: "Download the address book as CSV or vCard",
  extension: true,
  description: [
    "every contact of the account as one file, streamed (any size of book), ordered by last name, first name, uuid. `format`: `csv` (default) or `vcf`.",
    "",
    "- CSV (`text/csv`, UTF-8 with a byte order mark, CRLF): a header row of the Contact's field names (`uuid`, `internal_id`, `prefix`, `first_name`, ... `spouse_birth_year`, `children`, `pets`, `notes`, `created_at`, `updated_at`), then one row per contact. `children` and `pets` hold the list as the API writes it, as JSON (empty when there are none). A cell that begins with `=`, `+`, `-` or `@` is written with a leading `'`, so spreadsheets show it as text (`+1 555 0100` is written `'+1 555 0100`).",
    "- vCard 3.0 (`text/vcard`): `N`, `FN`, `ORG`, `EMAIL`, `TEL`, `ADR` (the apartment as the extended address), `BDAY` and `X-ANNIVERSARY` (`YYYY-MM-DD`, or `--MMDD` without a year), `NOTE`, `UID` (the uuid), and the spouse and children as `X-ABRELATEDNAMES` with Apple's labels (`_$!<Spouse>!$_`, `_$!<Child>!$_`); what only Cardmail keeps as `X-CARDMAIL-INTERNAL-ID`, `X-CARDMAIL-SPOUSE` (its parts, as `N`), `X-CARDMAIL-SPOUSE-BIRTHDAY`, `X-CARDMAIL-CHILD` (`name;birthday`) and `X-CARDMAIL-PET` (`name;kind;birthday`), so the file imports back whole into another account.",
    "- `Content-Disposition: attachment; filename=\"cardmail-contacts-YYYY-MM-DD.csv\"` (or `.vcf`).",
  ].join("\n"),
  request: { query: exportQuery },
  responses: {
    200: {
      description: "The address book as a file.",
      headers: { "Content-Disposition": { description: "attachment, with the file name.", schema: { type: "string", example: 'attachment; filename="cardmail-contacts-2026-03-14.csv"' } } },
      content: {
        "text/csv": { schema: z.string().meta({ example: "uuid,internal_id,prefix,first_name,...\r\n6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10,CRM-1042,,Jane,...\r\n" }) },
        "text/vcard": { schema: z.string().meta({ example: "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Smith;Jane;;;\r\nFN:Jane Smith\r\nUID:6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10\r\nEND:VCARD\r\n" }) },
      },
    },
    422: validation("format other than csv or vcf", { message: "The format must be csv or vcf.", errors: { format: ["The format must be csv or vcf."] } }),
  },
};

const importContacts: Operation = {
  method: "post",
  path: "/contacts/import",
  operationId: "importContacts",
  tags: ["Contacts"],
  summary: "Import an address book file (CSV or vCard)",
  extension: true,
  description: [
    "Reads an address book file sent as the body, with `Content-Type: text/csv` or `text/vcard` (also `text/x-vcard`), up to 5 MiB and 10,000 contacts. The bytes are read as UTF-8 (with or without a byte order mark), UTF-16 (with its byte order mark) or Windows-1252 (when they are not valid UTF-8, or when the Content-Type says `charset=windows-1252`).",
    "",
    "- CSV, delimited by `,`, `;` or tab (detected): a header row, then one contact a row. Headers as the export (`GET /contacts/export`) writes them (`uuid`, the Contact fields, `children` and `pets` as JSON lists), the fields' usual aliases (`First Name`, `Zip Code`, `E-mail`, `Birthday`, `Spouse`, `Name`...), or as Google Contacts (older and 2024 exports), Outlook (`E-mail Address`, `Email Home`, `Home Street`, `Home Postal Code`, `Home Zip`, `Mobile Phone`, `Birthday`, `Anniversary`, `Spouse`, `Business ...`, `Categories`) and Thunderbird (`Primary Email`, `Home Address`, `Home ZipCode`, `Mobile Number`, `Birth Year/Month/Day`) export them; compared without case, spaces or punctuation. Of several addresses the home one, else the first filled; of several phones the mobile, home, work, then other one, never a pager or fax. Google's `Labels` and Outlook's `Categories` become groups (not Google's `* myContacts` or `* starred`).",
    "- vCard 2.1 (quoted-printable values too), 3.0 and 4.0, as Apple Contacts, Google Contacts and Outlook write them: `N`, `FN`, `ORG`, `EMAIL`, `TEL`, `ADR`, `NOTE`, `UID`, `BDAY` as `YYYY-MM-DD`, `YYYYMMDD` or `--MMDD`, the anniversary from `ANNIVERSARY`, `X-ANNIVERSARY`, `X-MS-ANNIVERSARY`, `X-EVOLUTION-ANNIVERSARY` or Apple's `X-ABDATE` labelled anniversary; the spouse from `RELATED;TYPE=spouse`, `X-ABRELATEDNAMES` (spouse, partner), `X-MS-SPOUSE`, `X-EVOLUTION-SPOUSE` or `X-SPOUSE`, children likewise (child, son, daughter); the phone mobile, then home, work, other (never a pager or fax); the home address first, one written whole in the street part (as Gmail does) split into street, city, state and ZIP; `CATEGORIES` as groups; our export's `X-CARDMAIL-*`; photos ignored.",
    "- Dates: `YYYY-MM-DD`, `YYYYMMDD`, `--MM-DD`, `M/D/YYYY` or `D/M/YYYY`, `D.M.YYYY`. `date_order` decides slashed dates; without it a file with any slashed date whose first number is over 12 is read day first, else month first. The answer says which (`date_order`) and whether the file had any (`date_order_matters`). A date that is no date is an error of its row.",
    "- A row without a first and a last name takes both from its full name (`Name`, `Display Name`, `FN`; the last word is the last name). A row with one name only, or only a company, is invalid with a message that says what is missing.",
    "- A row whose `uuid` (a vCard's `UID`) or `internal_id` names one of your contacts updates it: the columns the file has overwrite, an empty cell clears, the others stay. Otherwise a row whose email (ignoring case) or phone (its last 10 digits; a number of fewer than 7 digits only together with the same name) is that of exactly one of your contacts (of several, the one of the row's name) fills that contact's empty fields; a row matching several is created and flagged `possible_duplicate`. A later row of the file with the email or phone of an earlier one fills that one's empty fields. A match whose name says it is someone else (another last name, or first names neither of which begins the other) is not one: the row is created and flagged. Importing the same file again creates nothing: no contact, no group, no membership twice.",
    "- Each row is checked with the rules of create (a new contact) or `PATCH` (an update). With `on_invalid=abort` (the default) any invalid row is 422 with `errors` keyed `rows.<n>.<field>`, n counting from 1 (the header not counted; a card's place in a vCard file), and nothing is saved. With `on_invalid=skip` the valid rows are saved and the others listed in `skipped` with their errors. A problem of the whole row (an unclosed quote, a card that can't be read) is on `row`; one of the whole file (empty, too many contacts) is a 422 on `file` either way.",
    "- `dry_run=true` answers the same and saves nothing, plus `rows` (the first 1,000: each row's `action`, the contact it matched and how, and `warnings`: `missing_address` when the contact will have no street with a city or ZIP, `possible_duplicate`) and `columns` (`mapped` and `unmapped`).",
    "- Exporting then importing the file changes nothing (every row `unchanged`).",
  ].join("\n"),
  request: {
    query: importQuery,
    body: {
      required: true,
      content: {
        "text/csv": { schema: z.string().meta({ description: "An address book CSV." }), example: "first_name,last_name,email,birthday\nJane,Smith,jane@example.com,1985-03-14\n" },
        "text/vcard": { schema: z.string().meta({ description: "One or more vCards." }), example: "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Smith;Jane;;;\r\nFN:Jane Smith\r\nBDAY:--0314\r\nEND:VCARD\r\n" },
      },
    },
  },
  responses: {
    200: { description: "What the import did (or, in a dry run, would do).", content: json(responses.contactImportResponse, {
        data: {
          created: 12,
          updated: 3,
          unchanged: 40,
          skipped: [{ row: 7, name: "Bono", errors: { last_name: ['Only one name ("Bono"): a contact needs a first and a last name.'] } }],
          date_order: "dmy",
          date_order_matters: true,
          groups_created: ["Family"],
        },
      }),
    },
    413: error("The file is over 5 MiB", { tooLarge: "The request body is too large: the limit is 5 MiB." }),
    415: error("Another Content-Type than CSV or vCard", { unsupported: "Send the file as Content-Type: text/csv or text/vcard." }),
    422: validation("an invalid row, an internal_id twice in the file, an empty file or over 10,000 contacts, a full address book", {
      message: "Row 7000: The email field must be a valid email address. (and 1 more error)",
      errors: { "rows.7000.email": ["The email field must be a valid email address."], "rows.7012.internal_id": ["The internal id appears more than once in this file (first on row 12)."] },
    }),
  },
};

const listDuplicates: Operation = {
  method: "get",
  path: "/contacts/duplicates",
  operationId: "listDuplicateContacts",
  tags: ["Contacts"],
  summary: "Groups of contacts that look like the same person",
  extension: true,
  description: [
    "Groups of two or more of your contacts that share an email (case and spaces ignored), a phone's digits (at least 7), or a first and last name and street address (case and spacing ignored), each with its `reason`. A set of contacts listed for one reason isn't listed again for another; a contact may be in several groups. The contacts of a group are the oldest first. Merge a group with `POST /contacts/{uuid}/merge`.",
  ].join("\n"),
  responses: {
    200: { description: "The duplicate groups; an empty list when there are none.", content: json(responses.contactDuplicatesResponse) },
  },
};

const mergeContacts: Operation = {
  method: "post",
  path: "/contacts/{uuid}/merge",
  operationId: "mergeContacts",
  tags: ["Contacts"],
  summary: "Merge contacts into one",
  extension: true,
  description: [
    "Merges the contacts of `contact_uuids` into the contact of the path, in one transaction:",
    "",
    "- the target keeps its values and takes the others' where it has none (in the order given);",
    "- children and pets are joined: a first name (or pet name) the target has is kept once, its unknown dates filled in from the others;",
    "- notes are joined, each once, separated by a blank line;",
    "- no value is lost: what the target has no place for (another contact's second email or phone, a different address, name, birthday, anniversary, spouse, a child's other birthday) is added to the notes after a line `From merged contacts:`, one line each (`Email: old@example.com`, `Birthday: 1980-04-01`, `--04-01` without a year);",
    "- group memberships and project recipients move to the target (once each: a project the target is already on keeps the target's recipient); orders already placed stay as they are, now pointing at the target;",
    "- the other contacts are deleted.",
    "",
    "Any uuid that isn't one of your contacts (or is malformed) is 404 and nothing changes.",
    "",
    "`dry_run=true` answers the merged contact as it would be (same uuid, notes with what they would gain) and changes nothing: the confirmation a page shows before merging.",
  ].join("\n"),
  request: { params: contactParams, query: mergeQuery, body: jsonBody(mergeContactsRequest, { contact_uuids: ["0c5e2a4b-7d1f-4b8e-9a3c-6f2d1e0b9a87"] }) },
  responses: {
    200: { description: "The merged contact (with `dry_run=true`, as it would be).", content: json(responses.contactDataResponse, examples.contactDataExample) },
    404: contactNotFound,
    422: validation("contact_uuids missing, empty or over 50, or a merged contact it could not hold whole (notes past 10,000 characters, more than 20 children or pets)", { message: "The contact uuids field must have at least 1 item.", errors: { contact_uuids: ["The contact uuids field must have at least 1 item."] } }),
  },
};

export const contactOperations: Operation[] = [
  listContacts,
  createContact,
  listContactEvents,
  exportContacts,
  importContacts,
  listDuplicates,
  getContact,
  updateContact,
  deleteContact,
  mergeContacts,
];
