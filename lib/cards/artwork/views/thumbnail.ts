import type { ArtworkCard } from "../types";
import { drawFront } from "./front";

/** The front at 240 px wide: the catalog grid shows many at once. */
export function renderCardThumbnail(card: ArtworkCard): string {
  return drawFront(card, { width: 240 });
}
