import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { loginSchema } from "@/lib/auth/schema";
import { listCardsQuerySchema } from "@/lib/cards/schema";
import { childSchema, createContactSchema, listContactsQuerySchema, petSchema, updateContactSchema } from "@/lib/contacts/schema";
import { contactEventsQuerySchema } from "@/lib/events/schema";
import { createGroupSchema } from "@/lib/groups/schema";
import { listOrdersQuerySchema } from "@/lib/orders/schema";
import { addRecipientsSchema, createProjectSchema, listProjectsQuerySchema, recipientSchema } from "@/lib/projects/schema";
import * as examples from "./examples";
import { annotated, named, queryWithBounds } from "./registry";
import * as responses from "./responses";

export const OPENAPI_VERSION = "1.0.0";

type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;
type Responses = RouteConfig["responses"];
type ResponseEntry = Responses[string];
type HeadersObject = Exclude<NonNullable<ResponseConfig["headers"]>, z.ZodObject>;

/* ---------------------------------------------------------------- request schemas */

// The handlers' own schemas, named for the document (the instances are not copied).
named("ChildInput", childSchema);
named("PetInput", petSchema);
const loginRequest = named("LoginRequest", loginSchema);
const createContactRequest = named("CreateContactRequest", createContactSchema, {
  description: "first_name and last_name are required; every other Contact field is optional. Text is trimmed and \"\" is stored as null.",
});
const updateContactRequest = named("UpdateContactRequest", updateContactSchema, {
  description: "Any subset of the Contact fields. A field sent as null or \"\" is cleared; first_name and last_name can't be cleared.",
});
const groupRequest = named("GroupRequest", createGroupSchema, {
  description: "The same body creates (POST) and replaces (PUT) a group. id, created_at and updated_at, if sent, are ignored.",
});
const createProjectRequest = named("CreateProjectRequest", createProjectSchema);
named("Recipient", recipientSchema, {
  description:
    "A mailing address (first_name, last_name, address, city, state and zip required; country defaults to US for a new contact), optionally any other Contact field, and override_message.",
});
const addRecipientsRequest = named("AddRecipientsRequest", addRecipientsSchema);

const contactsQuery = queryWithBounds(listContactsQuerySchema);
const eventsQuery = queryWithBounds(contactEventsQuerySchema);
const cardsQuery = queryWithBounds(listCardsQuerySchema);
const projectsQuery = queryWithBounds(listProjectsQuerySchema);
const ordersQuery = queryWithBounds(listOrdersQuerySchema);

annotated(listContactsQuerySchema.shape.query, {
  description: "Case-insensitive substring of the first, last or full name (\"Jane Smith\"), the email or the phone. A phone-like query also matches by its digits alone.",
  example: "smith",
});
annotated(listContactsQuerySchema.shape.group_id, {
  description: "Extension: only the contacts of this group (404 `Group not found` when it is not yours).",
  param: { "x-extension": true },
});
for (const shape of [listContactsQuerySchema.shape, listCardsQuerySchema.shape, listProjectsQuerySchema.shape, listOrdersQuerySchema.shape]) {
  annotated(shape.per_page, { description: "Items per page, 1 to 100 (out of range is 422, not clamped)." });
  annotated(shape.cursor, { description: "The opaque cursor of a previous page (`next_cursor`); a tampered or foreign cursor is 422 on `cursor`." });
}
annotated(listCardsQuerySchema.shape.occasion_id, { description: "Only cards of this occasion." });
annotated(listCardsQuerySchema.shape.category_id, { description: "Only cards of this category." });
annotated(contactEventsQuerySchema.shape.month, { description: "Month, 1 to 12.", example: 3 });
annotated(contactEventsQuerySchema.shape.year, { description: "Year, 1900 to 9999.", example: 2026 });

/* ---------------------------------------------------------------- parameters and shared responses */

const uuidParam = (name: string, description: string) =>
  z.object({ [name]: z.uuid().meta({ description, example: "6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10" }) });
const idParam = (name: string, description: string, example: number) => z.object({ [name]: z.number().int().min(1).meta({ description, example }) });

