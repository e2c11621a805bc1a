// GET /api/v1/address-requests/{id}/submissions — what friends sent through the link, newest first, with what accepting would change (extension)
import { toAddressSubmissionJson } from "@/lib/address-requests/mapper";
import { listSubmissionsQuerySchema } from "@/lib/address-requests/schema";
import { listSubmissions } from "@/lib/address-requests/submissions";
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params, query }) => {
    const page = await listSubmissions(service, params.requestId!, query(listSubmissionsQuerySchema));
    return json({ data: page.submissions.map(toAddressSubmissionJson), next_cursor: page.nextCursor });
  }),
});
