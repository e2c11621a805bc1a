import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { artists, cards } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { CARD_ART_VIEWS, renderCardArt, type CardArtView } from "./artwork";
import { insideLook, type InsideLook } from "./artwork/inside-look";

/** `front.svg` -> `front`; anything else is not an image we draw. */
function parseCardArtFile(file: string): CardArtView | undefined {
  const match = /^([a-z]+)\.svg$/.exec(file);
  return match && (CARD_ART_VIEWS as readonly string[]).includes(match[1]!) ? (match[1] as CardArtView) : undefined;
}

/**
 * The SVG of one view of a card, by slug. Inactive cards are drawn too: projects and orders
 * made before a card was retired still show it.
 */
export async function getCardArtwork(db: Database, slug: string, file: string): Promise<string> {
  const view = parseCardArtFile(file);
  if (!view || slug.length === 0 || slug.length > 200) throw notFound("Card not found");
  const [card] = await db
    .select({
      slug: cards.slug,
      name: cards.name,
      isVertical: cards.isVertical,
      isPostcard: cards.isPostcard,
      artwork: cards.artwork,
      artistName: artists.name,
    })
    .from(cards)
    .innerJoin(artists, eq(artists.id, cards.artistId))
    .where(eq(cards.slug, slug))
    .limit(1);
  if (!card) throw notFound("Card not found");
  return renderCardArt(card, view);
}

/** What a card's drawing needs of its row (the preview's and the proof's), with its artist's name: join artists. */
export const CARD_LOOK_COLUMNS = {
  slug: cards.slug,
  name: cards.name,
  isVertical: cards.isVertical,
  isPostcard: cards.isPostcard,
  isBox: cards.isBox,
  artwork: cards.artwork,
  artistName: artists.name,
};

/** How a card's inside looks, for the message preview; retired cards too (their projects still show it). */
export async function getInsideLook(db: Database, cardId: number): Promise<InsideLook> {
  const [card] = await db
    .select(CARD_LOOK_COLUMNS)
    .from(cards)
    .innerJoin(artists, eq(artists.id, cards.artistId))
    .where(eq(cards.id, cardId))
    .limit(1);
  if (!card) throw notFound("Card not found");
  return insideLook(card);
}
