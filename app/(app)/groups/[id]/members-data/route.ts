// GET /groups/{id}/members-data — the group page's next members for the signed-in browser session
import { z } from "zod";
import { sessionHandler } from "@/app/_lib/session-handler";
import { json } from "@/lib/api/http";
import { listGroupMembers } from "@/lib/groups/members";
import { GROUP_MEMBERS_PER_PAGE, toGroupMemberItem, type GroupMemberPage } from "@/lib/groups/view";
import { cursorQuery } from "@/lib/paging";

const membersDataQuerySchema = z.object({ cursor: cursorQuery() });

export const GET = sessionHandler(async ({ query, service, params }) => {
  const input = query(membersDataQuerySchema);
  const page = await listGroupMembers(service, params.id ?? "", { cursor: input.cursor || null, perPage: GROUP_MEMBERS_PER_PAGE });
  const body: GroupMemberPage = { items: page.items.map(toGroupMemberItem), nextCursor: page.nextCursor };
  return json(body);
});