const contactParams = uuidParam("uuid", "The contact's uuid. A malformed uuid is 404 like an unknown one.");
const groupParams = idParam("groupId", "The group's id. A non-integer id is 404 like an unknown one.", 12);
const groupContactParams = groupParams.extend({
  contactId: z.uuid().meta({ description: "The contact's uuid.", example: "6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10" }),
});
const cardParams = idParam("id", "The card's id.", 7);
const projectUuidParams = uuidParam("projectUuid", "The project's uuid.");
const projectParams = uuidParam("uuid", "The project's uuid.");
const orderParams = idParam("orderId", "The order's id (`order_id` of the checkout).", 418);

const idempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description:
        "Makes a retry safe: the same key with the same method, path and body within 24 hours replays the first response (with `Idempotent-Replayed: true`) instead of running again. The same key with a different request is 422 on `Idempotency-Key`. Keys are per user; a request that failed stores nothing, so it can be retried with its key.",
      example: "9d1f0a5c-checkout-2026-11-02",
    }),
});

const replayHeader: HeadersObject = {
  "Idempotent-Replayed": {
    description: "`true` when this response is the stored response of an earlier request with the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
};

const json = (schema: z.ZodType, example?: unknown) => ({ "application/json": example === undefined ? { schema } : { schema, example } });

const errorContent = (messages: Record<string, string>) => ({
  "application/json": {
    schema: responses.errorResponse,
    examples: Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, { summary: message, value: { message } }])),
  },
});

/** An error response with its exact messages, named in the description too. */
function error(description: string, messages: Record<string, string>): ResponseEntry {
  const list = Object.values(messages)
    .map((message) => `\`${message}\``)
    .join(" or ");
  return { description: `${description}: ${list}.`, content: errorContent(messages) };
}

const validation = (description: string, example?: unknown): ResponseEntry => ({
  description: `Validation failed (${description}). \`errors\` names every invalid field by its dotted path.`,
  content: json(responses.validationErrorResponse, example),
});

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

const registry = new OpenAPIRegistry();

registry.registerComponent("securitySchemes", "bearerAuth", {
  type: "http",
  scheme: "bearer",
  bearerFormat: "JWT",
  description: "The token from `POST /auth/login`, sent as `Authorization: Bearer <token>`.",
});

registry.registerComponent("responses", "Unauthenticated", {
  description: "No bearer token, or a malformed, revoked, expired or unknown one: `Unauthenticated.`",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: { message: "Unauthenticated." } } },
});
registry.registerComponent("responses", "MalformedJson", {
  description: "The body is not valid JSON: `The request body is not valid JSON.`",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: { message: "The request body is not valid JSON." } } },
});
registry.registerComponent("responses", "PayloadTooLarge", {
  description: "The body is over 1 MiB: `The request body is too large: the limit is 1 MiB.`",
  content: {
    "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: { message: "The request body is too large: the limit is 1 MiB." } },
  },
});

const withBody = { 400: ref("MalformedJson"), 413: ref("PayloadTooLarge") };

/* ---------------------------------------------------------------- operations */

type Operation = Omit<RouteConfig, "security"> & {
  /** Beyond the partner spec: flagged with `x-extension` and "Extension:" in the description. */
  extension?: boolean;
  /** No bearer token (login only). */
  public?: boolean;
};

function operation({ extension, public: isPublic, ...route }: Operation): void {
  const responsesWithAuth: Responses = isPublic ? route.responses : { ...route.responses, 401: ref("Unauthenticated") };
  registry.registerPath({
    ...route,
    summary: extension ? `${route.summary} (extension)` : route.summary,
    description: extension ? `Extension: ${route.description}` : route.description,
    ...(isPublic ? {} : { security: [{ bearerAuth: [] }] }),
    responses: sortByStatus(responsesWithAuth),
    ...(extension ? { "x-extension": true } : {}),
  });
}

function sortByStatus(entries: Responses): Responses {
  return Object.fromEntries(Object.entries(entries).sort(([a], [b]) => Number(a) - Number(b)));
}

// Authentication

