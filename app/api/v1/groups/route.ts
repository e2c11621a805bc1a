// GET, POST /api/v1/groups — the user's groups, by name; create a group
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toGroupJson } from "@/lib/groups/mapper";
import { createGroupSchema } from "@/lib/groups/schema";
import { createGroup, listGroups } from "@/lib/groups/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service }) => json((await listGroups(service)).map(toGroupJson))),
  POST: handler(async ({ service, body }) => {
    const input = await body(createGroupSchema);
    return json(toGroupJson(await createGroup(service, input)), 201);
  }),
});
