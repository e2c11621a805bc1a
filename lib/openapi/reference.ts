import MarkdownIt, { type Token } from "markdown-it";
import type { openApiDocument } from "./document";

/*
 * Turns the OpenAPI document into the view model of the server-rendered reference at /docs/api:
 * operations by tag, parameters, field tables of schemas ($ref resolved, nested objects and
 * arrays one level deep with dotted names) and the document's Markdown as plain blocks.
 * Pure functions of the document: no React, no HTML, so they are tested on their own.
 */

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

/* ---------------------------------------------------------------- the document, read structurally */

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

type RawExample = { summary?: string; value?: unknown };
type RawMedia = { schema?: JsonSchema; example?: unknown; examples?: Record<string, RawExample> };
type RawHeader = { description?: string; schema?: JsonSchema };
type RawResponse = { $ref?: string; description?: string; headers?: Record<string, RawHeader>; content?: Record<string, RawMedia> };
type RawParameter = { $ref?: string; name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type RawOperation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, RawMedia> };
  responses?: Record<string, RawResponse>;
  "x-extension"?: boolean;
};
type RawDocument = {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Partial<Record<string, RawOperation>>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    responses?: Record<string, RawResponse>;
    parameters?: Record<string, RawParameter>;
    securitySchemes?: Record<string, { type?: string; scheme?: string; bearerFormat?: string; description?: string }>;
  };
};

/* ---------------------------------------------------------------- Markdown */

/** Text with `code` spans. */
export type Inline = { text: string; code: boolean }[];

export type Block =
  | { kind: "heading"; text: Inline }
  | { kind: "paragraph"; text: Inline }
  | { kind: "list"; ordered: boolean; items: Inline[] };

// CommonMark, as OpenAPI specifies for descriptions. With `html` off, markup in a description
// stays text; the page renders every run as text, so nothing here ever becomes HTML.
const markdown = new MarkdownIt("commonmark", { html: false });

/** Appends text to runs, joining it to a preceding plain run so the text reads as one piece. */
function addRun(runs: Inline, text: string, code: boolean): void {
  if (text === "") return;
  const last = runs.at(-1);
  if (last && !last.code && !code) last.text += text;
  else runs.push({ text, code });
}

/**
 * The inline tokens as text and code runs. Emphasis and links keep their text without the
 * markup; a line break is a space, as the browser would show it.
 */
function runsOf(tokens: Token[], runs: Inline = []): Inline {
  for (const token of tokens) {
    if (token.type === "code_inline") addRun(runs, token.content, true);
    else if (token.type === "softbreak" || token.type === "hardbreak") addRun(runs, " ", false);
    else addRun(runs, token.content, false);
  }
  return runs;
}

/** Inline Markdown (a field's or a response's description) as text and `code` runs. */
export function inline(text: string): Inline {
  return runsOf(markdown.parseInline(text, {}).flatMap((token) => token.children ?? []));
}

/**
 * A description's Markdown as headings, paragraphs and lists. A list item's paragraphs and
 * nested lists read as one run of text; a code block is a code run.
 */
export function blocks(text: string | undefined): Block[] {
  const result: Block[] = [];
  let list: Extract<Block, { kind: "list" }> | undefined;
  let depth = 0;
  let inHeading = false;

  const add = (runs: Inline) => {
    const item = list?.items.at(-1);
    if (item) {
      if (item.length > 0 && runs.length > 0) addRun(item, " ", false);
      for (const run of runs) addRun(item, run.text, run.code);
    } else if (runs.length > 0) {
      result.push({ kind: inHeading ? "heading" : "paragraph", text: runs });
    }
  };

  for (const token of markdown.parse(text ?? "", {})) {
    switch (token.type) {
      case "bullet_list_open":
      case "ordered_list_open":
        if (depth++ === 0) list = { kind: "list", ordered: token.type === "ordered_list_open", items: [] };
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        if (--depth === 0 && list) {
          result.push(list);
          list = undefined;
        }
        break;
      case "list_item_open":
        if (depth === 1) list?.items.push([]);
        break;
      case "heading_open":
        inHeading = true;
        break;
      case "heading_close":
        inHeading = false;
        break;
      case "inline":
        add(runsOf(token.children ?? []));
        break;
      case "code_block":
      case "fence": {
        const code = token.content.trimEnd();
        add(code === "" ? [] : [{ text: code, code: true }]);
        break;
      }
    }
  }
  return result;
}

