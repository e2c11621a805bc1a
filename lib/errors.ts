export type ErrorCode =
  | "bad_request"
  | "unauthenticated"
  | "payment_required"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "validation"
  | "too_many_requests"
  /** A change the resource's state no longer allows (deciding a submission twice). */
  | "conflict"
  | "internal"
  /** A checkout of a project whose every recipient has been ordered already. */
  | "nothing_to_order"
  /** A checkout whose total is no longer the one the buyer was shown. */
  | "total_changed";

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  too_many_requests: 429,
  conflict: 409,
  internal: 500,
  nothing_to_order: 422,
  total_changed: 409,
};

export type FieldErrors = Record<string, string[]>;

/**
 * Facts about the failure, never HTTP: each transport decides how to show them (the API turns
 * `retryAfterSeconds` into a Retry-After header and `credit` into the 402 body's dollars).
 */
export type AppErrorDetails = {
  /** Per-field messages, keyed by dotted path (`children.0.first_name`). */
  errors?: FieldErrors;
  /** too_many_requests: how long until the caller may try again. */
  retryAfterSeconds?: number;
  /** too_many_requests from the API rate limit: the token's limit a minute, what is left, seconds to the next window. */
  rateLimit?: { limit: number; remaining: number; resetSeconds: number };
  /** payment_required: the credit there is and what the order costs. */
  credit?: { availableCents: number; orderTotalCents: number };
  /** total_changed: what a checkout would now send and charge. */
  checkout?: { recipientsCount: number; totalCents: number };
};

/** The one error type services throw; its code decides the HTTP status in every transport. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const notFound = (message: string) => new AppError("not_found", message);
export const forbidden = (message: string) => new AppError("forbidden", message);

/** A 422 whose message is the first field message, as partners' HTTP clients expect. */
export function validationError(errors: FieldErrors): AppError {
  const messages = Object.values(errors).flat();
  const rest = messages.length - 1;
  const message = rest > 0 ? `${messages[0]} (and ${rest} more error${rest === 1 ? "" : "s"})` : (messages[0] ?? "The given data was invalid.");
  return new AppError("validation", message, { errors });
}

export function fieldError(field: string, message: string): AppError {
  return validationError({ [field]: [message] });
}

/** PostgreSQL's unique_violation, from either driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return !!e && e.code === "23505" && (!constraint || e.constraint === constraint || e.constraint_name === constraint);
}

type PgErrorLike = { code?: string; constraint?: string; constraint_name?: string };

function findPgError(error: unknown): PgErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as PgErrorLike & { cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}
