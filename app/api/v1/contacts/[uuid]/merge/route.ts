// POST /api/v1/contacts/{uuid}/merge — merge other contacts into this one, in one transaction (or preview it)
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toContactJson } from "@/lib/contacts/mapper";
import { mergeContacts, previewMerge } from "@/lib/contacts/merge";
import { mergeContactsSchema, mergeQuerySchema } from "@/lib/contacts/merge-schema";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async ({ service, params, body, query }) => {
    const { dry_run } = query(mergeQuerySchema);
    const input = await body(mergeContactsSchema);
    if (dry_run) return json({ data: await previewMerge(service, params.uuid!, input) });
    return json({ data: toContactJson(await mergeContacts(service, params.uuid!, input)) });
  }),
});
