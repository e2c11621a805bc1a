// GET /cards/page-data — the catalog's next cards for the signed-in browser session
import { currentUser } from "@/auth";
import { getDb } from "@/db/client";
import { CARDS_PER_PAGE, toCatalogItem, type CatalogPage } from "@/components/cards/catalog-item";
import { errorResponse } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { serviceContext } from "@/lib/auth/session-user";
import { listCardsQuerySchema } from "@/lib/cards/schema";
import { listCards } from "@/lib/cards/service";
import { parseInput } from "@/lib/validation";

export async function GET(req: Request): Promise<Response> {
  const user = await currentUser();
  if (!user) return json({ message: "Your session has ended. Please sign in again." }, 401);
  try {
    const params = new URL(req.url).searchParams;
    const query = parseInput(listCardsQuerySchema, {
      occasion_id: params.get("occasion_id") ?? undefined,
      category_id: params.get("category_id") ?? undefined,
      cursor: params.get("cursor") ?? undefined,
      per_page: String(CARDS_PER_PAGE),
    });
    const page = await listCards(serviceContext(await getDb(), user), query);
    const body: CatalogPage = { items: page.cards.map(toCatalogItem), nextCursor: page.nextCursor };
    return json(body);
  } catch (error) {
    return errorResponse(error);
  }
}
