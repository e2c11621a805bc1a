import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import * as responses from "./responses";

/* What every operation module builds on: the operation shape, its registration, and responses. */

type Responses = RouteConfig["responses"];
type ResponseEntry = Responses[string];
export type HeadersObject = Exclude<NonNullable<ResponseConfig["headers"]>, z.ZodObject>;

export type Operation = Omit<RouteConfig, "security"> & {
  /** Beyond the partner spec: flagged with `x-extension` and "Extension:" in the description. */
  extension?: boolean;
  /** No bearer token (login only). */
  public?: boolean;
};

export const json = (schema: z.ZodType, example?: unknown) => ({ "application/json": example === undefined ? { schema } : { schema, example } });

export const errorContent = (messages: Record<string, string>) => ({
  "application/json": {
    schema: responses.errorResponse,
    examples: Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, { summary: message, value: { message } }])),
  },
});

/** An error response with its exact messages, named in the description too. */
export function error(description: string, messages: Record<string, string>): ResponseEntry {
  const list = Object.values(messages)
    .map((message) => `\`${message}\``)
    .join(" or ");
  return { description: `${description}: ${list}.`, content: errorContent(messages) };
}

export const validation = (description: string, example?: unknown): ResponseEntry => ({
  description: `Validation failed (${description}). \`errors\` names every invalid field by its dotted path.`,
  content: json(responses.validationErrorResponse, example),
});

/** A required JSON body; `registerOperation` adds the 400 and 413 every body can answer. */
export const jsonBody = (schema: z.ZodType, example: unknown) => ({ required: true, content: json(schema, example) });

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

const seconds = { type: "integer", minimum: 1 } as const;

/** The token's rate limit (lib/api/rate-limit.ts), on every answer to a request with a valid token. */
export const rateLimitHeaders: HeadersObject = {
  "RateLimit-Limit": { description: "Requests a minute this token may make (`API_RATE_LIMIT`, 1,200 unless the server sets otherwise).", schema: { type: "integer", minimum: 1 } },
  "RateLimit-Remaining": { description: "Requests left in the token's current one-minute window.", schema: { type: "integer", minimum: 0 } },
  "RateLimit-Reset": { description: "Seconds until the token's current window ends.", schema: seconds },
};

/** The security scheme and the shared responses that `registerOperation` refers to. */
export function registerSharedComponents(registry: OpenAPIRegistry): void {
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The token from `POST /auth/login`, sent as `Authorization: Bearer <token>`.",
  });

  registry.registerComponent("responses", "Unauthenticated", {
    description: "No bearer token, or a malformed, revoked, expired or unknown one: `Unauthenticated.`",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: { message: "Unauthenticated." } } },
  });
  registry.registerComponent("responses", "RateLimited", {
    description:
      "More requests with this token within its one-minute window than the server's `API_RATE_LIMIT` (1,200 by default): `Too many requests. Please try again in N seconds.` Each token counts on its own.",
    headers: {
      "Retry-After": { description: "Seconds until the token's window ends and requests are served again.", schema: seconds },
      ...rateLimitHeaders,
    },
    content: {
      "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: { message: "Too many requests. Please try again in 42 seconds." } },
    },
  });
  registry.registerComponent("responses", "MalformedJson", {
    description: "The body is not valid JSON: `The request body is not valid JSON.`",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: { message: "The request body is not valid JSON." } } },
  });
  registry.registerComponent("responses", "PayloadTooLarge", {
    description: "The body is over 1 MiB: `The request body is too large: the limit is 1 MiB.`",
    content: {
      "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: { message: "The request body is too large: the limit is 1 MiB." } },
    },
  });
}

/** The operation's own responses with the RateLimit-* headers every token-authenticated answer carries. */
function withRateLimitHeaders(responses: Responses): Responses {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [status, "$ref" in response ? response : { ...response, headers: { ...response.headers, ...rateLimitHeaders } }]),
  );
}

/**
 * Registers one operation: bearer security, its 401 and the rate limit's 429 and headers unless
 * public, the 400 and 413 of a request body, the extension flag, responses by status.
 */
export function registerOperation(registry: OpenAPIRegistry, { extension, public: isPublic, ...route }: Operation): void {
  // A file body (the import) answers its own 413 and has no JSON to be malformed.
  const isJsonBody = !!route.request?.body && "application/json" in (route.request.body.content ?? {});
  const bodyResponses: Responses = isJsonBody ? { 400: ref("MalformedJson"), 413: ref("PayloadTooLarge") } : {};
  const authResponses: Responses = isPublic ? {} : { 401: ref("Unauthenticated"), 429: ref("RateLimited") };
  registry.registerPath({
    ...route,
    summary: extension ? `${route.summary} (extension)` : route.summary,
    description: extension ? `Extension: ${route.description}` : route.description,
    // An explicit empty list says "no token"; leaving it out would read as undocumented.
    security: isPublic ? [] : [{ bearerAuth: [] }],
    responses: sortByStatus({ ...(isPublic ? route.responses : withRateLimitHeaders(route.responses)), ...bodyResponses, ...authResponses }),
    ...(extension ? { "x-extension": true } : {}),
  });
}

function sortByStatus(entries: Responses): Responses {
  return Object.fromEntries(Object.entries(entries).sort(([a], [b]) => Number(a) - Number(b)));
}
