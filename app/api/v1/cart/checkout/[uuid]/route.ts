// POST /api/v1/cart/checkout/{uuid} — pays a project's not-yet-ordered recipients with account credit
import { handler, route } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { toCheckoutJson } from "@/lib/orders/mapper";
import { checkoutBodySchema } from "@/lib/orders/schema";
import { checkoutProject } from "@/lib/orders/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async (ctx) =>
    idempotent(ctx, async (db) => {
      const body = await ctx.optionalBody(checkoutBodySchema);
      const result = await checkoutProject({ ...ctx.service, db }, ctx.params.uuid ?? "", { deliveryDate: body.delivery_date });
      return { status: 201, body: { data: toCheckoutJson(result) } };
    }),
  ),
});
