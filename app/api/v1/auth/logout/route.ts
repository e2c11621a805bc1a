// POST /api/v1/auth/logout — revokes the token that made the request
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import type { LoggedOutJson } from "@/lib/auth/response";
import { revokeToken } from "@/lib/auth/tokens";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async ({ db, auth }) => {
    await revokeToken(db, auth.user.id, auth.tokenId);
    return json({ message: "Logged out." } satisfies LoggedOutJson);
  }),
});