/* ---------------------------------------------------------------- schemas */

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

/** The component name of a `#/components/schemas/<name>` reference. */
export function schemaName(ref: string | undefined): string | undefined {
  return ref?.startsWith(SCHEMA_REF) ? ref.slice(SCHEMA_REF.length) : undefined;
}

/** The schema itself, or the component it references (one hop, cycles are not followed). */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  const name = schemaName(schema?.$ref);
  if (name === undefined) return schema;
  return raw(document).components?.schemas?.[name];
}

/** Plain text of a type label: "array of ChildInput or null". */
export function typeText(label: TypeLabel): string {
  return label.map((piece) => ("schema" in piece ? piece.schema : piece.text)).join("");
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

/* ---------------------------------------------------------------- operations */

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type ParameterRow = {
  name: string;
  in: string;
  required: boolean;
  type: TypeLabel;
  constraints: string[];
  description: string;
};

export type Example = { label: string; json: string };

export type SchemaRef = {
  /** The component the body is, or is an array of (links to its table), if any. */
  type: TypeLabel;
  /** Fields of a schema written inline in the operation (a component has its own table instead). */
  fields: FieldRow[];
};

export type RequestBodyView = {
  required: boolean;
  contentType: string;
  /** The component the body is, when it is one. */
  schema: string | undefined;
  description: string;
  fields: FieldRow[];
  examples: Example[];
};

export type ResponseView = {
  status: string;
  reason: string;
  description: string;
  /** The shared response (`components.responses`) it is, if any. */
  shared: string | undefined;
  headers: { name: string; type: TypeLabel; description: string }[];
  body: SchemaRef | undefined;
  examples: Example[];
};

export type OperationView = {
  /** Anchor id, unique in the page. */
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  isExtension: boolean;
  description: Block[];
  /** The security scheme's description, or null for an operation that takes no token. */
  security: { scheme: string; description: string } | null;
  parameters: ParameterRow[];
  requestBody: RequestBodyView | undefined;
  responses: ResponseView[];
};

export type TagView = { name: string; id: string; description: string; operations: OperationView[] };

export type SchemaView = { name: string; id: string; description: string; type: TypeLabel; fields: FieldRow[] };

export type ApiReference = {
  title: string;
  version: string;
  baseUrl: string;
  description: Block[];
  tags: TagView[];
  schemas: SchemaView[];
};

const REASONS: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "204": "No Content",
  "400": "Bad Request",
  "401": "Unauthorized",
  "402": "Payment Required",
  "403": "Forbidden",
  "404": "Not Found",
  "405": "Method Not Allowed",
  "409": "Conflict",
  "413": "Content Too Large",
  "422": "Unprocessable Content",
  "429": "Too Many Requests",
  "500": "Internal Server Error",
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Anchor of a component schema's table. */
export const schemaAnchor = (name: string) => `schema-${name}`;
/** Anchor of a tag's section. */
export const tagAnchor = (name: string) => `tag-${slug(name)}`;

function raw(document: OpenApiDocument): RawDocument {
  return document as unknown as RawDocument;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function examplesOf(media: RawMedia | undefined): Example[] {
  if (!media) return [];
  if (media.example !== undefined) return [{ label: "Example", json: pretty(media.example) }];
  return Object.entries(media.examples ?? {})
    .filter(([, example]) => example.value !== undefined)
    .map(([key, example]) => ({ label: example.summary ?? key, json: pretty(example.value) }));
}

function firstContent(content: Record<string, RawMedia> | undefined): [string, RawMedia] | undefined {
  if (!content) return undefined;
  return Object.entries(content)[0];
}

function parameterRows(document: OpenApiDocument, parameters: RawParameter[] | undefined): ParameterRow[] {
  const named = raw(document).components?.parameters ?? {};
  return (parameters ?? []).flatMap((entry) => {
    const parameter = entry.$ref ? named[entry.$ref.replace("#/components/parameters/", "")] : entry;
    if (!parameter) return [];
    return [
      {
        name: parameter.name,
        in: parameter.in,
        required: parameter.in === "path" || parameter.required === true,
        type: typeLabel(parameter.schema),
        constraints: constraints(parameter.schema),
        description: parameter.description ?? parameter.schema?.description ?? "",
      },
    ];
  });
}

function requestBodyView(document: OpenApiDocument, body: RawOperation["requestBody"]): RequestBodyView | undefined {
  const content = firstContent(body?.content);
  if (!body || !content) return undefined;
  const [contentType, media] = content;
  const resolved = resolveSchema(document, media.schema);
  return {
    required: body.required === true,
    contentType,
    schema: schemaName(media.schema?.$ref),
    description: body.description ?? resolved?.description ?? "",
    fields: fieldRows(document, media.schema, { expandRefs: true }),
    examples: examplesOf(media),
  };
}

function responseView(document: OpenApiDocument, status: string, entry: RawResponse): ResponseView {
  const sharedName = entry.$ref?.replace("#/components/responses/", "");
  const response = (sharedName ? raw(document).components?.responses?.[sharedName] : entry) ?? {};
  const content = firstContent(response.content);
  const schema = content?.[1].schema;
  return {
    status,
    reason: REASONS[status] ?? "",
    description: response.description ?? "",
    shared: sharedName,
    headers: Object.entries(response.headers ?? {}).map(([name, header]) => ({ name, type: typeLabel(header.schema), description: header.description ?? "" })),
    body: schema ? { type: typeLabel(schema), fields: schema.$ref ? [] : fieldRows(document, schema, { expandRefs: false }) } : undefined,
    examples: examplesOf(content?.[1]),
  };
}

function operationView(document: OpenApiDocument, method: HttpMethod, path: string, operation: RawOperation, usedIds: Set<string>): OperationView {
  const schemes = raw(document).components?.securitySchemes ?? {};
  const requirement = operation.security?.find((entry) => Object.keys(entry).length > 0);
  const schemeName = requirement ? Object.keys(requirement)[0] : undefined;
  const scheme = schemeName ? schemes[schemeName] : undefined;
  let id = `op-${slug(operation.operationId ?? `${method}-${path}`)}`;
  while (usedIds.has(id)) id += "-";
  usedIds.add(id);
  return {
    id,
    method,
    path,
    summary: (operation.summary ?? "").replace(/ \(extension\)$/, ""),
    isExtension: operation["x-extension"] === true,
    description: blocks(operation.description),
    security: schemeName
      ? {
          scheme: scheme?.type === "http" && scheme.scheme?.toLowerCase() === "bearer" ? "Bearer token" : schemeName,
          description: scheme?.description ?? "",
        }
      : null,
    parameters: parameterRows(document, operation.parameters),
    requestBody: requestBodyView(document, operation.requestBody),
    responses: Object.entries(operation.responses ?? {}).map(([status, response]) => responseView(document, status, response)),
  };
}

/** The whole reference: the info, the operations grouped by tag in the document's order, the schemas. */
export function buildApiReference(document: OpenApiDocument): ApiReference {
  const doc = raw(document);
  const tags = new Map<string, TagView>((doc.tags ?? []).map((tag) => [tag.name, { name: tag.name, id: tagAnchor(tag.name), description: tag.description ?? "", operations: [] }]));
  const usedIds = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tagName = operation.tags?.[0] ?? "Other";
      let tag = tags.get(tagName);
      if (!tag) {
        tag = { name: tagName, id: tagAnchor(tagName), description: "", operations: [] };
        tags.set(tagName, tag);
      }
      tag.operations.push(operationView(document, method, path, operation, usedIds));
    }
  }
  return {
    title: doc.info.title,
    version: doc.info.version,
    baseUrl: doc.servers?.[0]?.url ?? "/",
    description: blocks(doc.info.description),
    tags: [...tags.values()].filter((tag) => tag.operations.length > 0),
    schemas: Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => ({
      name,
      id: schemaAnchor(name),
      description: schema.description ?? "",
      type: typeLabel(schema),
      fields: fieldRows(document, schema, { expandRefs: false }),
    })),
  };
}
