// GET /api/v1/projects/{uuid}/recipients — the project's recipients a page at a time, by last name, first name
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toProjectRecipientJson } from "@/lib/projects/mapper";
import { listProjectRecipients } from "@/lib/projects/recipient-list";
import { listProjectRecipientsQuerySchema } from "@/lib/projects/schema";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params, query }) => {
    const input = query(listProjectRecipientsQuerySchema);
    const page = await listProjectRecipients(service, params.uuid ?? "", { cursor: input.cursor, perPage: input.per_page });
    return json({ data: page.items.map(toProjectRecipientJson), next_cursor: page.nextCursor });
  }),
});
