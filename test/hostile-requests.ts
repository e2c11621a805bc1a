import fc from "fast-check";

/*
 * fast-check generators of hostile requests for one OpenAPI operation: path, query, headers and
 * body, each built from what the document says the operation takes, with values a client
 * should never send mixed into values that look right (so validation passes often enough for
 * the deeper code to run too).
 */

type JsonSchema = Record<string, unknown>;

export type Operation = {
  method: string;
  /** The document's path template, `/contacts/{uuid}`. */
  path: string;
  parameters: { in: string; name: string; schema?: JsonSchema }[];
  requestSchema?: JsonSchema;
};

/** Real ids of the caller's own data, so a request sometimes names something that exists. */
export type KnownIds = {
  uuids: string[];
  ints: number[];
  /** Real values by path parameter name. */
  path: Record<string, string[]>;
  /** Real values by query parameter name (cursors of real pages). */
  query: Record<string, string[]>;
};

export type HostileRequest = {
  method: string;
  path: string;
  /** Either `body` (sent as JSON) or `rawBody` (sent as is), or neither. */
  body?: unknown;
  rawBody?: string;
  headers: Record<string, string>;
};

const LONG = "a".repeat(70_000);

export const hostileString = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud83d",
  "x\udc00y",
  "../",
  "../../etc/passwd",
  "%00",
  "%",
  "%zz",
  "99999999999999999999",
  "9223372036854775808",
  "2147483648",
  "-1",
  "-2147483649",
  "0",
  "1e308",
  "NaN",
  "1.5",
  "🎂🎉",
  "' OR 1=1 --",
  "\"; drop table users; --",
  "\\",
  "null",
  "[]",
  "{}",
  "<script>alert(1)</script>",
  "\u202e\u200b\ufeff",
  LONG,
);

const hugeNumber = fc.constantFrom(99999999999999999999, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 5e-324, -1, 0, 1.5);

/**
 * A deeply nested array or object, kept as a description until the body is written: fast-check
 * prints counterexamples recursively, and would overflow its stack on the value itself.
 */
class Nested {
  constructor(
    readonly depth: number,
    readonly kind: "array" | "object",
  ) {}

  /** Its JSON text, built without recursion (JSON.stringify would overflow the stack). */
  text(): string {
    return this.kind === "array" ? `${"[".repeat(this.depth)}"deep"${"]".repeat(this.depth)}` : `${'{"a":'.repeat(this.depth)}"deep"${"}".repeat(this.depth)}`;
  }

  [fc.toStringMethod](): string {
    return `<${this.kind} nested ${this.depth} deep>`;
  }
}

/** Any value of a wrong shape: text, numbers out of every range, null, nesting, containers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hugeNumber,
  fc.constantFrom<unknown>(null, true, false, [], {}, [null], { "\u0000": 1 }, JSON.parse('{"__proto__":{"polluted":true}}'), ["\ud83d"]),
  fc.tuple(fc.constantFrom(5, 50, 5_000), fc.constantFrom("array" as const, "object" as const)).map(([depth, kind]) => new Nested(depth, kind)),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
);

function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  let at = schema;
  for (let hops = 0; typeof at.$ref === "string" && hops < 10; hops++) at = components[at.$ref.replace("#/components/schemas/", "")] ?? {};
  return at;
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  return typeof schema.type === "string" ? [schema.type] : [];
}

/** A value that should pass the schema (as far as generated data can tell). */
function validLooking(schema: JsonSchema, components: Record<string, JsonSchema>, ids: KnownIds, depth: number): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const alternatives = [...((s.anyOf ?? s.oneOf ?? []) as JsonSchema[])];
  if (alternatives.length > 0) return fc.oneof(...alternatives.map((a) => validLooking(a, components, ids, depth)));
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const types = typesOf(s);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => validOfType(type, s, components, ids, depth)));
}

function validOfType(type: string, s: JsonSchema, components: Record<string, JsonSchema>, ids: KnownIds, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = typeof s.minimum === "number" ? s.minimum : -10;
      const max = typeof s.maximum === "number" ? s.maximum : Math.max(min + 1000, 1000);
      const real = ids.ints.filter((id) => id >= min && id <= max);
      return real.length > 0 ? fc.oneof(fc.integer({ min, max }), fc.constantFrom(...real)) : fc.integer({ min, max });
    }
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case "array": {
      const items = (s.items ?? {}) as JsonSchema;
      if (depth > 3) return fc.constant([]);
      const item = validLooking(items, components, ids, depth + 1);
      const few = fc.array(item, { minLength: Math.min(Number(s.minItems ?? 0), 1), maxLength: 3 });
      if (typeof s.maxItems !== "number") return few;
      // The most items allowed (and one more), all alike: limits and duplicates in one batch.
      const full = fc.tuple(item, fc.constantFrom(s.maxItems, s.maxItems + 1)).map(([value, count]) => Array.from({ length: count }, () => value));
      return fc.oneof({ arbitrary: few, weight: 5 }, { arbitrary: full, weight: 1 });
    }
    case "object":
      return objectOf(s, components, ids, depth);
    default:
      return stringOf(s, ids);
  }
}

