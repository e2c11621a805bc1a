import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { log } from "@/lib/logger";
import { metrics, recordHttpRequest } from "@/lib/metrics";

type RequestState = { requestId: string; userId?: number };
const storage: AsyncLocalStorage<RequestState> = ((globalThis as Record<symbol, AsyncLocalStorage<RequestState>>)[Symbol.for("cardmail.request")] ??=
  new AsyncLocalStorage<RequestState>());

// Long enough for a UUID or a trace id with a prefix; characters that cannot break a log line
// or a header.
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is safe to repeat, else a new UUID. */
export function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id")?.trim();
  return given && VALID_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** The id of the request being answered, for log lines written while answering it. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Notes the acting user of the request being answered, for its log line. */
export function noteActingUser(userId: number): void {
  const state = storage.getStore();
  if (state) state.userId = userId;
}

/**
 * The route file's template from the path and the params Next.js matched (`/api/v1/contacts/{uuid}`),
 * so that metrics and logs never carry ids or what a client typed into an unknown path.
 */
export function routeTemplate(pathname: string, params: Record<string, string | string[]>): string {
  const segments = pathname.split("/");
  const decoded = segments.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      // A catch-all takes the rest of the path.
      const start = decoded.length - value.length;
      if (start > 0) {
        segments.splice(start, value.length, `{...${name}}`);
        decoded.splice(start, value.length, `{...${name}}`);
      }
      continue;
    }
    const index = decoded.indexOf(value);
    if (index > 0) {
      segments[index] = `{${name}}`;
      decoded[index] = `{${name}}`;
    }
  }
  return segments.join("/");
}

/**
 * Answers one API request with a request id (echoed as X-Request-Id), one log line and its
 * metrics. The line holds the method, route template, status, duration, request id and acting
 * user: never the query string, headers or body, which carry tokens and personal data.
 */
export async function observeRequest(req: Request, params: Record<string, string | string[]>, answer: () => Promise<Response>): Promise<Response> {
  const state: RequestState = { requestId: requestIdOf(req) };
  const started = process.hrtime.bigint();
  // Next's request comes with its URL parsed: no second parse on every request.
  const pathname = (req as { nextUrl?: URL }).nextUrl?.pathname ?? new URL(req.url).pathname;
  const route = routeTemplate(pathname, params);
  metrics().httpInFlight.inc();
  let response: Response;
  try {
    response = await storage.run(state, answer);
  } finally {
    metrics().httpInFlight.dec();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const method = req.method.toUpperCase();
  recordHttpRequest(route, method, response.status, seconds);
  log("http").info(
    { request_id: state.requestId, method, route, status: response.status, duration_ms: Math.round(seconds * 10_000) / 10, user_id: state.userId ?? null },
    "request",
  );
  try {
    response.headers.set("X-Request-Id", state.requestId);
  } catch {
    // Headers of a Response.redirect() or a fetched answer are immutable: copy them.
    response = new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
    response.headers.set("X-Request-Id", state.requestId);
  }
  return response;
}
