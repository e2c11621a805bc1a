// GET /api/v1/orders/track/{orderId} — delivery status of every piece of an order, by project
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toOrderTrackingJson } from "@/lib/orders/mapper";
import { trackOrder } from "@/lib/orders/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async (ctx) => json({ data: toOrderTrackingJson(await trackOrder(ctx.service, ctx.params.orderId ?? "")) })),
});