function stringOf(s: JsonSchema, ids: KnownIds): fc.Arbitrary<string> {
  if (s.format === "uuid") return fc.oneof(fc.uuid(), fc.constantFrom(...(ids.uuids.length ? ids.uuids : ["00000000-0000-4000-8000-000000000000"])));
  if (s.format === "email") return fc.oneof(fc.constantFrom("ann@example.com", "o'neil+tag@example.co.uk"), fc.emailAddress());
  if (s.format === "date") return fc.constantFrom("2026-02-29", "2024-02-29", "0000-01-01", "9999-12-31");
  const maxLength = typeof s.maxLength === "number" ? Math.min(s.maxLength, 40) : 40;
  const unit = fc.oneof({ arbitrary: fc.constantFrom(..."abcdefghij XYZ-.'"), weight: 8 }, { arbitrary: fc.constantFrom("é", "ß", "🎂", "中", "\u200b"), weight: 1 });
  const random = fc.string({ minLength: Math.max(Number(s.minLength ?? 0), 0), maxLength, unit });
  // A few fixed values, so that two requests of a run collide on unique names and ids.
  return fc.oneof({ arbitrary: random, weight: 3 }, { arbitrary: fc.constantFrom("dup", "Family", "Ada", "Lovelace", "US", "10001"), weight: 1 });
}

/**
 * An object of the schema with plausible fields, then none, one or two of them made hostile or
 * dropped: with a chance of harm for each of thirty fields, no request would pass validation.
 */
function objectOf(s: JsonSchema, components: Record<string, JsonSchema>, ids: KnownIds, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const keys = Object.keys(properties);
  const model = Object.fromEntries(keys.map((key) => [key, validLooking(properties[key]!, components, ids, depth)]));
  const required = ((s.required ?? []) as string[]).filter((key) => key in properties);
  const plausible = fc.record(model, { requiredKeys: required });
  if (keys.length === 0) return plausible;
  const change = fc.tuple(fc.constantFrom(...keys), fc.option(hostileValue, { nil: undefined, freq: 8 }));
  const spoilt = fc.oneof(fc.constant([]), fc.array(change, { minLength: 1, maxLength: 2 }));
  return fc.tuple(plausible, spoilt).map(([value, changes]) => {
    const out: Record<string, unknown> = { ...value };
    for (const [key, hostile] of changes) {
      if (hostile === undefined) delete out[key];
      else out[key] = hostile;
    }
    return out;
  });
}

function requestBody(op: Operation, components: Record<string, JsonSchema>, ids: KnownIds): fc.Arbitrary<Pick<HostileRequest, "body" | "rawBody">> {
  const shaped: fc.Arbitrary<unknown> = op.requestSchema
    ? fc
        .tuple(
          objectOf(resolve(op.requestSchema, components), components, ids, 0),
          fc.dictionary(fc.oneof(hostileString, fc.string({ maxLength: 8 })), hostileValue, { maxKeys: 2 }),
          fc.boolean(),
        )
        .map(([value, extra, withExtra]) => (withExtra ? { ...value, ...extra } : value))
    : fc.constant(undefined);
  return fc.oneof(
    { arbitrary: shaped.map((body) => ({ body })), weight: 6 },
    { arbitrary: hostileValue.map((body) => ({ body })), weight: 2 },
    {
      arbitrary: fc.constantFrom("{", "{\"a\":", "[1,,2]", "nul", "{'a':1}", "\u0000", "\"\\ud83d\"", "{\"__proto__\":{\"x\":1}}", "1e99999", "[".repeat(20_000)).map((rawBody) => ({ rawBody })),
      weight: 1,
    },
    { arbitrary: fc.constant({}), weight: 1 },
  );
}

/** A path segment's text, percent-encoded where it can be (a lone surrogate cannot be). */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[/?#%]/g, (c) => encodeURIComponent(c));
  }
}

/** A path segment, already percent-encoded as a client would send it. */
function pathSegment(name: string, ids: KnownIds): fc.Arbitrary<string> {
  const real = ids.path[name] ?? [];
  return fc.oneof(
    { arbitrary: hostileString.map(encodeSegment), weight: 3 },
    { arbitrary: fc.oneof(fc.integer({ min: -5, max: 1_000_000 }).map(String), fc.uuid()), weight: 1 },
    { arbitrary: fc.constantFrom(...(real.length ? real : ["1"])), weight: 2 },
    // Escapes the router decodes itself: a NUL, a dot segment, an emoji.
    { arbitrary: fc.constantFrom("%00", "%2e%2e%2f", "%F0%9F%8E%82"), weight: 1 },
  );
}

