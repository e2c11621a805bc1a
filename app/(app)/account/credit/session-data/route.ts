// GET /account/credit/session-data?session_id=… — whether a Stripe Checkout Session of the signed-in user has been credited
import { sessionHandler } from "@/app/_lib/session-handler";
import { json } from "@/lib/api/http";
import { checkoutSessionIdSchema, purchaseStatus } from "@/lib/credit/purchase";

export const dynamic = "force-dynamic";

export const GET = sessionHandler(async ({ query, service }) => json(await purchaseStatus(service, query(checkoutSessionIdSchema))));
