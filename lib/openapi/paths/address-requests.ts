import { error, errorContent, json, jsonBody, validation, type Operation } from "../operations";
import { addressLinkParams, addressRequestParams, addressSubmissionParams } from "../parameters";
import { addressRequestsQuery, addressSubmissionRequest, addressSubmissionsQuery, createAddressRequestRequest, updateAddressRequestRequest } from "../request-schemas";
import type { Out } from "../example-values";
import { JANE } from "../example-values";
import * as responses from "../responses";

const requestNotFound = error("Unknown address request id, a malformed one, or another user's", { requestNotFound: "Address request not found" });
const submissionNotFound = error("Unknown address request or submission, or a submission of another link", {
  requestNotFound: "Address request not found",
  submissionNotFound: "Submission not found",
});
const alreadyDecided = error("The submission was accepted or rejected already", {
  accepted: "The submission has already been accepted.",
  rejected: "The submission has already been rejected.",
});

const request: Out<typeof responses.addressRequestResponse> = {
  id: 12,
  url: "https://cardmail.example/address/Zq3v0m8yJ1bq4T9dXo2kLw5Hc7sNfP6aRuGiEeY0tVw",
  message: "We're sending holiday cards this year. Where should yours go?",
  open: true,
  submissions_pending: 3,
  created_at: "2026-11-02T09:30:00.000Z",
  updated_at: "2026-11-02T09:30:00.000Z",
};

const submission: Out<typeof responses.addressSubmissionResponse> = {
  id: 301,
  address_request_id: 12,
  status: "pending",
  submitted: {
    first_name: "Jane",
    last_name: "Smith",
    email: "jane.smith@example.com",
    address: "12 Maple Street",
    apt: "Apt 4B",
    city: "Springfield",
    state: "IL",
    zip: "62704",
    country: "US",
    spouse_first_name: "John",
    spouse_last_name: null,
    birth_month: 3,
    birth_day: 14,
    birth_year: null,
    anniversary_month: 6,
    anniversary_day: 20,
    anniversary_year: 2015,
    spouse_birth_month: null,
    spouse_birth_day: null,
    spouse_birth_year: null,
    children: [{ first_name: "Emma", birth_month: 9, birth_day: 2, birth_year: 2018 }],
  },
  match: { contact_uuid: JANE, fills: ["address", "apt", "city", "state", "zip", "country", "children"] },
  contact_uuid: null,
  created_at: "2026-11-03T18:05:00.000Z",
  decided_at: null,
};

const LINKS = [
  "a link to share with friends: its page (no account, no tracking) asks for name, mailing address, email, birthday, anniversary, spouse and children, and sends them to `POST /address-requests/public/{secret}`. What arrives waits for you: nothing changes in the address book until you accept it.",
  "",
  "- `url` is `APP_URL/address/{secret}`, the secret 32 random bytes (base64url). Cardmail keeps its SHA-256 for the lookup and a copy sealed under the server's secret, so the link can be shown again.",
  "- A link takes at most 200 submissions in its life, and one client address 10 an hour across all links; past either, its submit answers 429 with `Retry-After`.",
  "- A closed (`open: false`) or deleted link's page and submit answer 404; deleting a link deletes its submissions, not the contacts accepted from them.",
  "- Each submission sends `contact.submitted` to your webhook endpoints that ask for it.",
].join("\n");

const listAddressRequests: Operation = {
  method: "get",
  path: "/address-requests",
  operationId: "listAddressRequests",
  tags: ["Address requests"],
  summary: "List address requests",
  extension: true,
  description: "your links, newest first. `per_page` 1 to 100, default 15; `next_cursor` null on the last page.",
  request: { query: addressRequestsQuery },
  responses: {
    200: { description: "A page of links.", content: json(responses.addressRequestsPageResponse, { data: [request], next_cursor: null }) },
    422: validation("per_page out of 1..100, a bad cursor"),
  },
};

const createAddressRequest: Operation = {
  method: "post",
  path: "/address-requests",
  operationId: "createAddressRequest",
  tags: ["Address requests"],
  summary: "Create an address request",
  extension: true,
  description: LINKS,
  request: { body: { required: false, content: json(createAddressRequestRequest, { message: request.message }) } },
  responses: {
    201: { description: "The new link, open.", content: json(responses.addressRequestDataResponse, { data: { ...request, submissions_pending: 0 } }) },
    422: validation("message over 1,000 characters"),
  },
};

const getAddressRequest: Operation = {
  method: "get",
  path: "/address-requests/{requestId}",
  operationId: "getAddressRequest",
  tags: ["Address requests"],
  summary: "Address request details",
  extension: true,
  description: "one of your links, with its URL and how many submissions wait for you.",
  request: { params: addressRequestParams },
  responses: { 200: { description: "The link.", content: json(responses.addressRequestDataResponse, { data: request }) }, 404: requestNotFound },
};