/** Headers any request may carry, ASCII only (a Request refuses anything else). */
const OTHER_HEADERS: [string, string][] = [
  ["accept", "text/html"],
  ["accept-encoding", "gzip, br"],
  ["content-type", "text/plain"],
  ["content-type", "application/json; charset=utf-16"],
  ["x-forwarded-for", "' OR 1=1 --, ::1, 999.999.999.999"],
  ["x-request-id", "x".repeat(500)],
];

/** A real value (a cursor of a real page), or the same cut, lengthened or with a changed letter. */
function realQueryValue(values: string[] | undefined): fc.Arbitrary<string> | undefined {
  if (!values?.length) return undefined;
  return fc.tuple(fc.constantFrom(...values), fc.constantFrom("as is", "cut", "longer", "changed")).map(([value, how]) =>
    how === "cut" ? value.slice(0, -1) : how === "longer" ? `${value}A` : how === "changed" ? `${value.slice(0, 3)}${value[3] === "A" ? "B" : "A"}${value.slice(4)}` : value,
  );
}

/** Every hostile request this operation can receive. */
export function hostileRequest(op: Operation, components: Record<string, JsonSchema>, ids: KnownIds): fc.Arbitrary<HostileRequest> {
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const headerParams = op.parameters.filter((p) => p.in === "header");
  const path = fc.tuple(...pathParams.map((p) => fc.tuple(fc.constant(p.name), pathSegment(p.name, ids)))).map((pairs) => {
    let out = op.path;
    for (const [name, segment] of pairs) out = out.replace(`{${name}}`, segment);
    return out;
  });
  const documentedValue = (p: Operation["parameters"][number]) =>
    fc.oneof(
      { arbitrary: realQueryValue(ids.query[p.name]) ?? validLooking(p.schema ?? {}, components, ids, 0).map(String), weight: 4 },
      { arbitrary: hostileString, weight: 1 },
      { arbitrary: hostileValue.map(bodyText), weight: 1 },
    );
  const documented = fc.tuple(...queryParams.map((p) => fc.option(fc.tuple(fc.constant(p.name), documentedValue(p)), { nil: undefined, freq: 2 })));
  const unknownKey = fc.oneof({ arbitrary: fc.constantFrom("page", "sort", "limit", "__proto__", "per_page[]"), weight: 3 }, { arbitrary: hostileString, weight: 1 });
  const unknown = fc.array(fc.tuple(unknownKey, hostileString), { maxLength: 2 });
  const query = fc.tuple(documented, unknown).map(([known, extra]) => {
    const search = new URLSearchParams();
    for (const pair of [...known, ...extra]) if (pair) search.append(pair[0], pair[1]);
    const text = search.toString();
    return text ? `?${text}` : "";
  });
  const documentedHeaders = headerParams.map((p) => fc.option(fc.tuple(fc.constant(p.name), fc.constantFrom("", "k", "x".repeat(300), "' OR 1=1 --", "%00")), { nil: undefined }));
  const headers = fc.tuple(fc.tuple(...documentedHeaders), fc.subarray(OTHER_HEADERS, { maxLength: 2 })).map(([pairs, other]) =>
    Object.fromEntries([...other, ...pairs.filter((pair) => pair !== undefined)]),
  );
  // fetch refuses a body on a GET, as any HTTP client does.
  const body = op.method === "GET" ? fc.constant({}) : requestBody(op, components, ids);
  return fc.record({ path, query, headers, body }).map(({ path: p, query: q, headers: h, body }) => ({
    method: op.method,
    path: `/api/v1${p}${q}`,
    headers: h,
    ...body,
  }));
}

/** The JSON text of a generated body, deep nesting included. */
export function bodyText(body: unknown): string {
  const nested: Nested[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => (value instanceof Nested ? `\u0001nested:${nested.push(value) - 1}\u0001` : value));
  return text.replace(/"\\u0001nested:(\d+)\\u0001"/g, (_match, index: string) => nested[Number(index)]!.text());
}

function shortened(value: unknown): unknown {
  if (typeof value === "string") return value.length > 200 ? `${value.slice(0, 60)}…(${value.length} chars)` : value;
  if (Array.isArray(value)) return value.map(shortened);
  if (value !== null && typeof value === "object" && !(value instanceof Nested)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortened(v)]));
  return value;
}

/** A request for a failure message: long strings cut down so it stays readable. */
export function describeRequest(request: HostileRequest): string {
  return fc.stringify(shortened(request));
}
