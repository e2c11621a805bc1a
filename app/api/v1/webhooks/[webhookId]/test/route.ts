// POST /api/v1/webhooks/{id}/test — queues a webhook.test event to this endpoint, whatever its events (extension)
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { getDelivery, sendTestEvent } from "@/lib/webhooks/endpoints";
import { toWebhookDeliveryJson } from "@/lib/webhooks/mapper";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async ({ service, params }) => {
    const { deliveryId } = await sendTestEvent(service, params.webhookId!);
    return json({ data: toWebhookDeliveryJson(await getDelivery(service, params.webhookId!, deliveryId)) }, 202);
  }),
});
