// GET, PATCH, DELETE /api/v1/webhooks/{id} — one webhook endpoint: read, change url, events, description or active, delete (extension)
import { handler, route } from "@/lib/api/handler";
import { json, noContent } from "@/lib/api/http";
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { toWebhookEndpointJson } from "@/lib/webhooks/mapper";
import { updateWebhookSchema } from "@/lib/webhooks/schema";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params }) => json({ data: toWebhookEndpointJson(await getEndpoint(service, params.webhookId!)) })),
  PATCH: handler(async ({ service, params, body }) => {
    // An unknown endpoint is a 404 before its body is judged.
    await getEndpoint(service, params.webhookId!);
    const input = await body(updateWebhookSchema);
    return json({ data: toWebhookEndpointJson(await updateEndpoint(service, params.webhookId!, input)) });
  }),
  DELETE: handler(async ({ service, params }) => {
    await deleteEndpoint(service, params.webhookId!);
    return noContent();
  }),
});
