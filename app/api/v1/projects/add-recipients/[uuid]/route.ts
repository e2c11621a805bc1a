// POST /api/v1/projects/add-recipients/{uuid} — create or update contacts and put them on a project
import { idempotent } from "@/lib/api/idempotency";
import { handler, route } from "@/lib/api/handler";
import { toAddRecipientsJson } from "@/lib/projects/mapper";
import { addRecipients } from "@/lib/projects/recipients";
import { addRecipientsSchema } from "@/lib/projects/schema";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async (ctx) => {
    const input = await ctx.body(addRecipientsSchema);
    return idempotent(ctx, async (db) => ({
      status: 200,
      body: toAddRecipientsJson(await addRecipients({ db, user: ctx.user }, ctx.params.uuid ?? "", input)),
    }));
  }),
});
