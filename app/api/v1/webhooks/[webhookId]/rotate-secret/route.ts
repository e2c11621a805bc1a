// POST /api/v1/webhooks/{id}/rotate-secret — a new signing secret; the old one also signs for 24 hours (extension)
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { rotateSecret } from "@/lib/webhooks/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async ({ service, params }) => json({ data: await rotateSecret(service, params.webhookId!) })),
});
