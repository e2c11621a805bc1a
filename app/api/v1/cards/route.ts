// GET /api/v1/cards — the active card catalog, filterable by occasion and category
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { appOrigin } from "@/lib/config";
import { toCardJson } from "@/lib/cards/mapper";
import { listCardsQuerySchema } from "@/lib/cards/schema";
import { listCards } from "@/lib/cards/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, query }) => {
    const page = await listCards(service, query(listCardsQuerySchema));
    const origin = appOrigin();
    return json({ data: page.cards.map((card) => toCardJson(card, origin)), next_cursor: page.nextCursor });
  }),
});
