// GET, PATCH, DELETE /api/v1/contacts/{uuid} — one contact: read, partial update, delete
import { handler, route } from "@/lib/api/handler";
import { json, noContent } from "@/lib/api/http";
import { toContactJson } from "@/lib/contacts/mapper";
import { updateContactSchema } from "@/lib/contacts/schema";
import { deleteContact, getContactOrThrow, updateContact } from "@/lib/contacts/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params }) => json({ data: toContactJson(await getContactOrThrow(service, params.uuid!)) })),
  PATCH: handler(async ({ service, params, body }) => {
    const input = await body(updateContactSchema);
    return json({ data: toContactJson(await updateContact(service, params.uuid!, input)) });
  }),
  DELETE: handler(async ({ service, params }) => {
    await deleteContact(service, params.uuid!);
    return noContent();
  }),
});
