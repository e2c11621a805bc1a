// GET /api/v1/cards/{id} — one active card
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { appOrigin } from "@/lib/config";
import { toCardJson } from "@/lib/cards/mapper";
import { getCardOrThrow } from "@/lib/cards/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params }) => json({ data: toCardJson(await getCardOrThrow(service, params.id ?? ""), appOrigin()) })),
});
