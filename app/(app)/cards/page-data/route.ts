// GET /cards/page-data — the catalog's next cards for the signed-in browser session
import { sessionHandler } from "@/app/_lib/session-handler";
import { json } from "@/lib/api/http";
import { CARDS_PER_PAGE, toCatalogItem, type CatalogPage } from "@/lib/cards/catalog-item";
import { listCards } from "@/lib/cards/service";
import { listCardsQuerySchema } from "@/lib/cards/schema";

// Only the filters and the cursor come from the browser: the page size is the grid's.
const pageDataQuerySchema = listCardsQuerySchema.pick({ occasion_id: true, category_id: true, cursor: true });

export const GET = sessionHandler(async ({ query, service }) => {
  const page = await listCards(service, { ...query(pageDataQuerySchema), per_page: CARDS_PER_PAGE });
  const body: CatalogPage = { items: page.cards.map(toCatalogItem), nextCursor: page.nextCursor };
  return json(body);
});
