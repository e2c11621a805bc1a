// GET, POST /api/v1/address-requests — the user's links asking friends for their address, newest first; create one (extension)
import { createAddressRequest, listAddressRequests } from "@/lib/address-requests/service";
import { toAddressRequestJson } from "@/lib/address-requests/mapper";
import { createAddressRequestSchema, listAddressRequestsQuerySchema } from "@/lib/address-requests/schema";
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, query }) => {
    const page = await listAddressRequests(service, query(listAddressRequestsQuerySchema));
    return json({ data: page.requests.map(toAddressRequestJson), next_cursor: page.nextCursor });
  }),
  POST: handler(async ({ service, optionalBody }) => {
    const input = await optionalBody(createAddressRequestSchema);
    return json({ data: toAddressRequestJson(await createAddressRequest(service, input)) }, 201);
  }),
});
