// GET, PATCH, DELETE /api/v1/address-requests/{id} — one link: read, change its message or open it and close it, delete (extension)
import { deleteAddressRequest, getAddressRequest, updateAddressRequest } from "@/lib/address-requests/service";
import { toAddressRequestJson } from "@/lib/address-requests/mapper";
import { updateAddressRequestSchema } from "@/lib/address-requests/schema";
import { handler, route } from "@/lib/api/handler";
import { json, noContent } from "@/lib/api/http";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params }) => json({ data: toAddressRequestJson(await getAddressRequest(service, params.requestId!)) })),
  PATCH: handler(async ({ service, params, body }) => {
    // An unknown link is a 404 before its body is judged.
    await getAddressRequest(service, params.requestId!);
    const input = await body(updateAddressRequestSchema);
    return json({ data: toAddressRequestJson(await updateAddressRequest(service, params.requestId!, input)) });
  }),
  DELETE: handler(async ({ service, params }) => {
    await deleteAddressRequest(service, params.requestId!);
    return noContent();
  }),
});
