import "server-only";
import type { z } from "zod";
import { getDb, type Database } from "@/db/client";
import { authenticateToken, unauthenticated, type Authenticated } from "@/lib/auth/tokens";
import type { ActingUser, ServiceContext } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { centsToDollars } from "@/lib/money";
import { parseInput } from "@/lib/validation";
import { log } from "@/lib/logger";
import { json, parseJsonText, readBodyText, searchParamsObject } from "./http";
import { consumeApiRequest, rateLimitHeaders, withRateLimitHeaders } from "./rate-limit";
import { currentRequestId, noteActingUser, observeRequest } from "./observe";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (req: Request, context: RouteContext) => Promise<Response>;

export type PublicContext = {
  req: Request;
  db: Database;
  params: Record<string, string>;
  /** The raw body text, read once (idempotency hashes it). */
  bodyText(): Promise<string>;
  /** The JSON body parsed with a schema; 400 for malformed JSON, 422 for invalid fields. */
  body<S extends z.ZodType>(schema: S): Promise<z.output<S>>;
  /** As `body`, for operations whose body may be left out: no body at all reads as `{}`. */
  optionalBody<S extends z.ZodType>(schema: S): Promise<z.output<S>>;
  query<S extends z.ZodType>(schema: S): z.output<S>;
};

export type UserContext = PublicContext & { user: ActingUser; service: ServiceContext };
export type ApiContext = UserContext & { auth: Authenticated };

/** The spec's error body for a known error: its message, and the fields the spec names for it. */
function errorBody(error: AppError): Record<string, unknown> {
  const { errors, credit } = error.details;
  const body: Record<string, unknown> = { message: error.message };
  if (credit) {
    body.credit_available = centsToDollars(credit.availableCents);
    body.order_total = centsToDollars(credit.orderTotalCents);
  }
  if (errors) body.errors = errors;
  return body;
}

/** Turns any error into the spec's JSON error body; unknown errors are logged and answered 500. */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const { retryAfterSeconds, rateLimit } = error.details;
    const headers: Record<string, string> = retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) };
    return json(errorBody(error), error.status, { ...headers, ...rateLimitHeaders(rateLimit) });
  }
  log("http").error({ err: error, request_id: currentRequestId() }, "Unhandled API error");
  return json({ message: "Server Error" }, 500);
}

function buildContext(req: Request, db: Database, params: Record<string, string>): PublicContext {
  let text: Promise<string> | undefined;
  const bodyText = () => (text ??= readBodyText(req));
  return {
    req,
    db,
    params,
    bodyText,
    async body(schema) {
      return parseInput(schema, parseJsonText(await bodyText()));
    },
    async optionalBody(schema) {
      const raw = await bodyText();
      return parseInput(schema, raw.trim() === "" ? {} : parseJsonText(raw));
    },
    query(schema) {
      return parseInput(schema, searchParamsObject(req));
    },
  };
}

async function resolveParams(context: RouteContext | undefined): Promise<Record<string, string>> {
  const raw = (await context?.params) ?? {};
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) params[key] = Array.isArray(value) ? value.join("/") : value;
  return params;
}

/** Resolves params and turns anything thrown, before or inside `fn`, into the spec's error body. */
function wrap(fn: (req: Request, params: Record<string, string>) => Promise<Response>): RouteHandler {
  return async (req, context) => {
    try {
      return await fn(req, await resolveParams(context));
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** A handler that needs no token (login, health, the OpenAPI document). */
export function publicHandler(fn: (ctx: PublicContext) => Promise<Response>): RouteHandler {
  return wrap(async (req, params) => fn(buildContext(req, await getDb(), params)));
}

/** A handler behind the bearer token: the acting user comes from the token row, never the body. */
export function handler(fn: (ctx: ApiContext) => Promise<Response>): RouteHandler {
  return wrap(async (req, params) => {
    const header = req.headers.get("authorization") ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthenticated();
    const db = await getDb();
    const auth = await authenticateToken(db, match[1]!);
    const limit = await consumeApiRequest(db, auth.tokenId);
    noteActingUser(auth.user.id);
    const response = await fn({ ...buildContext(req, db, params), user: auth.user, auth, service: { db, user: auth.user } }).catch(errorResponse);
    return withRateLimitHeaders(response, limit);
  });
}

/**
 * A handler whose acting user `authenticate` finds (the web app's browser session, which
 * lib/ cannot read), or which throws `unauthenticated` itself.
 */
export function userHandler(authenticate: () => Promise<ActingUser>, fn: (ctx: UserContext) => Promise<Response>): RouteHandler {
  return wrap(async (req, params) => {
    const user = await authenticate();
    noteActingUser(user.id);
    const db = await getDb();
    return fn({ ...buildContext(req, db, params), user, service: { db, user } });
  });
}

/**
 * What every answer of a route file passes through: a request id, its log line and metrics.
 * Not compression: Next's server drops a route handler's Content-Encoding, so server.mjs
 * compresses JSON answers (compression.mjs) after Next has written them.
 */
function served(fn: RouteHandler): RouteHandler {
  return async (req, context) => {
    const params = (await context?.params) ?? {};
    return observeRequest(req, params, async () => {
      let response: Response;
      try {
        response = await fn(req, context);
      } catch (error) {
        response = errorResponse(error);
      }
      return response;
    });
  };
}

function methodNotAllowed(allowed: readonly string[]): RouteHandler {
  return async () => json({ message: "The method is not supported for this route." }, 405, { Allow: allowed.join(", ") });
}

/**
 * Fills every HTTP method of a route file: the given ones, and JSON 405s for the rest, so a
 * wrong method never falls through to an HTML page. Use as
 * `export const { GET, POST, PUT, PATCH, DELETE } = route({ GET: handler(...) })`.
 */
export function route(handlers: Partial<Record<HttpMethod, RouteHandler>>): Record<HttpMethod, RouteHandler> {
  const allowed = HTTP_METHODS.filter((m) => handlers[m]);
  const notAllowed = methodNotAllowed(allowed);
  return Object.fromEntries(HTTP_METHODS.map((m) => [m, served(handlers[m] ?? notAllowed)])) as Record<HttpMethod, RouteHandler>;
}
