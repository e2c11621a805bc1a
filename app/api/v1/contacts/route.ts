// GET, POST /api/v1/contacts — paginated, searchable address book; create a contact
import { handler, route } from "@/lib/api/handler";
import { jsonText } from "@/lib/api/http";
import { appOrigin } from "@/lib/config";
import { idempotent } from "@/lib/api/idempotency";
import { toContactJson } from "@/lib/contacts/mapper";
import { contactPageJsonText } from "@/lib/contacts/pagination";
import { createContactSchema, listContactsQuerySchema } from "@/lib/contacts/schema";
import { createContact, listContactsJson } from "@/lib/contacts/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ req, service, query }) => {
    const input = query(listContactsQuerySchema);
    const page = await listContactsJson(service, { cursor: input.cursor, perPage: input.per_page, query: input.query, groupId: input.group_id });
    const path = `${appOrigin()}${new URL(req.url).pathname}`;
    return jsonText(contactPageJsonText(page, { path, filters: { query: input.query, group_id: input.group_id } }));
  }),
  POST: handler(async (ctx) => {
    const input = await ctx.body(createContactSchema);
    return idempotent(ctx, async (db) => ({
      status: 201,
      body: { data: toContactJson(await createContact({ db, user: ctx.user }, input)) },
    }));
  }),
});