operation({
  method: "post",
  path: "/auth/login",
  operationId: "login",
  tags: ["Authentication"],
  summary: "Obtain a bearer token",
  public: true,
  description: [
    "Exchanges credentials for a bearer token (a JWT) for one `app_id`. The only operation that needs no token.",
    "",
    "Each (user, app_id) has at most one active token: a successful login revokes the token that app_id had and returns a new one; tokens of other app_ids stay valid. Tokens do not expire unless the server sets `TOKEN_TTL_DAYS`.",
    "",
    "An unknown email, a wrong password and a deactivated account all answer 401 `Invalid credentials`. After 5 failed logins for one email from one client IP within a minute, further attempts are 429 with `Retry-After` (seconds) until the minute has passed; requests refused by validation (422) do not count.",
  ].join("\n"),
  request: { body: { required: true, content: json(loginRequest, examples.loginRequestExample) } },
  responses: {
    200: { description: "The new token.", content: json(responses.tokenResponse, examples.tokenExample) },
    ...withBody,
    401: error("Wrong credentials", { invalidCredentials: "Invalid credentials" }),
    422: validation("app_id 1..100 characters, email a valid address, password required", {
      message: "The app id field is required. (and 1 more error)",
      errors: { app_id: ["The app id field is required."], email: ["The email field must be a valid email address."] },
    }),
    429: {
      description: "Too many failed logins for this email from this IP: `Too many login attempts. Please try again in N seconds.`",
      headers: { "Retry-After": { description: "Seconds until the next attempt is allowed.", schema: { type: "integer", minimum: 1 } } },
      content: errorContent({ throttled: "Too many login attempts. Please try again in 42 seconds." }),
    },
  },
});

operation({
  method: "post",
  path: "/auth/logout",
  operationId: "logout",
  tags: ["Authentication"],
  summary: "Revoke the current token",
  extension: true,
  description: "revokes the token that makes this request; using it afterwards is 401. Tokens of other app_ids stay valid. No body.",
  responses: { 200: { description: "The token is revoked.", content: json(responses.logoutResponse, { message: "Logged out." }) } },
});

// Account

operation({
  method: "get",
  path: "/account",
  operationId: "getAccount",
  tags: ["Account"],
  summary: "The current user's account",
  description:
    "The account of the token's user, unwrapped (no `data`): `account_type` 1 personal, 2 business, 3 admin; `contact` is the account's own contact, the return address printed on cards; `shipping` is where boxed orders go, every part null until set.",
  responses: { 200: { description: "The account.", content: json(responses.accountResponse, examples.accountExample) } },
});

// Contacts

operation({
  method: "get",
  path: "/contacts",
  operationId: "listContacts",
  tags: ["Contacts"],
  summary: "Paginated contacts, optional search",
  description: [
    "The user's contacts ordered by last name, first name, then uuid, one page at a time.",
    "",
    "- `query`: case-insensitive substring of the first name, last name, full name (\"Jane Smith\"), email or phone. A phone-like query (digits, spaces and `()+-.`, at least 3 digits) also matches by its digits alone, so `555-0123` finds `(555) 0123`.",
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
});

operation({
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
  ].join("\n"),
  request: { headers: idempotencyHeaders, body: { required: true, content: json(createContactRequest, examples.createContactRequestExample) } },
  responses: {
    201: { description: "The created contact.", headers: replayHeader, content: json(responses.contactDataResponse, examples.contactDataExample) },
    ...withBody,
    422: validation("missing names, bad formats or ranges, a duplicate internal_id, an Idempotency-Key reused for another request", examples.contactValidationExample),
  },
});

operation({
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
});

operation({
  method: "get",
  path: "/contacts/{uuid}",
  operationId: "getContact",
  tags: ["Contacts"],
  summary: "Contact details",
  description: "One of the user's contacts with its children and pets.",
  request: { params: contactParams },
  responses: {
    200: { description: "The contact.", content: json(responses.contactDataResponse, examples.contactDataExample) },
    404: error("Unknown uuid, a malformed one, or another user's contact", { contactNotFound: "Contact not found" }),
  },
});

operation({
  method: "patch",
  path: "/contacts/{uuid}",
  operationId: "updateContact",
  tags: ["Contacts"],
  summary: "Update some fields of a contact",
  extension: true,
  description:
    "partial update with the rules of create: only the fields sent change; a field sent as null or \"\" is cleared; `first_name` and `last_name` can't be cleared (422); `children` or `pets`, when sent, replace the whole list (an empty array or null clears it). `updated_at` moves on every update.",
  request: { params: contactParams, body: { required: true, content: json(updateContactRequest, examples.updateContactRequestExample) } },
  responses: {
    200: { description: "The updated contact.", content: json(responses.contactDataResponse, examples.contactDataExample) },
    ...withBody,
    404: error("Unknown uuid, a malformed one, or another user's contact", { contactNotFound: "Contact not found" }),
    422: validation("bad formats or ranges, a cleared name, a duplicate internal_id"),
  },
});

