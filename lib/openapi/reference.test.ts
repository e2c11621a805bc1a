import { describe, expect, it } from "vitest";
import { openApiDocument, type OpenApiDocument } from "./document";
import { buildApiReference } from "./reference";
import type { FieldRow } from "./schema-fields";

const document = openApiDocument();
const reference = buildApiReference(document);
const row = (rows: FieldRow[], name: string) => {
  const found = rows.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no row ${name} in ${rows.map((r) => r.name).join(", ")}`);
  return found;
};
const operation = (method: string, path: string) => {
  const found = reference.tags.flatMap((tag) => tag.operations).find((op) => op.method === method && op.path === path);
  if (!found) throw new Error(`no operation ${method} ${path}`);
  return found;
};

describe("buildApiReference", () => {
  it("groups every operation by tag in the document's order", () => {
    expect(reference.tags.map((tag) => tag.name)).toEqual(["Authentication", "Account", "Contacts", "Groups", "Cards", "Projects", "Orders", "Automations", "Webhooks", "Address requests"]);
    const count = Object.values(document.paths ?? {}).reduce((sum, item) => sum + ["get", "post", "put", "patch", "delete"].filter((m) => m in item).length, 0);
    expect(reference.tags.flatMap((tag) => tag.operations)).toHaveLength(count);
    const ids = reference.tags.flatMap((tag) => tag.operations.map((op) => op.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(reference.baseUrl).toBe("/api/v1");
    expect(reference.description.some((block) => block.kind === "heading")).toBe(true);
  });

  it("describes an operation: security, parameters, body, responses", () => {
    const create = operation("post", "/contacts");
    expect(create).toMatchObject({ id: "op-createcontact", summary: "Create a contact", isExtension: false, security: { scheme: "Bearer token" } });
    expect(create.parameters).toEqual([expect.objectContaining({ name: "Idempotency-Key", in: "header", required: false, constraints: ["at least 1 character", "at most 255 characters"] })]);
    expect(create.requestBody).toMatchObject({ required: true, contentType: "application/json", schema: "CreateContactRequest" });
    expect(row(create.requestBody!.fields, "children[].first_name").required).toBe(true);
    expect(create.requestBody!.examples[0]?.json).toContain('"first_name": "Jane"');

    const created = create.responses.find((r) => r.status === "201")!;
    expect(created).toMatchObject({ reason: "Created", shared: undefined, body: { type: [{ schema: "ContactResponse" }], fields: [] } });
    expect(created.headers.map((h) => h.name)).toEqual(["Idempotent-Replayed", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]);
    const limited = create.responses.find((r) => r.status === "429")!;
    expect(limited).toMatchObject({ shared: "RateLimited", body: { type: [{ schema: "Error" }] } });
    expect(limited.headers.map((h) => h.name)).toEqual(["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]);
    const unauthenticated = create.responses.find((r) => r.status === "401")!;
    expect(unauthenticated).toMatchObject({ shared: "Unauthenticated", body: { type: [{ schema: "Error" }] } });
    expect(unauthenticated.examples).toEqual([{ label: "Example", json: '{\n  "message": "Unauthenticated."\n}' }]);
  });

  it("marks the public login, extensions and path parameters", () => {
    const login = operation("post", "/auth/login");
    expect(login.security).toBeNull();
    expect(login.responses.find((r) => r.status === "401")?.examples).toEqual([{ label: "Invalid credentials", json: '{\n  "message": "Invalid credentials"\n}' }]);
    const logout = operation("post", "/auth/logout");
    expect(logout).toMatchObject({ isExtension: true, summary: "Revoke the current token" });
    expect(operation("get", "/contacts/{uuid}").parameters[0]).toMatchObject({ name: "uuid", in: "path", required: true, constraints: ["format: uuid"] });
    expect(operation("get", "/contacts").parameters.find((p) => p.name === "per_page")?.constraints).toEqual(["minimum 1", "maximum 100", "default: 15"]);
  });

  it("lists every webhook event Cardmail sends, signed, with its headers and its body's fields", () => {
    expect(reference.webhooks.map((webhook) => webhook.path)).toEqual(Object.keys(document.webhooks ?? {}));
    expect(reference.webhooks.length).toBeGreaterThanOrEqual(5);
    const created = reference.webhooks.find((webhook) => webhook.path === "order.created")!;
    expect(created).toMatchObject({ method: "post", security: null, summary: "An order was placed" });
    expect(created.parameters.map((parameter) => parameter.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
    expect(created.requestBody?.schema).toBe("OrderCreatedEvent");
    expect(created.requestBody?.fields.map((field) => field.name)).toEqual(expect.arrayContaining(["type", "timestamp", "data"]));
    const ids = [...reference.tags.flatMap((tag) => tag.operations), ...reference.webhooks].map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("lists every component schema with an anchor", () => {
    const names = Object.keys(document.components?.schemas ?? {});
    expect(reference.schemas.map((schema) => schema.name)).toEqual(names);
    const contact = reference.schemas.find((schema) => schema.name === "Contact")!;
    expect(contact.id).toBe("schema-Contact");
    expect(row(contact.fields, "uuid")).toMatchObject({ required: true, constraints: ["format: uuid"] });
  });

  it("reads a minimal document without tags or components", () => {
    const minimal = {
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      paths: { "/ping": { get: { responses: { "204": { description: "Pong." } } } } },
    } as unknown as OpenApiDocument;
    const built = buildApiReference(minimal);
    expect(built).toMatchObject({ baseUrl: "/", schemas: [], tags: [{ name: "Other", operations: [{ id: "op-get-ping", security: null, requestBody: undefined }] }] });
    expect(built.tags[0]?.operations[0]?.responses).toEqual([
      { status: "204", reason: "No Content", description: "Pong.", shared: undefined, headers: [], body: undefined, examples: [] },
    ]);
  });
});
