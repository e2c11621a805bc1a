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
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(zodFieldErrors(result.error));
  return result.data;
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
