// POST /api/v1/auth/login — credentials to a bearer token, one active token per app_id
import { publicHandler, route } from "@/lib/api/handler";
import { clientIp, json } from "@/lib/api/http";
import { login } from "@/lib/auth/login";
import { loginSchema } from "@/lib/auth/schema";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: publicHandler(async ({ db, req, body }) => {
    const input = await body(loginSchema);
    return json({ data: await login(db, input, clientIp(req)) });
  }),
});
