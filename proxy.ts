import { NextResponse, type NextRequest } from "next/server";
import { decode, encode } from "next-auth/jwt";
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "@/lib/auth/session-lifetime";
import { authSecret } from "@/lib/config";

// Optimistic redirect only: a visitor without a session cookie goes to the sign-in page.
// Every page still checks the user itself.
const SIGNED_IN_AREAS = ["/contacts", "/address-requests", "/groups", "/cards", "/projects", "/orders", "/automations", "/calendar", "/account", "/admin"];

const isSessionCookie = (name: string) => name.endsWith("authjs.session-token");

/**
 * Slides the session: pages (server components) cannot set cookies, so a session cookie older
 * than a day is re-issued here with a fresh 14-day expiry. Whether the session is still valid
 * (its account and version) is for the page to decide; a refused one gains nothing from this.
 */
async function slideSession(request: NextRequest, response: NextResponse): Promise<void> {
  const cookie = request.cookies.getAll().find((c) => isSessionCookie(c.name));
  if (!cookie) return;
  const secret = authSecret();
  const payload = await decode({ token: cookie.value, secret, salt: cookie.name }).catch(() => null);
  const issuedAt = typeof payload?.iat === "number" ? payload.iat : undefined;
  if (!payload || issuedAt === undefined || Date.now() / 1000 - issuedAt < SESSION_UPDATE_AGE_SECONDS) return;
  const value = await encode({ token: payload, secret, salt: cookie.name, maxAge: SESSION_MAX_AGE_SECONDS });
  response.cookies.set(cookie.name, value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookie.name.startsWith("__Secure-"),
    expires: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
  });
}

// Long enough for a UUID or a trace id with a prefix; the same rule as lib/api/observe.ts.
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The page's policy: scripts only with this response's nonce (Next.js puts it on its own
 * inline and chunk scripts when it finds the policy on the request, which is why every page
 * renders per request: app/layout.tsx) and what they load ('strict-dynamic'). Styles stay open
 * to inline attributes, which React writes; framing, <base>, plugins and form targets stay shut.
 */
export function contentSecurityPolicy(nonce: string, isDev = process.env.NODE_ENV === "development"): string {
  return [
    "default-src 'self'",
    // React rebuilds server error stacks with eval in development only.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const given = request.headers.get("x-request-id")?.trim();
  const requestId = given && VALID_REQUEST_ID.test(given) ? given : crypto.randomUUID();
  const hasSession = request.cookies.getAll().some((c) => isSessionCookie(c.name));
  if (!hasSession && SIGNED_IN_AREAS.some((area) => pathname === area || pathname.startsWith(`${area}/`))) {
    const url = request.nextUrl.clone();
    url.pathname = "/login";
    url.search = `?next=${encodeURIComponent(pathname + search)}`;
    const redirect = NextResponse.redirect(url);
    redirect.headers.set("X-Request-Id", requestId);
    return redirect;
  }
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = contentSecurityPolicy(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  requestHeaders.set("X-Request-Id", requestId);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("X-Request-Id", requestId);
  await slideSession(request, response);
  return response;
}

export const config = {
  matcher: ["/((?!api|_next|card-art|favicon.ico).*)"],
};