const updateAddressRequest: Operation = {
  method: "patch",
  path: "/address-requests/{requestId}",
  operationId: "updateAddressRequest",
  tags: ["Address requests"],
  summary: "Change an address request",
  extension: true,
  description: "changes the message, or closes (`open: false`) or reopens the link. The URL stays the same.",
  request: { params: addressRequestParams, body: jsonBody(updateAddressRequestRequest, { open: false }) },
  responses: {
    200: { description: "The changed link.", content: json(responses.addressRequestDataResponse, { data: { ...request, open: false } }) },
    404: requestNotFound,
    422: validation("message over 1,000 characters, open not a boolean"),
  },
};

const deleteAddressRequest: Operation = {
  method: "delete",
  path: "/address-requests/{requestId}",
  operationId: "deleteAddressRequest",
  tags: ["Address requests"],
  summary: "Delete an address request",
  extension: true,
  description: "deletes the link and its submissions; the contacts accepted from it stay. Its page answers 404 from then on.",
  request: { params: addressRequestParams },
  responses: { 204: { description: "Deleted; no body." }, 404: requestNotFound },
};

const submitAddress: Operation = {
  method: "post",
  path: "/address-requests/public/{secret}",
  operationId: "submitAddress",
  tags: ["Address requests"],
  summary: "Send your address through a link",
  extension: true,
  public: true,
  description: [
    "what the page at a link sends, without a token: the Contact's fields, validated as a contact's are, the mailing address checked as a recipient's is. The answer says only that it was received: nothing sent is echoed, and whether the owner knows the email is never told.",
    "",
    "- Limits: 200 submissions a link, 10 an hour from one client address (across links): past them 429 with `Retry-After` (seconds).",
    "- `website` is a field people never see: filled in, the answer is the same 201 and nothing is kept.",
  ].join("\n"),
  request: { params: addressLinkParams, body: jsonBody(addressSubmissionRequest, submission.submitted) },
  responses: {
    201: { description: "Received; it waits for the link's owner.", content: json(responses.submissionReceivedResponse, { data: { received: true } }) },
    404: error("Unknown, closed or deleted link", { closed: "This link is closed" }),
    422: validation("a Contact field's rules, a missing name or address part, an address that fails the recipients' checks", {
      message: "This ZIP code is in Oregon, not Illinois.",
      errors: { zip: ["This ZIP code is in Oregon, not Illinois."] },
    }),
    429: {
      description: "The link has taken 200 submissions, or this client address sent 10 in the last hour.",
      headers: { "Retry-After": { description: "Seconds to wait (a day for a full link).", schema: { type: "integer", minimum: 1 } } },
      content: errorContent({
        full: "This link has taken as many addresses as it can.",
        client: "Too many addresses sent from here. Please try again in 42 minutes.",
      }),
    },
  },
};

const listSubmissions: Operation = {
  method: "get",
  path: "/address-requests/{requestId}/submissions",
  operationId: "listAddressSubmissions",
  tags: ["Address requests"],
  summary: "Submissions of an address request",
  extension: true,
  description:
    "what was sent through the link, newest first, in the Contact's field names. A pending one with an email one of your contacts has (ignoring case; the oldest if several) shows that contact and the fields accepting would fill. `status` filters; `per_page` 1 to 100, default 15; `next_cursor` null on the last page.",
  request: { params: addressRequestParams, query: addressSubmissionsQuery },
  responses: {
    200: { description: "A page of submissions.", content: json(responses.addressSubmissionsPageResponse, { data: [submission], next_cursor: null }) },
    404: requestNotFound,
    422: validation("per_page out of 1..100, a bad cursor, an unknown status"),
  },
};

const acceptSubmission: Operation = {
  method: "post",
  path: "/address-requests/{requestId}/submissions/{submissionId}/accept",
  operationId: "acceptAddressSubmission",
  tags: ["Address requests"],
  summary: "Accept a submission",
  extension: true,
  description:
    "creates a contact from the submission, or, when one of your contacts has its email (ignoring case; the oldest if several), fills that contact's empty parts: the mailing address, each date and the spouse's name whole and only where the contact has none of their fields, children only where it has none; names and everything else stay. Answers 200 with the submission and the contact, created or filled alike.",
  request: { params: addressSubmissionParams },
  responses: {
    200: {
      description: "Accepted: the submission and the contact.",
      content: json(responses.acceptedSubmissionResponse, undefined),
    },
    404: submissionNotFound,
    409: alreadyDecided,
    422: validation("the address book is full (200,000 contacts)"),
  },
};

const rejectSubmission: Operation = {
  method: "post",
  path: "/address-requests/{requestId}/submissions/{submissionId}/reject",
  operationId: "rejectAddressSubmission",
  tags: ["Address requests"],
  summary: "Reject a submission",
  extension: true,
  description: "turns the submission down: no contact changes. It stays listed, `rejected`.",
  request: { params: addressSubmissionParams },
  responses: {
    200: { description: "Rejected.", content: json(responses.addressSubmissionDataResponse, { data: { ...submission, status: "rejected", match: null, decided_at: "2026-11-04T08:00:00.000Z" } }) },
    404: submissionNotFound,
    409: alreadyDecided,
  },
};

export const addressRequestOperations: Operation[] = [
  listAddressRequests,
  createAddressRequest,
  getAddressRequest,
  updateAddressRequest,
  deleteAddressRequest,
  listSubmissions,
  acceptSubmission,
  rejectSubmission,
  submitAddress,
];
