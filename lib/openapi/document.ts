import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { OpenApiDocument } from "./document-type";
import { toInputForms } from "./input-forms";
import { registerOperation, registerSharedComponents, type Operation } from "./operations";
import { accountOperations } from "./paths/account";
import { addressRequestOperations } from "./paths/address-requests";
import { authOperations } from "./paths/auth";
import { automationOperations } from "./paths/automations";
import { cardOperations } from "./paths/cards";
import { contactOperations } from "./paths/contacts";
import { groupOperations } from "./paths/groups";
import { orderOperations } from "./paths/orders";
import { projectOperations } from "./paths/projects";
import { proofOperations } from "./paths/proofs";
import { webhookOperations } from "./paths/webhooks";
import { registerWebhooks, webhookPayloadDefinitions } from "./webhooks";

export const OPENAPI_VERSION = "1.0.0";

export type { OpenApiDocument } from "./document-type";

// The document lists paths in this order, so the reference page does too.
const OPERATIONS: Operation[] = [
  ...authOperations,
  ...accountOperations,
  ...contactOperations,
  ...groupOperations,
  ...cardOperations,
  ...projectOperations,
  ...orderOperations,
  ...proofOperations,
  ...automationOperations,
  ...webhookOperations,
  ...addressRequestOperations,
];

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
- Lists page with cursors: \`per_page\` 1 to 100, default 15 (out of range is 422, not clamped); cursors are opaque and tamper-evident, a bad one is 422 on \`cursor\`. Contacts return \`links\` and \`meta\`; cards, projects, a project's recipients and orders return \`next_cursor\`, null on the last page. A group's contacts stay a plain array, up to 1000 at once, with \`X-Total-Count\` and a \`Link\` header (\`rel="next"\`) when more follow.
- Success codes: creating a contact, group or project and checking out are 201; other POSTs 200; deleting a contact or group and adding or removing a group member are 204 with no body.
- Errors are \`{"message": string}\`. Validation errors are 422 with \`errors\`, messages by dotted field path (\`children.0.first_name\`) reading like "The first name field is required."; the insufficient-credit error (402) adds \`credit_available\` and \`order_total\`. A malformed JSON body is 400, a body over 1 MiB 413.
- Someone else's contact, group, card, project or order is answered like an unknown one (404), except the two 403s of add-recipients and order tracking. A malformed uuid or a non-integer id in a path is 404 too.
- \`Idempotency-Key\` on \`POST /contacts\`, \`POST /projects/add-recipients/{projectUuid}\` and \`POST /cart/checkout/{projectUuid}\`: the same key and body within 24 hours replays the first response, marked \`Idempotent-Replayed: true\`; the same key with another method, path or body is 422.
- Login is throttled: 5 failed attempts per email and client IP in a minute, or 20 per email in an hour from any IP, then 429 with \`Retry-After\`.
- Requests are rate-limited per token: \`API_RATE_LIMIT\` a minute (1,200 unless the server sets otherwise), in a fixed one-minute window. Every answer to a request with a valid token carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds); past the limit, 429 \`Too many requests. Please try again in N seconds.\` with \`Retry-After\`.
- Quotas per account, each a 422 naming the field when a request would pass it (a bulk request is refused whole): 200,000 contacts, 10,000 recipients per project, 200,000 contacts per group, 100 live tokens (app_ids), 10,000 new \`Idempotency-Key\`s in 24 hours.
- Operations marked \`x-extension: true\` (and "Extension:" in their description) go beyond the partner specification: \`POST /auth/logout\`, \`PATCH /contacts/{uuid}\`, \`POST /projects\`, \`GET /projects/{uuid}\`, \`GET /projects/{uuid}/recipients\`, \`GET /orders\`, \`POST /orders/{orderId}/cancel\`, the automations (\`/automations\` and below), the webhooks (\`/webhooks\` and below), the address requests (\`/address-requests\` and below, the public submit without a token), the address book's export, import, duplicates and merge (\`GET /contacts/export\`, \`POST /contacts/import\`, \`GET /contacts/duplicates\`, \`POST /contacts/{uuid}/merge\`), the calendar feed (\`/account/calendar-feed\`, \`/calendar-feeds/{feed}\`), the \`delivery_date\` of checkout, the \`id\` of tracked recipients, the \`group_id\` filter of \`GET /contacts\`, the \`per_page\` and \`cursor\` of \`GET /groups/{groupId}/contacts\`, the \`recipients_count\` and \`recipients_next_cursor\` of a project's detail, and the \`address_warnings\` of a project's recipients.`;

const TAGS = [
  { name: "Authentication", description: "Tokens for partner applications, one per app_id." },
  { name: "Account", description: "The current user." },
  { name: "Contacts", description: "The address book, and the birthdays and anniversaries in it." },
  { name: "Groups", description: "Named sets of contacts." },
  { name: "Cards", description: "The shared catalog of active cards." },
  { name: "Projects", description: "A card and a message prepared for many recipients." },
  { name: "Orders", description: "Checkout with account credit, orders and delivery tracking." },
  { name: "Automations", description: "Cards mailed by themselves for the birthdays and anniversaries of the address book." },
  { name: "Webhooks", description: "Signed HTTP requests (Standard Webhooks) to your endpoints when orders are placed, pieces change status, automations run and friends send their address." },
  { name: "Address requests", description: "Links that ask friends for their address: they fill it in themselves, you accept it into the address book." },
];

/** Builds the OpenAPI 3.1 document of /api/v1. */
export function buildOpenApiDocument(): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registerSharedComponents(registry);
  for (const operation of OPERATIONS) registerOperation(registry, operation);
  registerWebhooks(registry);
  const generator = new OpenApiGeneratorV31([...registry.definitions, ...webhookPayloadDefinitions]);
  const document = generator.generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Cardmail API",
      version: OPENAPI_VERSION,
      description: DESCRIPTION,
      // The reference page (/docs/api) is on whatever origin serves this document: no absolute URL here.
      contact: { name: "Cardmail partner support" },
      license: { name: "Proprietary", identifier: "LicenseRef-Cardmail-Partner-Terms" },
    },
    servers: [{ url: "/api/v1", description: "This server" }],
    tags: TAGS,
  });
  return toInputForms(document);
}

let cached: OpenApiDocument | undefined;

/** The document, built once per process; callers must not change it. */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= buildOpenApiDocument());
}
