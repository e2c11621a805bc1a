import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { call } from "@/test/api";
import * as examples from "./examples";
import * as responses from "./responses";

type Operation = { security?: Record<string, string[]>[]; "x-extension"?: boolean; description?: string; parameters?: { name: string; in: string }[] };
type Document = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, Record<string, unknown>> }>; securitySchemes: Record<string, unknown> };
};

const SPEC_OPERATIONS = [
  ["post", "/auth/login"],
  ["get", "/account"],
  ["get", "/contacts"],
  ["post", "/contacts"],
  ["get", "/contacts/{uuid}"],
  ["delete", "/contacts/{uuid}"],
  ["get", "/contacts/events"],
  ["get", "/groups"],
  ["post", "/groups"],
  ["get", "/groups/{groupId}"],
  ["put", "/groups/{groupId}"],
  ["delete", "/groups/{groupId}"],
  ["get", "/groups/{groupId}/contacts"],
  ["post", "/groups/{groupId}/contacts/{contactId}"],
  ["delete", "/groups/{groupId}/contacts/{contactId}"],
  ["get", "/cards"],
  ["get", "/cards/{id}"],
  ["get", "/projects"],
  ["post", "/projects/add-recipients/{projectUuid}"],
  ["post", "/cart/checkout/{projectUuid}"],
  ["get", "/orders/track/{orderId}"],
] as const;

const EXTENSIONS = [
  ["post", "/auth/logout"],
  ["patch", "/contacts/{uuid}"],
  ["post", "/projects"],
  ["get", "/projects/{uuid}"],
  ["get", "/projects/{uuid}/recipients"],
  ["get", "/orders"],
  ["post", "/orders/{orderId}/cancel"],
  ["get", "/projects/{uuid}/proof"],
  ["get", "/orders/{orderId}/recipients/{recipientId}/proof"],
  ["get", "/fonts"],
  ["get", "/automations"],
  ["post", "/automations"],
  ["get", "/automations/{automationId}"],
  ["patch", "/automations/{automationId}"],
  ["delete", "/automations/{automationId}"],
  ["get", "/automations/{automationId}/upcoming"],
  ["get", "/automations/{automationId}/runs"],
  ["get", "/contacts/export"],
  ["post", "/account/calendar-feed"],
  ["delete", "/account/calendar-feed"],
  ["get", "/calendar-feeds/{feed}"],
  ["get", "/webhooks"],
  ["post", "/webhooks"],
  ["get", "/webhooks/{webhookId}"],
  ["patch", "/webhooks/{webhookId}"],
  ["delete", "/webhooks/{webhookId}"],
  ["post", "/webhooks/{webhookId}/rotate-secret"],
  ["post", "/webhooks/{webhookId}/test"],
  ["get", "/webhooks/{webhookId}/deliveries"],
  ["post", "/webhooks/{webhookId}/deliveries/{deliveryId}/retry"],
  ["post", "/contacts/import"],
  ["get", "/contacts/duplicates"],
  ["post", "/contacts/{uuid}/merge"],
  ["get", "/address-requests"],
  ["post", "/address-requests"],
  ["get", "/address-requests/{requestId}"],
  ["patch", "/address-requests/{requestId}"],
  ["delete", "/address-requests/{requestId}"],
  ["get", "/address-requests/{requestId}/submissions"],
  ["post", "/address-requests/{requestId}/submissions/{submissionId}/accept"],
  ["post", "/address-requests/{requestId}/submissions/{submissionId}/reject"],
  ["post", "/address-requests/public/{secret}"],
] as const;

/** Operations without a token: login, and the calendar feed and the address request submit whose URLs hold their secret. */
const PUBLIC_OPERATIONS = new Set(["post /auth/login", "get /calendar-feeds/{feed}", "post /address-requests/public/{secret}"]);

async function fetchDocument(): Promise<Document> {
  const res = await call("GET", "/api/v1/openapi.json");
  expect(res.status).toBe(200);
  return res.body as Document;
}

function operations(doc: Document): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [method, path, op] as [string, string, Operation]));
}

