import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { registerOperation, registerSharedComponents, type Operation } from "./operations";
import { accountOperations } from "./paths/account";
import { authOperations } from "./paths/auth";
import { cardOperations } from "./paths/cards";
import { contactOperations } from "./paths/contacts";
import { groupOperations } from "./paths/groups";
import { orderOperations } from "./paths/orders";
import { projectOperations } from "./paths/projects";

export const OPENAPI_VERSION = "1.0.0";

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

// The document lists paths in this order, so the reference page does too.
const OPERATIONS: Operation[] = [
  ...authOperations,
  ...accountOperations,
  ...contactOperations,
  ...groupOperations,
  ...cardOperations,
  ...projectOperations,
  ...orderOperations,
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
  const registry = new OpenAPIRegistry();
  registerSharedComponents(registry);
  for (const operation of OPERATIONS) registerOperation(registry, operation);
  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
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
}

let cached: OpenApiDocument | undefined;

/** The document, built once per process; callers must not change it. */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= buildOpenApiDocument());
}