operation({
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
    404: error("Unknown uuid, a malformed one, or another user's contact", { contactNotFound: "Contact not found" }),
  },
});

// Groups

const groupNotFound = error("Unknown group id, a non-integer one, or another user's group", { groupNotFound: "Group not found" });

operation({
  method: "get",
  path: "/groups",
  operationId: "listGroups",
  tags: ["Groups"],
  summary: "List groups",
  description: "All of the user's groups ordered by name, as a plain array (not paginated).",
  responses: { 200: { description: "The groups.", content: json(responses.groupsResponse, examples.groupsExample) } },
});

operation({
  method: "post",
  path: "/groups",
  operationId: "createGroup",
  tags: ["Groups"],
  summary: "Create a group",
  description: "`name` is required (1 to 255 characters after trimming), `description` optional (up to 2000). `id` and the timestamps, if sent, are ignored. Returns the group unwrapped.",
  request: { body: { required: true, content: json(groupRequest, examples.groupRequestExample) } },
  responses: {
    201: { description: "The created group.", content: json(responses.groupResponse, examples.groupExample) },
    ...withBody,
    422: validation("name missing or too long, description too long", {
      message: "The name field is required.",
      errors: { name: ["The name field is required."] },
    }),
  },
});

operation({
  method: "get",
  path: "/groups/{groupId}",
  operationId: "getGroup",
  tags: ["Groups"],
  summary: "Group details",
  description: "One of the user's groups, unwrapped.",
  request: { params: groupParams },
  responses: {
    200: { description: "The group.", content: json(responses.groupResponse, examples.groupExample) },
    404: groupNotFound,
  },
});

operation({
  method: "put",
  path: "/groups/{groupId}",
  operationId: "updateGroup",
  tags: ["Groups"],
  summary: "Update a group",
  description: "Replaces the group's name and description with the same rules as create: a description left out is cleared, like one sent as null or \"\".",
  request: { params: groupParams, body: { required: true, content: json(groupRequest, examples.groupRequestExample) } },
  responses: {
    200: { description: "The updated group.", content: json(responses.groupResponse, examples.groupExample) },
    ...withBody,
    404: groupNotFound,
    422: validation("name missing or too long, description too long"),
  },
});

operation({
  method: "delete",
  path: "/groups/{groupId}",
  operationId: "deleteGroup",
  tags: ["Groups"],
  summary: "Delete a group",
  description: "Deletes the group. Its contacts stay in the address book.",
  request: { params: groupParams },
  responses: { 204: { description: "Deleted. No body." }, 404: groupNotFound },
});

operation({
  method: "get",
  path: "/groups/{groupId}/contacts",
  operationId: "listGroupContacts",
  tags: ["Groups"],
  summary: "Contacts of a group",
  description:
    "Every contact of the group as a plain array of Contact, ordered by last name, first name (not paginated; `GET /contacts?group_id=` pages through the same list).",
  request: { params: groupParams },
  responses: {
    200: { description: "The group's contacts.", content: json(responses.groupContactsResponse, [examples.contactExample]) },
    404: groupNotFound,
  },
});

const groupOrContactNotFound = error("Unknown or another user's group or contact (the group is checked first)", {
  groupNotFound: "Group not found",
  contactNotFound: "Contact not found",
});

operation({
  method: "post",
  path: "/groups/{groupId}/contacts/{contactId}",
  operationId: "addContactToGroup",
  tags: ["Groups"],
  summary: "Add a contact to a group",
  description: "Puts one of the user's contacts (by uuid) in one of the user's groups. No body. Adding a contact that is already in the group is not an error.",
  request: { params: groupContactParams },
  responses: { 204: { description: "The contact is in the group. No body." }, 404: groupOrContactNotFound },
});

operation({
  method: "delete",
  path: "/groups/{groupId}/contacts/{contactId}",
  operationId: "removeContactFromGroup",
  tags: ["Groups"],
  summary: "Remove a contact from a group",
  description: "Takes the contact out of the group; the contact itself stays. Removing a contact that is not in the group is not an error.",
  request: { params: groupContactParams },
  responses: { 204: { description: "The contact is not in the group. No body." }, 404: groupOrContactNotFound },
});

