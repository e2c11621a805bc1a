import { z } from "zod";
import { validationError, type FieldErrors } from "./errors";

/**
 * Messages read like "The first name field is required."; `:attribute` is replaced with the
 * field's name once the full path of the issue is known.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case "invalid_type":
        if (issue.input === undefined || issue.input === null) return "The :attribute field is required.";
        return `The :attribute field must be ${article(issue.expected)}.`;
      case "too_small":
        if (issue.origin === "string") {
          return Number(issue.minimum) <= 1 ? "The :attribute field is required." : `The :attribute field must be at least ${issue.minimum} characters.`;
        }
        if (issue.origin === "array" || issue.origin === "set") return `The :attribute field must have at least ${issue.minimum} item${Number(issue.minimum) === 1 ? "" : "s"}.`;
        return `The :attribute field must be at least ${issue.minimum}.`;
      case "too_big":
        if (issue.origin === "string") return `The :attribute field must not be greater than ${issue.maximum} characters.`;
        if (issue.origin === "array" || issue.origin === "set") return `The :attribute field must not have more than ${issue.maximum} items.`;
        return `The :attribute field must not be greater than ${issue.maximum}.`;
      case "invalid_format":
        if (issue.format === "email") return "The :attribute field must be a valid email address.";
        if (issue.format === "uuid") return "The :attribute field must be a valid UUID.";
        return "The :attribute field format is invalid.";
      case "invalid_value":
        return "The selected :attribute is invalid.";
      case "unrecognized_keys":
        return `Unknown field${issue.keys.length === 1 ? "" : "s"}: ${issue.keys.join(", ")}.`;
      default:
        return undefined;
    }
  },
});

function article(expected: string): string {
  switch (expected) {
    case "int":
      return "an integer";
    case "number":
      return "a number";
    case "array":
      return "an array";
    case "object":
      return "an object";
    case "boolean":
      return "true or false";
    default:
      return `a ${expected}`;
  }
}

function attributeName(path: PropertyKey[]): string {
  const last = [...path].reverse().find((segment) => typeof segment === "string");
  return (typeof last === "string" ? last : "value").replace(/_/g, " ");
}

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    const message = issue.message.replace(/:attribute/g, attributeName(issue.path));
    (errors[key] ??= []).push(message);
  }
  return errors;
}

/** Parses input with a schema, or throws the 422 AppError with field messages. */
const NUL = "\u0000";
// With the u flag a surrogate pair is one code point, so this matches unpaired halves only.
const UNPAIRED_SURROGATE = /\p{Cs}/u;

function unstorableTextMessage(text: string): string | undefined {
  if (text.includes(NUL)) return "The :attribute field must not contain a NUL character.";
  if (UNPAIRED_SURROGATE.test(text)) return "The :attribute field must be valid Unicode text.";
  return undefined;
}

type Visit = { value: unknown; key?: string; parent?: Visit };

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * Text PostgreSQL cannot store (a NUL character) or that is not Unicode (half of a surrogate
 * pair), anywhere in an input, keys included, by dotted field path. Checked before any schema,
 * whatever the field, so that no such text reaches a query. Walks without recursion and builds
 * a path only for a field in error: a deeply nested hostile body costs one pass.
 */
export function unstorableTextErrors(input: unknown): FieldErrors | undefined {
  let errors: FieldErrors | undefined;
  const report = (visit: Visit, message: string) => {
    const path = pathOf(visit);
    (errors ??= {})[path.join(".") || "body"] = [message.replace(/:attribute/g, attributeName(path))];
  };
  const pending: Visit[] = [{ value: input }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === "string") {
      const message = unstorableTextMessage(value);
      if (message) report(visit, message);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, key: String(index), parent: visit }));
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        const child: Visit = { value: item, key, parent: visit };
        const message = unstorableTextMessage(key);
        if (message) report(child, message);
        else pending.push(child);
      }
    }
  }
  return errors;
}

/** Parses an input with its schema: its errors, or the data. Unstorable text is refused first. */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const unstorable = unstorableTextErrors(input);
  if (unstorable) return { ok: false, errors: unstorable };
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: zodFieldErrors(result.error) };
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const checked = checkInput(schema, input);
  if (!checked.ok) throw validationError(checked.errors);
  return checked.data;
}

/** Integer query parameters: "12" becomes 12; anything else stays as is and fails validation. */
export function queryInt() {
  return z.preprocess((value) => (typeof value === "string" && /^-?\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value), z.number().int());
}

/** Optional text: trims, and turns "" into null so that unset values read as null everywhere. */
export function optionalText(max = 255) {
  return z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? null : value.trim()) : value),
    z.string().max(max).nullable().optional(),
  );
}

export function requiredText(max = 255) {
  return z.preprocess((value) => (typeof value === "string" ? value.trim() : value), z.string().min(1).max(max));
}
