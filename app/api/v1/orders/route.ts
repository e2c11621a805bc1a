// GET /api/v1/orders — the user's orders, newest first (extension)
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toOrderSummaryJson } from "@/lib/orders/mapper";
import { listOrdersQuerySchema } from "@/lib/orders/schema";
import { listOrders } from "@/lib/orders/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async (ctx) => {
    const page = await listOrders(ctx.service, ctx.query(listOrdersQuerySchema));
    return json({ data: page.orders.map(toOrderSummaryJson), next_cursor: page.nextCursor });
  }),
});
