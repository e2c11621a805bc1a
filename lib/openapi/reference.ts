import type { OpenApiDocument } from "./document";
import { blocks, type Block } from "./markdown";
import { constraints, fieldRows, resolveSchema, schemaName, typeLabel, type FieldRow, type JsonSchema, type TypeLabel } from "./schema-fields";

/*
 * Turns the OpenAPI document into the view model of the server-rendered reference at /docs/api:
 * operations by tag, parameters, the field tables of schemas (schema-fields.ts) and the
 * document's Markdown as plain blocks (markdown.ts). Pure functions of the document: no React,
 * no HTML, so they are tested on their own.
 */

/* ---------------------------------------------------------------- the document, read structurally */

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
  webhooks?: Record<string, Partial<Record<string, RawOperation>>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    responses?: Record<string, RawResponse>;
    parameters?: Record<string, RawParameter>;
    securitySchemes?: Record<string, { type?: string; scheme?: string; bearerFormat?: string; description?: string }>;
  };
};

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
  /** The requests Cardmail sends to partners' endpoints, one per event type (`path` is the type). */
  webhooks: OperationView[];
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

/** The whole reference: the info, the operations grouped by tag in the document's order, the webhooks, the schemas. */
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
  const webhooks = Object.entries(doc.webhooks ?? {}).flatMap(([type, item]) =>
    HTTP_METHODS.flatMap((method) => (item[method] ? [operationView(document, method, type, item[method], usedIds)] : [])),
  );
  return {
    title: doc.info.title,
    version: doc.info.version,
    baseUrl: doc.servers?.[0]?.url ?? "/",
    description: blocks(doc.info.description),
    tags: [...tags.values()].filter((tag) => tag.operations.length > 0),
    webhooks,
    schemas: Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => ({
      name,
      id: schemaAnchor(name),
      description: schema.description ?? "",
      type: typeLabel(schema),
      fields: fieldRows(document, schema, { expandRefs: false }),
    })),
  };
}
