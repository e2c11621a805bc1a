// GET /api/v1/cards/{id} — one active card
import { handler, route } from "@/lib/api/handler";
import { json, requestOrigin } from "@/lib/api/http";
import { toCardJson } from "@/lib/cards/mapper";
import { getCardOrThrow } from "@/lib/cards/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params, req }) => json({ data: toCardJson(await getCardOrThrow(service, params.id ?? ""), requestOrigin(req)) })),
});
