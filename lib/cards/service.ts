import "server-only";
import { and, asc, eq, gt, inArray, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { cardCategories, cardOccasions, cards } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { isIdPosition, keysetCursor } from "@/lib/cursor";
import { notFound } from "@/lib/errors";
import { toSerialId } from "@/lib/ids";
import { toCursorPage } from "@/lib/paging";
import type { ListCardsQuery } from "./schema";

export const cardNotFound = () => notFound("Card not found");

/** Everything a Card response carries, loaded in one statement (the relational query nests it as JSON). */
function findCards(db: Database, where: SQL | undefined, limit: number) {
  return db.query.cards.findMany({
    where,
    orderBy: [asc(cards.id)],
    limit,
    with: {
      artist: { columns: { id: true, name: true, slug: true } },
      customizationType: { columns: { id: true, name: true } },
      images: { columns: { type: true, path: true, position: true } },
      categoryLinks: { columns: { categoryId: true }, with: { category: true }, orderBy: (link, { asc }) => [asc(link.categoryId)] },
      occasionLinks: { columns: { occasionId: true }, with: { occasion: true }, orderBy: (link, { asc }) => [asc(link.occasionId)] },
    },
  });
}

export type CardWithRelations = Awaited<ReturnType<typeof findCards>>[number];
export type CardPage = { cards: CardWithRelations[]; nextCursor: string | null };

const cardsCursor = keysetCursor("cards", isIdPosition);

/** Active cards by id, optionally of one occasion and/or category; keyset pagination on id. */
export async function listCards(ctx: ServiceContext, query: ListCardsQuery): Promise<CardPage> {
  const after = cardsCursor.decode(ctx, query.cursor)?.id;
  // The link tables' (occasion_id, card_id) indexes answer the filters in card id order.
  const filters: (SQL | undefined)[] = [eq(cards.isActive, true), after === undefined ? undefined : gt(cards.id, after)];
  if (query.occasion_id !== undefined) {
    const links = ctx.db
      .select({ cardId: cardOccasions.cardId })
      .from(cardOccasions)
      .where(and(eq(cardOccasions.occasionId, query.occasion_id), after === undefined ? undefined : gt(cardOccasions.cardId, after)));
    filters.push(inArray(cards.id, links));
  }
  if (query.category_id !== undefined) {
    const links = ctx.db
      .select({ cardId: cardCategories.cardId })
      .from(cardCategories)
      .where(and(eq(cardCategories.categoryId, query.category_id), after === undefined ? undefined : gt(cardCategories.cardId, after)));
    filters.push(inArray(cards.id, links));
  }
  const rows = await findCards(ctx.db, and(...filters), query.per_page + 1);
  const page = toCursorPage(rows, query.per_page, (last) => cardsCursor.encode(ctx, { id: last.id }));
  return { cards: page.items, nextCursor: page.nextCursor };
}

/** An active card; unknown, inactive or malformed ids are all simply not found. */
export async function getCardOrThrow(ctx: ServiceContext, cardId: number | string): Promise<CardWithRelations> {
  const id = toSerialId(cardId, cardNotFound);
  const [row] = await findCards(ctx.db, and(eq(cards.id, id), eq(cards.isActive, true)), 1);
  if (!row) throw cardNotFound();
  return row;
}
