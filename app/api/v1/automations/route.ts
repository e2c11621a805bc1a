// GET, POST /api/v1/automations — the user's automations, oldest first; create one (extension)
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toAutomationJson } from "@/lib/automations/mapper";
import { createAutomationSchema } from "@/lib/automations/schema";
import { createAutomation, listAutomations } from "@/lib/automations/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service }) => json({ data: (await listAutomations(service)).map(toAutomationJson) })),
  POST: handler(async ({ service, body }) => {
    const input = await body(createAutomationSchema);
    const automation = await createAutomation(service, input);
    return json({ data: toAutomationJson(automation) }, 201);
  }),
});