describe("GET /api/v1/openapi.json", () => {
  it("is served as JSON without a token", async () => {
    const res = await call("GET", "/api/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.info).toMatchObject({ title: "Cardmail API", version: "1.0.0" });
    expect(res.body.servers).toEqual([expect.objectContaining({ url: "/api/v1" })]);
  });

  it("answers other methods with a JSON 405", async () => {
    const res = await call("POST", "/api/v1/openapi.json");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const doc = await fetchDocument();
    // validate() dereferences in place: it gets its own copy.
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? "" : compileErrors(result)).toBe("");
    expect(result.specification).toBe("OpenAPI");
  });

  it("has exactly the spec's 21 operations and the extensions, extensions marked as such", async () => {
    const doc = await fetchDocument();
    const listed = operations(doc).map(([method, path]) => `${method.toUpperCase()} ${path}`);
    const expected = [...SPEC_OPERATIONS, ...EXTENSIONS].map(([method, path]) => `${method.toUpperCase()} ${path}`);
    expect(listed.sort()).toEqual(expected.sort());

    for (const [method, path] of SPEC_OPERATIONS) {
      const op = doc.paths[path]![method]!;
      expect(op["x-extension"], `${method} ${path}`).toBeUndefined();
      expect(op.description, `${method} ${path}`).not.toMatch(/^Extension:/);
    }
    for (const [method, path] of EXTENSIONS) {
      const op = doc.paths[path]![method]!;
      expect(op["x-extension"], `${method} ${path}`).toBe(true);
      expect(op.description, `${method} ${path}`).toMatch(/^Extension: /);
    }
  });

  it("documents login and the calendar feed without security and every other operation with the bearer scheme", async () => {
    const doc = await fetchDocument();
    expect(doc.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: "http", scheme: "bearer", bearerFormat: "JWT" }));
    for (const [method, path, op] of operations(doc)) {
      if (PUBLIC_OPERATIONS.has(`${method} ${path}`)) expect(op.security ?? [], `${method} ${path}`).toEqual([]);
      else expect(op.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
  });

  it("documents the rate limit on every token-authenticated operation: a 429 with Retry-After and the RateLimit headers", async () => {
    const doc = await fetchDocument();
    const limited = (doc.components as unknown as { responses: Record<string, { headers: Record<string, unknown> }> }).responses.RateLimited!;
    expect(Object.keys(limited.headers)).toEqual(["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]);
    for (const [method, path, op] of operations(doc)) {
      const responses = (op as unknown as { responses: Record<string, { $ref?: string; headers?: Record<string, unknown> }> }).responses;
      if (PUBLIC_OPERATIONS.has(`${method} ${path}`)) {
        expect(responses["429"]?.$ref).toBeUndefined();
        continue;
      }
      expect(responses["429"], `${method} ${path}`).toEqual({ $ref: "#/components/responses/RateLimited" });
      const success = Object.entries(responses).find(([status]) => status.startsWith("2"))![1];
      expect(Object.keys(success.headers ?? {}), `${method} ${path}`).toEqual(expect.arrayContaining(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]));
    }
  });

  it("describes the requests with the handlers' own validation rules", async () => {
    const doc = await fetchDocument();
    const schemas = doc.components.schemas;
    expect(schemas.CreateContactRequest!.required).toEqual(["first_name", "last_name"]);
    expect(schemas.CreateContactRequest!.properties!.internal_id).toMatchObject({ type: ["string", "null"], maxLength: 20 });
    expect(schemas.CreateContactRequest!.properties!.birth_month).toMatchObject({ type: ["integer", "null"], minimum: 1, maximum: 12 });
    expect(schemas.UpdateContactRequest!.required).toBeUndefined();
    expect(schemas.LoginRequest!.required).toEqual(["app_id", "email", "password"]);
    expect(schemas.LoginRequest!.properties!.email).toMatchObject({ type: "string", format: "email" });
    expect(schemas.Recipient!.required).toEqual(["first_name", "last_name", "address", "city", "state", "zip"]);
    expect(schemas.AddRecipientsRequest!.properties!.recipients).toMatchObject({ minItems: 1, maxItems: 1000 });
    expect(schemas.GroupRequest!.required).toEqual(["name"]);

    const parameter = (path: string, name: string) =>
      (doc.paths[path]!.get!.parameters as unknown as { name: string; required: boolean; schema: Record<string, unknown> }[]).find((p) => p.name === name)!;
    for (const path of ["/contacts", "/cards", "/projects", "/orders"]) {
      expect(parameter(path, "per_page").schema, path).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 15 });
    }
    expect(parameter("/projects/{uuid}/recipients", "per_page").schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 100 });
    expect(parameter("/groups/{groupId}/contacts", "per_page")).toMatchObject({ "x-extension": true, schema: { type: "integer", minimum: 1, maximum: 1000, default: 1000 } });
    expect(parameter("/groups/{groupId}/contacts", "cursor")).toMatchObject({ "x-extension": true, in: "query" });
    const groupContacts = doc.paths["/groups/{groupId}/contacts"]!.get as unknown as { responses: Record<string, { headers?: Record<string, unknown> }> };
    expect(Object.keys(groupContacts.responses["200"]!.headers ?? {})).toEqual(["X-Total-Count", "Link", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]);
    expect(schemas.ProjectWithRecipients!.properties!.recipients_count).toMatchObject({ type: "integer", "x-extension": true });
    expect(schemas.ProjectWithRecipients!.properties!.recipients_next_cursor).toMatchObject({ "x-extension": true });
    expect(parameter("/contacts/events", "month")).toMatchObject({ required: true, schema: { type: "integer", minimum: 1, maximum: 12 } });
    expect(parameter("/contacts/events", "year")).toMatchObject({ required: true, schema: { type: "integer", minimum: 1900, maximum: 9999 } });

    const idempotencyKey = (method: string, path: string) => doc.paths[path]![method]!.parameters?.find((p) => p.name === "Idempotency-Key");
    expect(idempotencyKey("post", "/contacts")).toMatchObject({ in: "header" });
    expect(idempotencyKey("post", "/projects/add-recipients/{projectUuid}")).toMatchObject({ in: "header" });
    expect(idempotencyKey("post", "/cart/checkout/{projectUuid}")).toMatchObject({ in: "header" });
  });

  it("names the exact error messages", async () => {
    const text = JSON.stringify(await fetchDocument());
    for (const message of [
      "Unauthenticated.",
      "Invalid credentials",
      "Contact not found",
      "Group not found",
      "Card not found",
      "Project not found",
      "Order not found",
      "You do not have permission to update this project",
      "Unauthorized access to order tracking information",
      "No account credit available to process order",
      "Project has no recipients",
      "The request body is not valid JSON.",
      "Retry-After",
      "Idempotent-Replayed",
    ]) {
      expect(text).toContain(message);
    }
  });
});

