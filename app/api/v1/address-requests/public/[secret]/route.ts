// POST /api/v1/address-requests/public/{secret} — a friend's address through a shared link, without a token; kept for the link's owner (extension)
import { submitAddress } from "@/lib/address-requests/submissions";
import { publicHandler, route } from "@/lib/api/handler";
import { clientIp, json, parseJsonText } from "@/lib/api/http";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: publicHandler(async ({ req, db, params, bodyText }) => {
    await submitAddress(db, params.secret ?? "", parseJsonText(await bodyText()), clientIp(req));
    return json({ data: { received: true } }, 201);
  }),
});