// Cards

operation({
  method: "get",
  path: "/cards",
  operationId: "listCards",
  tags: ["Cards"],
  summary: "Paginated active cards",
  description: [
    "The shared catalog: active cards only, ordered by id.",
    "",
    "- `occasion_id` and `category_id` filter (both together: cards in both); an id that matches nothing gives an empty page.",
    "- `per_page` 1 to 100, default 15 (out of range is 422); `next_cursor` is the `cursor` of the next page and null on the last one.",
    "- `price` is a decimal string in dollars (`\"3.99\"`); image URLs are absolute, on the host the API was called on.",
  ].join("\n"),
  request: { query: cardsQuery },
  responses: {
    200: { description: "A page of cards.", content: json(responses.cardsPageResponse, examples.cardsPageExample) },
    422: validation("per_page out of 1..100, a non-integer filter, a bad cursor"),
  },
});

operation({
  method: "get",
  path: "/cards/{id}",
  operationId: "getCard",
  tags: ["Cards"],
  summary: "One card",
  description: "One active card of the catalog.",
  request: { params: cardParams },
  responses: {
    200: { description: "The card.", content: json(responses.cardDataResponse, examples.cardDataExample) },
    404: error("Unknown card, an inactive one, or a non-integer id", { cardNotFound: "Card not found" }),
  },
});

// Projects

const projectNotFound = error("Unknown project, a malformed uuid, or another user's project", { projectNotFound: "Project not found" });

operation({
  method: "get",
  path: "/projects",
  operationId: "listProjects",
  tags: ["Projects"],
  summary: "Paginated projects",
  description: "The user's projects, newest first. `per_page` 1 to 100, default 15 (out of range is 422); `next_cursor` is the `cursor` of the next page and null on the last one.",
  request: { query: projectsQuery },
  responses: {
    200: { description: "A page of projects.", content: json(responses.projectsPageResponse, examples.projectsPageExample) },
    422: validation("per_page out of 1..100, a bad cursor"),
  },
});

operation({
  method: "post",
  path: "/projects",
  operationId: "createProject",
  tags: ["Projects"],
  summary: "Create a project from a card",
  extension: true,
  description:
    "starts a project (a card prepared for sending) from an active card. `category_id`, `occasion_id`, `is_box` and `is_postcard` are taken from the card. `name` is required (1 to 255 characters); `automation_message` (up to 5000) and `automation_signoff` (up to 500) are optional. An unknown or inactive card is 422 on `card_id`.",
  request: { body: { required: true, content: json(createProjectRequest, examples.createProjectRequestExample) } },
  responses: {
    201: { description: "The created project.", content: json(responses.projectDataResponse, examples.projectDataExample) },
    ...withBody,
    422: validation("an unknown or inactive card, a missing name", {
      message: "The selected card id is invalid.",
      errors: { card_id: ["The selected card id is invalid."] },
    }),
  },
});

operation({
  method: "get",
  path: "/projects/{uuid}",
  operationId: "getProject",
  tags: ["Projects"],
  summary: "One project with its recipients",
  extension: true,
  description:
    "one of the user's projects with its recipients: each a full Contact plus its `override_message`, ordered by last name, first name. Recipients already ordered stay listed.",
  request: { params: projectParams },
  responses: {
    200: { description: "The project and its recipients.", content: json(responses.projectDetailDataResponse, examples.projectDetailExample) },
    404: projectNotFound,
  },
});