describe("the document's examples", () => {
  it("have the shapes the API returns", () => {
    const pairs: [unknown, { parse(value: unknown): unknown }][] = [
      [examples.tokenExample, responses.tokenResponse],
      [examples.accountExample, responses.accountResponse],
      [examples.contactDataExample, responses.contactDataResponse],
      [examples.contactsPageExample, responses.contactsPageResponse],
      [examples.contactEventsExample, responses.contactEventsResponse],
      [examples.groupExample, responses.groupResponse],
      [examples.groupsExample, responses.groupsResponse],
      [examples.cardDataExample, responses.cardDataResponse],
      [examples.cardsPageExample, responses.cardsPageResponse],
      [examples.projectDataExample, responses.projectDataResponse],
      [examples.projectsPageExample, responses.projectsPageResponse],
      [examples.projectDetailExample, responses.projectDetailDataResponse],
      [examples.projectRecipientsPageExample, responses.projectRecipientsPageResponse],
      [examples.addRecipientsExample, responses.addRecipientsResponse],
      [examples.checkoutExample, responses.checkoutResponse],
      [examples.insufficientCreditExample, responses.insufficientCreditResponse],
      [examples.ordersPageExample, responses.ordersPageResponse],
      [examples.orderTrackingExample, responses.orderTrackingResponse],
      [examples.automationExample, responses.automationDataResponse],
      [examples.automationsExample, responses.automationsResponse],
      [examples.upcomingExample, responses.upcomingResponse],
      [examples.automationRunsExample, responses.automationRunsPageResponse],
      [examples.contactValidationExample, responses.validationErrorResponse],
    ];
    for (const [example, schema] of pairs) expect(() => schema.parse(example)).not.toThrow();
  });

  it("are requests the API accepts", async () => {
    const { createContactSchema, updateContactSchema } = await import("@/lib/contacts/schema");
    const { addRecipientsSchema, createProjectSchema } = await import("@/lib/projects/schema");
    const { createGroupSchema } = await import("@/lib/groups/schema");
    const { loginSchema } = await import("@/lib/auth/schema");
    expect(loginSchema.safeParse(examples.loginRequestExample).success).toBe(true);
    expect(createContactSchema.safeParse(examples.createContactRequestExample).success).toBe(true);
    expect(updateContactSchema.safeParse(examples.updateContactRequestExample).success).toBe(true);
    expect(createGroupSchema.safeParse(examples.groupRequestExample).success).toBe(true);
    const { createAutomationSchema } = await import("@/lib/automations/schema");
    expect(createAutomationSchema.safeParse(examples.automationRequestExample).success).toBe(true);
    expect(createProjectSchema.safeParse(examples.createProjectRequestExample).success).toBe(true);
    expect(addRecipientsSchema.safeParse(examples.addRecipientsRequestExample).success).toBe(true);
  });
});
