import { zodToOpenAPIRegistry, type ZodOpenAPIMetadata } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";

type Metadata = Partial<ZodOpenAPIMetadata>;
type RegistryEntry = NonNullable<ReturnType<typeof zodToOpenAPIRegistry.get>>;

/**
 * Attaches OpenAPI metadata to this very schema instance. `.openapi()` is not used: it exists
 * only on schemas created after `extendZodWithOpenApi`, it returns a copy, and the document must
 * describe the exact instances the route handlers parse with.
 */
function attach<T extends z.ZodType>(schema: T, metadata: Metadata, refId?: string): T {
  const current: RegistryEntry = zodToOpenAPIRegistry.get(schema) ?? {};
  const entry: RegistryEntry = { ...current, ...metadata };
  if (refId) entry._internal = { ...current._internal, refId };
  zodToOpenAPIRegistry.add(schema, entry);
  return schema;
}

/** The schema as a named component (`#/components/schemas/<refId>`) wherever it appears. */
export function named<T extends z.ZodType>(refId: string, schema: T, metadata: Metadata = {}): T {
  return attach(schema, metadata, refId);
}

/** Adds a description, an example or bounds to a schema without naming it. */
export function annotated<T extends z.ZodType>(schema: T, metadata: Metadata): T {
  return attach(schema, metadata);
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;

/** The number schema a query value ends up checked by, looking through optional, default and pipes. */
function finalNumber(schema: z.ZodType): z.ZodNumber | undefined {
  const def = defOf(schema);
  if (def.type === "number") return schema as unknown as z.ZodNumber;
  if (def.innerType) return finalNumber(def.innerType);
  if (def.type === "pipe" && def.out) return finalNumber(def.out);
  return undefined;
}

/**
 * Query integers are parsed from text (`queryInt().pipe(z.number().min(1).max(100))`): the
 * generator reads the input side of such a pipe and loses the bounds checked on its output.
 * This copies the output's bounds onto each query field, so `per_page` reads
 * `integer, 1..100, default 15` as the handler enforces it.
 */
export function queryWithBounds<T extends z.ZodObject>(schema: T): T {
  for (const field of Object.values(schema.shape) as z.ZodType[]) {
    const def = defOf(field);
    if (def.type === "number") continue;
    const number = finalNumber(field);
    if (!number) continue;
    // Only the bounds: a `type` in the metadata would make the generator drop the default.
    const bounds: Metadata = {};
    if (number.minValue !== null && Number.isFinite(number.minValue) && Math.abs(number.minValue) < Number.MAX_SAFE_INTEGER) bounds.minimum = number.minValue;
    if (number.maxValue !== null && Number.isFinite(number.maxValue) && Math.abs(number.maxValue) < Number.MAX_SAFE_INTEGER) bounds.maximum = number.maxValue;
    annotated(field, bounds);
  }
  return schema;
}
