import { listPicture } from "@/lib/cards/list-picture";
import { toCardJson } from "@/lib/cards/mapper";
import type { CardWithRelations } from "@/lib/cards/service";
import { formatMoney } from "@/lib/money";

/** What a tile of the catalog grid shows; built on the server for every page of cards (the grid imports only these types). */
export type CatalogItem = {
  id: number;
  name: string;
  artist: string;
  price: string;
  image: { url: string; width: number; height: number } | null;
};

export type CatalogPage = { items: CatalogItem[]; nextCursor: string | null };

/** Cards load 24 at a time: whole rows of 2, 3 or 4 tiles. */
export const CARDS_PER_PAGE = 24;

/**
 * Pixel sizes of the generated artwork (the SVGs carry the same width and height). A folded
 * card's inside is its two panels side by side; a postcard's inside is its back, one panel.
 */
export function cardImageSize(type: string, card: { isVertical: boolean; isPostcard: boolean }, width?: number): { width: number; height: number } {
  const panel = card.isVertical ? { width: 500, height: 700 } : { width: 700, height: 500 };
  const natural = type === "inside" && !card.isPostcard ? (card.isVertical ? { width: 1000, height: 700 } : { width: 700, height: 1000 }) : panel;
  if (type === "thumbnail") return { width: 240, height: Math.round((240 * natural.height) / natural.width) };
  if (!width) return natural;
  return { width, height: Math.round((width * natural.height) / natural.width) };
}

/** Site-relative image URLs of a card by type (the mapper with an empty origin). */
export function cardImages(card: CardWithRelations): Map<string, string> {
  return new Map(toCardJson(card, "").images.map((image) => [image.type, image.url]));
}

/** One side of a card as the card page shows it: the picture, its alt text and its size. */
export type CardSide = { label: string; src: string; alt: string; width: number; height: number };

/**
 * The sides a customer can look at, in the order a card is turned: front, inside, back. A postcard
 * has no inside; its written side is its back, shown once.
 */
export function cardSides(card: CardWithRelations): CardSide[] {
  const images = cardImages(card);
  const wanted: [label: string, src: string | undefined, sizeOf: string][] = card.isPostcard
    ? [
        ["Front", images.get("front") ?? images.get("thumbnail"), "front"],
        ["Back", images.get("back") ?? images.get("inside"), "back"],
      ]
    : [
        ["Front", images.get("front") ?? images.get("thumbnail"), "front"],
        ["Inside", images.get("inside"), "inside"],
        ["Back", images.get("back"), "back"],
      ];
  return wanted.flatMap(([label, src, sizeOf]) =>
    src ? [{ label, src, alt: `${card.name} — ${label.toLowerCase()}`, ...cardImageSize(sizeOf, card) }] : [],
  );
}

export function toCatalogItem(card: CardWithRelations): CatalogItem {
  const image = listPicture(toCardJson(card, "").images);
  return {
    id: card.id,
    name: card.name,
    artist: card.artist.name,
    price: formatMoney(card.priceCents),
    image: image ? { url: image.url, ...cardImageSize(image.type, card) } : null,
  };
}
