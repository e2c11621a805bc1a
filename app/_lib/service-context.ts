import "server-only";
import { cache } from "react";
import { currentUser, requireAdmin, requireUser } from "@/auth";
import type { SessionUser } from "@/lib/auth/session-user";
import { serviceContextOf, type ServiceContext } from "@/lib/context";

/** A service context whose user is the whole session user, so a page can also show who is signed in. */
type SessionServiceContext = ServiceContext & { user: SessionUser };

/** What a server action or the web app's own JSON answers when the session is gone. */
export const SESSION_ENDED = "Your session has ended. Please sign in again.";

const withDb = (user: SessionUser): Promise<SessionServiceContext> => serviceContextOf(user);

/** Pages: the signed-in user's service context, or a redirect to the sign-in page. */
export const requireServiceContext = cache(async () => withDb(await requireUser()));

/** Admin pages: the admin's service context, or the not-found page (no hint that it exists). */
export const requireAdminServiceContext = cache(async () => withDb(await requireAdmin()));

/** Server actions and session routes, which answer a missing session in words rather than redirecting. */
export async function currentServiceContext(): Promise<SessionServiceContext | null> {
  const user = await currentUser();
  return user ? withDb(user) : null;
}