operation({
  method: "post",
  path: "/projects/add-recipients/{projectUuid}",
  operationId: "addRecipients",
  tags: ["Projects"],
  summary: "Add recipients to a project",
  description: [
    "Adds 1 to 1000 recipients to a project, creating or updating contacts in the same transaction.",
    "",
    "- A recipient needs `first_name`, `last_name`, `address`, `city`, `state` and `zip`; `company`, `apt`, `email`, `internal_id`, `override_message` and any other Contact field (phone, birthdays, spouse, children, pets, notes...) are optional and validated as on `POST /contacts`.",
    "- A recipient whose `internal_id` matches one of your contacts updates that contact: the fields it sends overwrite (null clears), the fields it leaves out keep their value, `children` / `pets` when sent replace the lists. Any other recipient becomes a new contact, with `country` defaulting to `US`.",
    "- One `internal_id` may appear only once per request (422 on `recipients.N.internal_id`).",
    "- A contact is on a project at most once: adding it again updates its `override_message`. A recipient that was already ordered is not charged again by the next checkout.",
    "- Supports `Idempotency-Key`.",
  ].join("\n"),
  request: {
    params: projectUuidParams,
    headers: idempotencyHeaders,
    body: { required: true, content: json(addRecipientsRequest, examples.addRecipientsRequestExample) },
  },
  responses: {
    200: { description: "How many contacts were created and updated.", headers: replayHeader, content: json(responses.addRecipientsResponse, examples.addRecipientsExample) },
    ...withBody,
    403: error("The project belongs to another user", { forbidden: "You do not have permission to update this project" }),
    404: error("Unknown project or a malformed uuid", { projectNotFound: "Project not found" }),
    422: validation("no recipients or more than 1000, a missing address part, a repeated internal_id, an Idempotency-Key reused for another request", {
      message: "The zip field is required.",
      errors: { "recipients.1.zip": ["The zip field is required."] },
    }),
  },
});

// Checkout and orders

operation({
  method: "post",
  path: "/cart/checkout/{projectUuid}",
  operationId: "checkoutProject",
  tags: ["Orders"],
  summary: "Check out a project with account credit",
  description: [
    "Orders every recipient of the project that was not ordered yet and pays with account credit. No body.",
    "",
    "- Order total = card price x recipients not yet ordered. Amounts in the response are dollars, rounded to the cent.",
    "- One transaction: credit can never go below zero and a recipient is never charged twice, even under concurrent requests; every charge is a ledger entry.",
    "- Each piece starts `pending`, with `scheduled_delivery_date` 7 days after checkout (midnight UTC) and the recipient's `override_message` or else the project's `automation_message`.",
    "- Supports `Idempotency-Key`: a retry with the same key replays the 201 without charging again.",
  ].join("\n"),
  request: { params: projectUuidParams, headers: idempotencyHeaders },
  responses: {
    201: { description: "The order was placed.", headers: replayHeader, content: json(responses.checkoutResponse, examples.checkoutExample) },
    402: {
      description: "The credit does not cover the order total (nothing is charged): `No account credit available to process order`.",
      content: json(responses.insufficientCreditResponse, examples.insufficientCreditExample),
    },
    404: projectNotFound,
    422: {
      description:
        "Nothing to order (`Project has no recipients`: none, or all already ordered), the project's card is no longer sold (`The card of this project is no longer available.`), or an Idempotency-Key reused for another request.",
      content: {
        "application/json": {
          schema: z.union([responses.errorResponse, responses.validationErrorResponse]),
          examples: {
            noRecipients: { summary: "Project has no recipients", value: { message: "Project has no recipients" } },
            inactiveCard: { summary: "The card of this project is no longer available.", value: { message: "The card of this project is no longer available." } },
          },
        },
      },
    },
  },
});

operation({
  method: "get",
  path: "/orders",
  operationId: "listOrders",
  tags: ["Orders"],
  summary: "List orders",
  extension: true,
  description: "the user's orders, newest first: what each cost, how many pieces and which projects. `per_page` 1 to 100, default 15; `next_cursor` null on the last page.",
  request: { query: ordersQuery },
  responses: {
    200: { description: "A page of orders.", content: json(responses.ordersPageResponse, examples.ordersPageExample) },
    422: validation("per_page out of 1..100, a bad cursor"),
  },
});

operation({
  method: "get",
  path: "/orders/track/{orderId}",
  operationId: "trackOrder",
  tags: ["Orders"],
  summary: "Delivery tracking of an order",
  description: [
    "For every project of the order, each mailed piece with its delivery status, the address it was sent to (as it was at checkout) and its scheduled delivery date.",
    "",
    "Statuses: `pending` -> `in_production` -> `mailed` -> `delivered`, plus `cancelled` (before production; its credit is refunded) and `returned`. `updated_at` is when the status last changed.",
  ].join("\n"),
  request: { params: orderParams },
  responses: {
    200: { description: "The order's pieces, by project.", content: json(responses.orderTrackingResponse, examples.orderTrackingExample) },
    403: error("The order belongs to another user", { forbidden: "Unauthorized access to order tracking information" }),
    404: error("Unknown order or a non-integer id", { orderNotFound: "Order not found" }),
  },
});

