// POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/retry — one more attempt of a delivery, now (extension)
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { retryDelivery } from "@/lib/webhooks/endpoints";
import { toWebhookDeliveryJson } from "@/lib/webhooks/mapper";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async ({ service, params }) => json({ data: toWebhookDeliveryJson(await retryDelivery(service, params.webhookId!, params.deliveryId!)) }, 202)),
});
