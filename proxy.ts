import { NextResponse, type NextRequest } from "next/server";
import { decode, encode } from "next-auth/jwt";
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "@/lib/auth/session-lifetime";
import { authSecret } from "@/lib/config";

// Optimistic redirect only: a visitor without a session cookie goes to the sign-in page.
// Every page still checks the user itself.
const SIGNED_IN_AREAS = ["/contacts", "/groups", "/cards", "/projects", "/orders", "/calendar", "/account", "/admin"];

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

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const hasSession = request.cookies.getAll().some((c) => isSessionCookie(c.name));
  if (!hasSession && SIGNED_IN_AREAS.some((area) => pathname === area || pathname.startsWith(`${area}/`))) {
    const url = request.nextUrl.clone();
    url.pathname = "/login";
    url.search = `?next=${encodeURIComponent(pathname + search)}`;
    return NextResponse.redirect(url);
  }
  const response = NextResponse.next();
  await slideSession(request, response);
  return response;
}

export const config = {
  matcher: ["/((?!api|_next|card-art|favicon.ico).*)"],
};
