// POST /api/v1/contacts/{uuid}/merge — merge other contacts into this one, in one transaction
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toContactJson } from "@/lib/contacts/mapper";
import { mergeContacts } from "@/lib/contacts/merge";
import { mergeContactsSchema } from "@/lib/contacts/merge-schema";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async ({ service, params, body }) => {
    const input = await body(mergeContactsSchema);
    return json({ data: toContactJson(await mergeContacts(service, params.uuid!, input)) });
  }),
});
