// POST /api/v1/orders/{orderId}/cancel — cancels pending pieces of an order and refunds them
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { cancelOrder } from "@/lib/orders/cancel";
import { toCancelOrderJson } from "@/lib/orders/mapper";
import { cancelOrderBodySchema } from "@/lib/orders/schema";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async (ctx) => {
    const body = await ctx.optionalBody(cancelOrderBodySchema);
    return json({ data: toCancelOrderJson(await cancelOrder(ctx.service, ctx.params.orderId ?? "", body)) });
  }),
});