/* ---------------------------------------------------------------- document */

const DESCRIPTION = `Greeting cards mailed for you: an address book (contacts with spouses, children, pets, birthdays and anniversaries, and groups), a catalog of cards, projects (a card and a message for many recipients), checkout with prepaid account credit, and delivery tracking of every piece.

## Authentication
1. \`POST /auth/login\` with \`app_id\`, \`email\` and \`password\` returns a JWT.
2. Send it on every other request: \`Authorization: Bearer <token>\`.
3. One active token per \`app_id\`: a new login with the same app_id revokes the previous token; different app_ids hold independent tokens. \`POST /auth/logout\` revokes the token that calls it.
4. Tokens do not expire unless the server sets \`TOKEN_TTL_DAYS\`. A missing, malformed, revoked, expired or unknown token is 401 \`{"message": "Unauthenticated."}\`.
5. Everything read or changed belongs to the token's user.

## Conventions
- JSON in and out, errors and unknown routes included (404 \`{"message": "Not found."}\`; a method a path does not support is 405 with \`Allow\`).
- Every field of a resource is present in every response; an unset value is \`null\` (lists are empty arrays).
- Money: credit amounts (\`credit_charged\`, \`remaining_credit\`, \`credit_available\`, \`order_total\`) are JSON numbers in dollars rounded to the cent; a card's \`price\` is a decimal string (\`"3.99"\`).
- Times are ISO 8601 in UTC.
- Lists page with cursors: \`per_page\` 1 to 100, default 15 (out of range is 422, not clamped); cursors are opaque and tamper-evident, a bad one is 422 on \`cursor\`. Contacts return \`links\` and \`meta\`; cards, projects and orders return \`next_cursor\`, null on the last page.
- Success codes: creating a contact, group or project and checking out are 201; other POSTs 200; deleting a contact or group and adding or removing a group member are 204 with no body.
- Errors are \`{"message": string}\`. Validation errors are 422 with \`errors\`, messages by dotted field path (\`children.0.first_name\`) reading like "The first name field is required."; the insufficient-credit error (402) adds \`credit_available\` and \`order_total\`. A malformed JSON body is 400, a body over 1 MiB 413.
- Someone else's contact, group, card, project or order is answered like an unknown one (404), except the two 403s of add-recipients and order tracking. A malformed uuid or a non-integer id in a path is 404 too.
- \`Idempotency-Key\` on \`POST /contacts\`, \`POST /projects/add-recipients/{projectUuid}\` and \`POST /cart/checkout/{projectUuid}\`: the same key and body within 24 hours replays the first response, marked \`Idempotent-Replayed: true\`; the same key with another method, path or body is 422.
- Login is throttled: 5 failed attempts per email and client IP in a minute, then 429 with \`Retry-After\`.
- Operations marked \`x-extension: true\` (and "Extension:" in their description) go beyond the partner specification: \`POST /auth/logout\`, \`PATCH /contacts/{uuid}\`, \`POST /projects\`, \`GET /projects/{uuid}\`, \`GET /orders\`, and the \`group_id\` filter of \`GET /contacts\`.`;

const TAGS = [
  { name: "Authentication", description: "Tokens for partner applications, one per app_id." },
  { name: "Account", description: "The current user." },
  { name: "Contacts", description: "The address book, and the birthdays and anniversaries in it." },
  { name: "Groups", description: "Named sets of contacts." },
  { name: "Cards", description: "The shared catalog of active cards." },
  { name: "Projects", description: "A card and a message prepared for many recipients." },
  { name: "Orders", description: "Checkout with account credit, orders and delivery tracking." },
];

/** Builds the OpenAPI 3.1 document of /api/v1. */
export function buildOpenApiDocument(): OpenApiDocument {
  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: "3.1.0",
    info: { title: "Cardmail API", version: OPENAPI_VERSION, description: DESCRIPTION },
    servers: [{ url: "/api/v1", description: "This server" }],
    tags: TAGS,
  });
}

let cached: OpenApiDocument | undefined;

/** The document, built once per process; callers must not change it. */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= buildOpenApiDocument());
}
