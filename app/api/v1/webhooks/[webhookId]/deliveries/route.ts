// GET /api/v1/webhooks/{id}/deliveries — the endpoint's deliveries, newest first, a cursor page at a time (extension)
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { getEndpoint, listDeliveries } from "@/lib/webhooks/endpoints";
import { toWebhookDeliveryJson } from "@/lib/webhooks/mapper";
import { listDeliveriesQuerySchema } from "@/lib/webhooks/schema";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params, query }) => {
    await getEndpoint(service, params.webhookId!);
    const page = await listDeliveries(service, params.webhookId!, query(listDeliveriesQuerySchema));
    return json({ data: page.deliveries.map(toWebhookDeliveryJson), next_cursor: page.nextCursor });
  }),
});
