// POST, DELETE /api/v1/groups/{groupId}/contacts/{contactId} — add or remove a contact (by uuid) in a group
import { handler, route } from "@/lib/api/handler";
import { noContent } from "@/lib/api/http";
import { addContactToGroup, removeContactFromGroup } from "@/lib/groups/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async ({ service, params }) => {
    await addContactToGroup(service, params.groupId!, params.contactId!);
    return noContent();
  }),
  DELETE: handler(async ({ service, params }) => {
    await removeContactFromGroup(service, params.groupId!, params.contactId!);
    return noContent();
  }),
});
