import type { OpenApiDocument } from "./document-type";

/*
 * The JSON Schemas of the OpenAPI document as the reference page shows them: a type as text
 * with links to components, readable constraints, and field tables.
 */

/** A JSON Schema as the generator writes it (the subset the reference reads). */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};

/** A type as text pieces, some naming a component schema (rendered as links). */
export type TypeLabel = ({ text: string } | { schema: string })[];

export type FieldRow = {
  /** Dotted path: `first_name`, `children[].first_name`, `links.next`. */
  name: string;
  type: TypeLabel;
  required: boolean;
  /** Readable constraints: "at most 100 characters", "minimum 1", "format: email", "one of: a, b". */
  constraints: string[];
  description: string;
  /** Nested one level under another row. */
  nested: boolean;
};

const SCHEMA_REF = "#/components/schemas/";

const componentSchemas = (document: OpenApiDocument) => (document as unknown as { components?: { schemas?: Record<string, JsonSchema> } }).components?.schemas;

/** The component name of a `#/components/schemas/<name>` reference. */
export function schemaName(ref: string | undefined): string | undefined {
  return ref?.startsWith(SCHEMA_REF) ? ref.slice(SCHEMA_REF.length) : undefined;
}

/** The schema itself, or the component it references (one hop, cycles are not followed). */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  const name = schemaName(schema?.$ref);
  if (name === undefined) return schema;
  return componentSchemas(document)?.[name];
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.enum && schema.enum.length > 0) return [...new Set(schema.enum.map((value) => (value === null ? "null" : typeof value)))];
  return [];
}

/** The type of a schema: `string`, `integer or null`, `array of ChildInput`, `Error or ValidationError`. */
export function typeLabel(schema: JsonSchema | undefined): TypeLabel {
  if (!schema) return [{ text: "any" }];
  const name = schemaName(schema.$ref);
  if (name !== undefined) return [{ schema: name }];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return joinLabels(alternatives.map(typeLabel), " or ");
  if (schema.allOf?.length === 1) return typeLabel(schema.allOf[0]);

  const types = typesOf(schema);
  const nullable = types.includes("null");
  const labels: TypeLabel[] = types
    .filter((type) => type !== "null")
    .map((type): TypeLabel => {
      if (type === "array") return schema.items ? [{ text: "array of " }, ...typeLabel(schema.items)] : [{ text: "array" }];
      if (type === "object" && typeof schema.additionalProperties === "object" && !schema.properties) {
        return [{ text: "object of " }, ...typeLabel(schema.additionalProperties)];
      }
      return [{ text: type }];
    });
  if (labels.length === 0) labels.push([{ text: nullable ? "null" : "any" }]);
  else if (nullable) labels.push([{ text: "null" }]);
  return joinLabels(labels, " or ");
}

function joinLabels(labels: TypeLabel[], separator: string): TypeLabel {
  return labels.flatMap((label, index) => (index === 0 ? label : [{ text: separator }, ...label]));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const literal = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** Readable constraints of one schema (not of its items, except a short note for simple items). */
export function constraints(schema: JsonSchema | undefined): string[] {
  if (!schema || schema.$ref) return [];
  const list: string[] = [];
  if (schema.format) list.push(`format: ${schema.format}`);
  if (schema.minLength !== undefined) list.push(`at least ${plural(schema.minLength, "character")}`);
  if (schema.maxLength !== undefined) list.push(`at most ${plural(schema.maxLength, "character")}`);
  if (schema.minimum !== undefined) list.push(`minimum ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) list.push(`greater than ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) list.push(`maximum ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) list.push(`less than ${schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined) list.push(`at least ${plural(schema.minItems, "item")}`);
  if (schema.maxItems !== undefined) list.push(`at most ${plural(schema.maxItems, "item")}`);
  if (schema.enum && schema.enum.length > 0) list.push(`one of: ${schema.enum.map(literal).join(", ")}`);
  if (schema.const !== undefined) list.push(`always ${literal(schema.const)}`);
  if (schema.pattern) list.push(`pattern: ${schema.pattern}`);
  if (schema.default !== undefined) list.push(`default: ${literal(schema.default)}`);
  if (schema.items && !schema.items.$ref && !schema.items.properties) {
    list.push(...constraints(schema.items).map((constraint) => `each item: ${constraint}`));
  }
  return list;
}

export type FieldOptions = {
  /**
   * Expand nested fields that are `$ref`s to components (request bodies, read in one place), or
   * only nested objects written inline (the Schemas section, where a component links to its own table).
   */
  expandRefs: boolean;
};

/**
 * The field table of an object schema: one row per property and, one level deep, the
 * properties of a nested object (`links.next`) or of an array's objects (`children[].first_name`).
 * A schema that is not an object (an array, a string) has no rows.
 */
export function fieldRows(document: OpenApiDocument, schema: JsonSchema | undefined, options: FieldOptions = { expandRefs: true }): FieldRow[] {
  const rows: FieldRow[] = [];
  collect(document, resolveSchema(document, schema), "", false, options, rows);
  return rows;
}

function collect(document: OpenApiDocument, schema: JsonSchema | undefined, prefix: string, nested: boolean, options: FieldOptions, rows: FieldRow[]): void {
  if (!schema?.properties) return;
  const required = new Set(schema.required ?? []);
  for (const [key, property] of Object.entries(schema.properties)) {
    const name = `${prefix}${key}`;
    rows.push({ name, type: typeLabel(property), required: required.has(key), constraints: constraints(property), description: property.description ?? "", nested });
    if (nested) continue;
    const isArray = typesOf(property).includes("array");
    const child = isArray ? property.items : property;
    if (!child || (child.$ref && !options.expandRefs)) continue;
    collect(document, resolveSchema(document, child), `${name}${isArray ? "[]." : "."}`, true, options, rows);
  }
}
