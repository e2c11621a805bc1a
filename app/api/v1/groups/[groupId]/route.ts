// GET, PUT, DELETE /api/v1/groups/{groupId} — one group: read, replace, delete (its contacts stay)
import { handler, route } from "@/lib/api/handler";
import { json, noContent } from "@/lib/api/http";
import { toGroupJson } from "@/lib/groups/mapper";
import { updateGroupSchema } from "@/lib/groups/schema";
import { deleteGroup, getGroupOrThrow, updateGroup } from "@/lib/groups/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params }) => json(toGroupJson(await getGroupOrThrow(service, params.groupId!)))),
  PUT: handler(async ({ service, params, body }) => {
    const input = await body(updateGroupSchema);
    return json(toGroupJson(await updateGroup(service, params.groupId!, input)));
  }),
  DELETE: handler(async ({ service, params }) => {
    await deleteGroup(service, params.groupId!);
    return noContent();
  }),
});
