import "server-only";
import { and, asc, count, eq } from "drizzle-orm";
import { cardCategories, cardOccasions, cards, categories, occasions } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";

/** A category or occasion, with how many active cards it has (the catalog's filter lists). */
export type CatalogTerm = { id: number; name: string; slug: string; activeCards: number };
export type CardTaxonomy = { categories: CatalogTerm[]; occasions: CatalogTerm[] };

/** Every category and occasion by name, including those with no active card (a filter can still name them). */
export async function listCardTaxonomy(ctx: ServiceContext): Promise<CardTaxonomy> {
  const [categoryRows, occasionRows] = await Promise.all([
    ctx.db
      .select({ id: categories.id, name: categories.name, slug: categories.slug, activeCards: count(cards.id) })
      .from(categories)
      .leftJoin(cardCategories, eq(cardCategories.categoryId, categories.id))
      .leftJoin(cards, and(eq(cards.id, cardCategories.cardId), eq(cards.isActive, true)))
      .groupBy(categories.id)
      .orderBy(asc(categories.name), asc(categories.id)),
    ctx.db
      .select({ id: occasions.id, name: occasions.name, slug: occasions.slug, activeCards: count(cards.id) })
      .from(occasions)
      .leftJoin(cardOccasions, eq(cardOccasions.occasionId, occasions.id))
      .leftJoin(cards, and(eq(cards.id, cardOccasions.cardId), eq(cards.isActive, true)))
      .groupBy(occasions.id)
      .orderBy(asc(occasions.name), asc(occasions.id)),
  ]);
  const withNumbers = (rows: CatalogTerm[]) => rows.map((row) => ({ ...row, activeCards: Number(row.activeCards) }));
  return { categories: withNumbers(categoryRows), occasions: withNumbers(occasionRows) };
}

/**
 * The catalog's two filters without a term in both: a category named like an occasion
 * (Birthday, Thank You...) is offered once, as the occasion, which lists the same kind of card.
 * A category already chosen (a link from before) stays, so the filter shows what is applied.
 */
export function catalogFilterTerms(taxonomy: CardTaxonomy, chosenCategory?: string): CardTaxonomy {
  const occasionNames = new Set(taxonomy.occasions.map((term) => term.name.toLowerCase()));
  return {
    occasions: taxonomy.occasions,
    categories: taxonomy.categories.filter((term) => term.slug === chosenCategory || !occasionNames.has(term.name.toLowerCase())),
  };
}
