// GET /api/v1/groups/{groupId}/contacts — the group's contacts, a plain array by last name, first name
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toContactJson } from "@/lib/contacts/mapper";
import { listGroupContacts } from "@/lib/groups/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params }) => json((await listGroupContacts(service, params.groupId!)).map(toContactJson))),
});
