import type { OpenApiDocument } from "./document-type";
import type { JsonSchema } from "./schema-fields";

/*
 * The input form of the request bodies. A field with a default may be left out of a request, and
 * the generator already leaves it out of `required`; but a `default` keyword in a shared component
 * reads to client generators (openapi-typescript's defaultNonNullable, on by default) as "always
 * present", the output form, and they make the field required in the request type. So a component
 * reached only from request bodies states its defaults in words instead, and a component with a
 * default that a response reaches too is refused: it would need an input and an output component.
 */

const SCHEMA_REF = "#/components/schemas/";

/** The component names `node` refers to, directly or through the components it refers to. */
function reachable(node: unknown, schemas: Record<string, JsonSchema>, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) reachable(item, schemas, found);
  } else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith(SCHEMA_REF)) {
        const name = value.slice(SCHEMA_REF.length);
        if (!found.has(name)) {
          found.add(name);
          reachable(schemas[name], schemas, found);
        }
      } else {
        reachable(value, schemas, found);
      }
    }
  }
  return found;
}

type Operation = { requestBody?: unknown; responses?: unknown };

/** The fields with a default in `schema` and its inline sub-schemas. */
function defaultedFields(schema: JsonSchema): JsonSchema[] {
  const fields: JsonSchema[] = [];
  const visit = (node: JsonSchema | undefined) => {
    if (!node || typeof node !== "object") return;
    for (const field of Object.values(node.properties ?? {})) {
      if (field.default !== undefined) fields.push(field);
      visit(field);
    }
    visit(node.items);
    for (const list of [node.anyOf, node.oneOf, node.allOf]) for (const item of list ?? []) visit(item);
  };
  visit(schema);
  return fields;
}

const describe = (value: unknown) => (value === null ? "null" : JSON.stringify(value));

/** Rewrites the request-only components of `document` (in place) to their input form. */
export function toInputForms(document: OpenApiDocument): OpenApiDocument {
  const doc = document as unknown as {
    paths?: Record<string, Record<string, Operation>>;
    webhooks?: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, JsonSchema>; responses?: unknown };
  };
  const schemas = doc.components?.schemas ?? {};
  const operations = Object.values(doc.paths ?? {}).flatMap((item) => Object.values(item));
  const inputs = reachable(operations.map((op) => op.requestBody), schemas);
  // What Cardmail writes: the answers, and the webhook requests it sends.
  const outputs = reachable([operations.map((op) => op.responses), doc.components?.responses, doc.webhooks], schemas);
  for (const name of inputs) {
    const fields = defaultedFields(schemas[name] ?? {});
    if (fields.length === 0) continue;
    if (outputs.has(name)) throw new Error(`${name} has defaults and is both a request and a response schema: give it an input and an output component`);
    for (const field of fields) {
      const said = `Defaults to ${describe(field.default)} when left out.`;
      field.description = field.description ? `${field.description} ${said}` : said;
      delete field.default;
    }
  }
  return document;
}
