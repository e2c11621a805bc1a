import { count } from "drizzle-orm";
import type { Database } from "../client";
import { artists, cardCategories, cardImages, cardOccasions, cards, categories, customizationTypes, occasions } from "../schema";
import { ARTISTS, CATALOG, CATEGORIES, CUSTOMIZATION_TYPES, OCCASIONS } from "./catalog-data";

export type CatalogSummary = { created: boolean; cards: number; inactiveCards: number; artists: number; categories: number; occasions: number };

export const CARD_IMAGE_TYPES = ["front", "inside", "back", "thumbnail"] as const;

export function cardImagePath(slug: string, type: (typeof CARD_IMAGE_TYPES)[number]): string {
  return `/card-art/${slug}/${type}.svg`;
}

/**
 * Seeds the shared card catalog. Does nothing when cards already exist, so it is safe to call
 * before the demo accounts or on its own (tests, benchmarks).
 */
export async function seedCatalog(db: Database): Promise<CatalogSummary> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(cards);
    if ((existing?.n ?? 0) > 0) {
      return { created: false, cards: existing!.n, inactiveCards: 0, artists: 0, categories: 0, occasions: 0 };
    }

    // Lookup rows may exist without cards (an admin emptied the catalog): keep them, add the rest.
    await tx.insert(artists).values([...ARTISTS]).onConflictDoNothing();
    await tx.insert(categories).values([...CATEGORIES]).onConflictDoNothing();
    await tx.insert(occasions).values([...OCCASIONS]).onConflictDoNothing();
    await tx
      .insert(customizationTypes)
      .values(CUSTOMIZATION_TYPES.map((name) => ({ name })))
      .onConflictDoNothing();

    const idBy = <T extends { id: number }>(rows: T[], key: (row: T) => string) => new Map(rows.map((row) => [key(row), row.id]));
    const artistIds = idBy(await tx.select({ id: artists.id, slug: artists.slug }).from(artists), (r) => r.slug);
    const categoryIds = idBy(await tx.select({ id: categories.id, slug: categories.slug }).from(categories), (r) => r.slug);
    const occasionIds = idBy(await tx.select({ id: occasions.id, slug: occasions.slug }).from(occasions), (r) => r.slug);
    const customizationIds = idBy(await tx.select({ id: customizationTypes.id, name: customizationTypes.name }).from(customizationTypes), (r) => r.name);
    const need = (map: Map<string, number>, key: string) => {
      const id = map.get(key);
      if (id === undefined) throw new Error(`Catalog seed: unknown reference ${key}`);
      return id;
    };

    const inserted = await tx
      .insert(cards)
      .values(
        CATALOG.map((card) => ({
          name: card.name,
          slug: card.slug,
          description: card.description,
          priceCents: card.priceCents,
          isVertical: card.isVertical,
          isBox: card.isBox,
          isPostcard: card.isPostcard,
          isActive: card.isActive,
          artistId: need(artistIds, card.artist),
          customizationTypeId: need(customizationIds, card.customization),
          tags: card.tags,
          artwork: JSON.stringify(card.artwork),
        })),
      )
      .returning({ id: cards.id, slug: cards.slug });
    const cardIds = idBy(inserted, (r) => r.slug);

    await tx.insert(cardImages).values(
      CATALOG.flatMap((card) =>
        CARD_IMAGE_TYPES.map((type, position) => ({ cardId: need(cardIds, card.slug), type, path: cardImagePath(card.slug, type), position })),
      ),
    );
    await tx
      .insert(cardCategories)
      .values(CATALOG.flatMap((card) => card.categories.map((slug) => ({ cardId: need(cardIds, card.slug), categoryId: need(categoryIds, slug) }))));
    await tx
      .insert(cardOccasions)
      .values(CATALOG.flatMap((card) => card.occasions.map((slug) => ({ cardId: need(cardIds, card.slug), occasionId: need(occasionIds, slug) }))));

    return {
      created: true,
      cards: CATALOG.length,
      inactiveCards: CATALOG.filter((card) => !card.isActive).length,
      artists: ARTISTS.length,
      categories: CATEGORIES.length,
      occasions: OCCASIONS.length,
    };
  });
}
