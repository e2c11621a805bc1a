// GET, POST /api/v1/webhooks — the user's webhook endpoints, oldest first; create one, its secret shown once (extension)
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { toWebhookEndpointJson, toWebhookEndpointWithSecretJson } from "@/lib/webhooks/mapper";
import { createWebhookSchema } from "@/lib/webhooks/schema";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service }) => json({ data: (await listEndpoints(service)).map(toWebhookEndpointJson) })),
  POST: handler(async ({ service, body }) => {
    const input = await body(createWebhookSchema);
    return json({ data: toWebhookEndpointWithSecretJson(await createEndpoint(service, input)) }, 201);
  }),
});
