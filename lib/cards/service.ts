import "server-only";
import { and, asc, eq, gt, inArray, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { cardCategories, cardOccasions, cards } from "@/db/schema";
import { decodeCursor, encodeCursor } from "@/lib/api/cursor";
import type { ServiceContext } from "@/lib/context";
import { notFound } from "@/lib/errors";
import type { ListCardsQuery } from "./schema";

const MAX_SERIAL = 2_147_483_647;

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

type CardCursor = { id: number };
const isCardCursor = (value: unknown): value is CardCursor =>
  typeof value === "object" && value !== null && Number.isSafeInteger((value as CardCursor).id) && (value as CardCursor).id >= 0;

/** Active cards by id, optionally of one occasion and/or category; keyset pagination on id. */
export async function listCards(ctx: ServiceContext, query: ListCardsQuery): Promise<CardPage> {
  const after = query.cursor ? decodeCursor("cards", query.cursor, isCardCursor).id : undefined;
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
  const hasMore = rows.length > query.per_page;
  const page = hasMore ? rows.slice(0, query.per_page) : rows;
  return { cards: page, nextCursor: hasMore ? encodeCursor("cards", { id: page[page.length - 1]!.id } satisfies CardCursor) : null };
}

/** An active card; unknown, inactive or malformed ids are all simply not found. */
export async function getCardOrThrow(ctx: ServiceContext, cardId: number | string): Promise<CardWithRelations> {
  const id = typeof cardId === "number" ? cardId : /^\d{1,10}$/.test(cardId) ? Number(cardId) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_SERIAL) throw cardNotFound();
  const [row] = await findCards(ctx.db, and(eq(cards.id, id), eq(cards.isActive, true)), 1);
  if (!row) throw cardNotFound();
  return row;
}
