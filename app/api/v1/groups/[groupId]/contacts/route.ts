// GET /api/v1/groups/{groupId}/contacts — the group's contacts, a plain array by last name, first name; Link and X-Total-Count page larger groups
import { handler, route } from "@/lib/api/handler";
import { jsonText } from "@/lib/api/http";
import { appOrigin } from "@/lib/config";
import { listGroupMembersJson } from "@/lib/groups/members";
import { listGroupContactsQuerySchema } from "@/lib/groups/schema";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ req, service, params, query }) => {
    const input = query(listGroupContactsQuerySchema);
    const page = await listGroupMembersJson(service, params.groupId!, { cursor: input.cursor, perPage: input.per_page });
    const headers: Record<string, string> = { "X-Total-Count": String(page.total) };
    if (page.nextCursor) {
      const next = new URLSearchParams({ per_page: String(input.per_page), cursor: page.nextCursor });
      headers.Link = `<${appOrigin()}${new URL(req.url).pathname}?${next}>; rel="next"`;
    }
    return jsonText(`[${page.items.join(",")}]`, 200, headers);
  }),
});
