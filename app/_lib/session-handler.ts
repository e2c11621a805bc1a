import "server-only";
import { currentUser } from "@/auth";
import { userHandler, type RouteHandler, type UserContext } from "@/lib/api/handler";
import { AppError } from "@/lib/errors";
import { SESSION_ENDED } from "./service-context";

/**
 * The web app's own JSON, fetched by client components with the browser session rather than
 * a bearer token: the API's parsing and error bodies, and a 401 in words when the session is gone.
 */
export function sessionHandler(fn: (ctx: UserContext) => Promise<Response>): RouteHandler {
  return userHandler(async () => {
    const user = await currentUser();
    if (!user) throw new AppError("unauthenticated", SESSION_ENDED);
    return { id: user.id, accountType: user.accountType };
  }, fn);
}
