import { NextResponse, type NextRequest } from "next/server";

// Optimistic redirect only: a visitor without a session cookie goes to the sign-in page.
// Every page still checks the user itself.
const SIGNED_IN_AREAS = ["/contacts", "/groups", "/cards", "/projects", "/orders", "/calendar", "/account", "/admin"];

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const hasSession = request.cookies.getAll().some((c) => c.name.endsWith("authjs.session-token"));
  if (!hasSession && SIGNED_IN_AREAS.some((area) => pathname === area || pathname.startsWith(`${area}/`))) {
    const url = request.nextUrl.clone();
    url.pathname = "/login";
    url.search = `?next=${encodeURIComponent(pathname + search)}`;
    return NextResponse.redirect(url);
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/((?!api|_next|card-art|favicon.ico).*)"],
};
