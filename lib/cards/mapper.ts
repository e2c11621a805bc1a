import { centsToPriceString } from "@/lib/money";
import type { CardImageType, CardJson } from "./response";
import type { CardWithRelations } from "./service";

type NamedRef = { id: number; name: string; slug: string };

const IMAGE_ORDER: Record<string, number> = { front: 0, inside: 1, back: 2, thumbnail: 3 };

/** Image paths are served by this app; partners get them absolute, on the host they called. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin}${path.startsWith("/") ? "" : "/"}${path}`;
}

const ref = (row: NamedRef): NamedRef => ({ id: row.id, name: row.name, slug: row.slug });

export function toCardJson(card: CardWithRelations, origin: string): CardJson {
  const images = [...card.images].sort((a, b) => (IMAGE_ORDER[a.type] ?? 9) - (IMAGE_ORDER[b.type] ?? 9) || a.position - b.position);
  return {
    id: card.id,
    name: card.name,
    slug: card.slug,
    description: card.description,
    price: centsToPriceString(card.priceCents),
    is_vertical: card.isVertical,
    artist: ref(card.artist),
    categories: card.categoryLinks.map((link) => ref(link.category)),
    occasions: card.occasionLinks.map((link) => ref(link.occasion)),
    tags: card.tags,
    // The column is text; the catalog's seed and import write only CARD_IMAGE_TYPES into it.
    images: images.map((image) => ({ type: image.type as CardImageType, url: absoluteUrl(origin, image.path) })),
    customization_type: { id: card.customizationType.id, name: card.customizationType.name },
  };
}
