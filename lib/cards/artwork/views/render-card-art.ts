import type { ArtworkCard, CardArtView } from "../types";
import { renderCardBack } from "./back";
import { renderCardFront } from "./front";
import { renderCardInside } from "./inside";
import { renderCardThumbnail } from "./thumbnail";

export function renderCardArt(card: ArtworkCard, view: CardArtView): string {
  if (view === "inside") return renderCardInside(card);
  if (view === "back") return renderCardBack(card);
  if (view === "thumbnail") return renderCardThumbnail(card);
  return renderCardFront(card);
}
