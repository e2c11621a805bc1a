/**
 * Greeting-card artwork drawn as SVG from a card's data: the front, the opened inside, the back
 * and a thumbnail. Output is deterministic (same card, same bytes) and self-contained: no fonts,
 * images or links are fetched, so the catalog works offline.
 */
import "server-only";

export { parseArtwork } from "./schema";
export { CARD_ART_VIEWS, MOTIFS, TYPEFACES } from "./types";
export type { ArtworkCard, CardArtView, CardArtwork, Motif, Palette, Typeface } from "./types";
export { renderCardBack } from "./views/back";
export { renderCardFront } from "./views/front";
export { renderCardInside } from "./views/inside";
export { renderCardArt } from "./views/render-card-art";
export { renderCardThumbnail } from "./views/thumbnail";
