import { z } from "zod";
import * as examples from "../examples";
import { error, json, jsonBody, validation, type Operation } from "../operations";
import { contactParams, idempotencyHeaders, replayHeader } from "../parameters";
import { contactsQuery, createContactRequest, eventsQuery, exportQuery, updateContactRequest } from "../request-schemas";
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
    "- vCard 3.0 (`text/vcard`): `N`, `FN`, `ORG`, `EMAIL`, `TEL`, `ADR` (the apartment as the extended address), `BDAY` and `X-ANNIVERSARY` (`YYYY-MM-DD`, or `--MMDD` without a year), `NOTE`, `UID` (the uuid), and the spouse and children as `X-ABRELATEDNAMES` with Apple's labels (`_$!<Spouse>!$_`, `_$!<Child>!$_`).",
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

export const contactOperations: Operation[] = [listContacts, createContact, listContactEvents, exportContacts, getContact, updateContact, deleteContact];
