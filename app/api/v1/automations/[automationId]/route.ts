// GET, PATCH, DELETE /api/v1/automations/{id} — one automation: read, change some fields, delete (extension)
import { handler, route } from "@/lib/api/handler";
import { json, noContent } from "@/lib/api/http";
import { toAutomationJson } from "@/lib/automations/mapper";
import { updateAutomationSchema } from "@/lib/automations/schema";
import { deleteAutomation, getAutomationOrThrow, updateAutomation } from "@/lib/automations/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params }) => json({ data: toAutomationJson(await getAutomationOrThrow(service, params.automationId!)) })),
  PATCH: handler(async ({ service, params, body }) => {
    // An unknown automation is a 404 before its body is judged.
    await getAutomationOrThrow(service, params.automationId!);
    const input = await body(updateAutomationSchema);
    const automation = await updateAutomation(service, params.automationId!, input);
    return json({ data: toAutomationJson(automation) });
  }),
  DELETE: handler(async ({ service, params }) => {
    await deleteAutomation(service, params.automationId!);
    return noContent();
  }),
});
