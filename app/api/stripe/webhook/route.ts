// POST /api/stripe/webhook — Stripe's signed event deliveries; a paid Checkout Session becomes credit
import { publicHandler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { handleStripeWebhook } from "@/lib/credit/purchase";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: publicHandler(async ({ db, req, bodyText }) => json(await handleStripeWebhook(db, await bodyText(), req.headers.get("stripe-signature")))),
});
