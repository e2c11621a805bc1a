import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";
import { blocks, buildApiReference, fieldRows, inline, resolveSchema, typeLabel, typeText, type FieldRow, type OpenApiDocument } from "./reference";

const document = openApiDocument();
const reference = buildApiReference(document);
const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
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

describe("fieldRows", () => {
  it("lists the Contact create body with requirements, bounds and the children's fields one level deep", () => {
    const rows = fieldRows(document, schemaRef("CreateContactRequest"));
    expect(row(rows, "first_name")).toMatchObject({ required: true, nested: false, constraints: ["at least 1 character", "at most 100 characters"] });
    expect(typeText(row(rows, "first_name").type)).toBe("string");
    expect(row(rows, "last_name").required).toBe(true);
    expect(row(rows, "email")).toMatchObject({ required: false, constraints: ["format: email", "at most 255 characters"] });
    expect(typeText(row(rows, "email").type)).toBe("string or null");
    expect(row(rows, "birth_month").constraints).toEqual(["minimum 1", "maximum 12"]);

    const children = row(rows, "children");
    expect(children.type).toEqual([{ text: "array of " }, { schema: "ChildInput" }, { text: " or " }, { text: "null" }]);
    expect(children.constraints).toEqual(["at most 20 items"]);
    expect(row(rows, "children[].first_name")).toMatchObject({ required: true, nested: true, constraints: ["at least 1 character", "at most 100 characters"] });
    expect(row(rows, "children[].birth_year").constraints).toEqual(["minimum 1800", "maximum 9999"]);
    expect(row(rows, "pets[].name").nested).toBe(true);
    // The nested rows follow their parent.
    const names = rows.map((r) => r.name);
    expect(names.indexOf("children[].first_name")).toBe(names.indexOf("children") + 1);
  });

  it("expands inline objects but only links to components when asked to", () => {
    const rows = fieldRows(document, schemaRef("ContactsPage"), { expandRefs: false });
    expect(typeText(row(rows, "data").type)).toBe("array of Contact");
    expect(rows.some((r) => r.name.startsWith("data[]."))).toBe(false);
    expect(row(rows, "links.next")).toMatchObject({ required: true, nested: true, description: "null on the last page." });
    expect(typeText(row(rows, "meta.per_page").type)).toBe("integer");
  });

  it("goes one level deep only", () => {
    const rows = fieldRows(document, schemaRef("AddRecipientsRequest"));
    expect(row(rows, "recipients").constraints).toEqual(["at least 1 item", "at most 1000 items"]);
    expect(row(rows, "recipients[].zip")).toMatchObject({ required: true, nested: true });
    expect(typeText(row(rows, "recipients[].children").type)).toBe("array of ChildInput or null");
    expect(rows.some((r) => r.name.startsWith("recipients[].children[]."))).toBe(false);
  });

  it("has no rows for a schema that is not an object", () => {
    expect(fieldRows(document, { type: "array", items: schemaRef("Contact") })).toEqual([]);
    expect(fieldRows(document, undefined)).toEqual([]);
  });
});

describe("typeLabel and resolveSchema", () => {
  it("names alternatives, maps and enums", () => {
    expect(typeText(typeLabel({ anyOf: [schemaRef("Error"), schemaRef("ValidationError")] }))).toBe("Error or ValidationError");
    expect(typeText(typeLabel({ type: "object", additionalProperties: { type: "array", items: { type: "string" } } }))).toBe("object of array of string");
    expect(typeText(typeLabel({ enum: ["a", "b"] }))).toBe("string");
  });

  it("resolves a component reference and leaves other schemas alone", () => {
    expect(resolveSchema(document, schemaRef("ChildInput"))?.required).toEqual(["first_name"]);
    const inlineSchema = { type: "string" };
    expect(resolveSchema(document, inlineSchema)).toBe(inlineSchema);
    expect(resolveSchema(document, schemaRef("Nope"))).toBeUndefined();
  });
});

describe("blocks", () => {
  it("splits headings, paragraphs, lists and code spans", () => {
    const text = "Intro with `code`.\nStill the intro.\n\n## Authentication\n1. First `POST /auth/login`.\n2. Second\n   continued.\n\n- a\n- b";
    expect(blocks(text)).toEqual([
      { kind: "paragraph", text: [{ text: "Intro with ", code: false }, { text: "code", code: true }, { text: ". Still the intro.", code: false }] },
      { kind: "heading", text: [{ text: "Authentication", code: false }] },
      {
        kind: "list",
        ordered: true,
        items: [
          [
            { text: "First ", code: false },
            { text: "POST /auth/login", code: true },
            { text: ".", code: false },
          ],
          [{ text: "Second continued.", code: false }],
        ],
      },
      { kind: "list", ordered: false, items: [[{ text: "a", code: false }], [{ text: "b", code: false }]] },
    ]);
  });

  it("keeps markup as text (nothing is HTML) and an unmatched backtick as is", () => {
    expect(inline("<script>x</script> a `b")).toEqual([{ text: "<script>x</script> a `b", code: false }]);
    expect(blocks(undefined)).toEqual([]);
  });

  it("reads CommonMark: emphasis and links keep only their text, a code block is code", () => {
    expect(inline("*Only* [active](https://example.com) cards &amp; `price`")).toEqual([
      { text: "Only active cards & ", code: false },
      { text: "price", code: true },
    ]);
    expect(blocks("- one\n\n  more\n- two\n\n```\n{}\n```")).toEqual([
      { kind: "list", ordered: false, items: [[{ text: "one more", code: false }], [{ text: "two", code: false }]] },
      { kind: "paragraph", text: [{ text: "{}", code: true }] },
    ]);
  });
});

describe("buildApiReference", () => {
  it("groups every operation by tag in the document's order", () => {
    expect(reference.tags.map((tag) => tag.name)).toEqual(["Authentication", "Account", "Contacts", "Groups", "Cards", "Projects", "Orders"]);
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
    expect(created.headers.map((h) => h.name)).toEqual(["Idempotent-Replayed"]);
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
