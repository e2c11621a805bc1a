import { cardFormat, type CardFormat } from "@/lib/cards/message-fit";
import { isDark } from "./color";
import { parseArtwork } from "./schema";
import { FONTS } from "./text";
import type { ArtworkCard, CardArtwork } from "./types";

/** What the message preview needs to draw a card's inside as the artwork does: plain data, sent to the browser. */
export type InsideLook = {
  name: string;
  format: CardFormat;
  isVertical: boolean;
  paper: string;
  ink: string;
  primary: string;
  background: string;
  fontFamily: string;
  fontStyle: string | null;
};

/** The paper inside a card and the ink printed on it: dark palettes print on light paper with their darkest colour. */
export function paperColors(palette: CardArtwork["palette"]): { paper: string; ink: string } {
  const paper = isDark(palette.surface) ? "#FBF8F2" : palette.surface;
  const ink = isDark(palette.ink) ? palette.ink : isDark(palette.background) ? palette.background : "#2B2B2B";
  return { paper, ink };
}

export function insideLook(card: ArtworkCard & { isBox: boolean }): InsideLook {
  const art = parseArtwork(card.artwork, card);
  // The inside prints the greeting in serif or script; a sans card's headline face is for its front.
  const face = art.typeface === "script" ? "script" : "serif";
  return {
    name: card.name,
    format: cardFormat(card),
    isVertical: card.isVertical,
    ...paperColors(art.palette),
    primary: art.palette.primary,
    background: art.palette.background,
    fontFamily: FONTS[face].family,
    fontStyle: FONTS[face].style ?? null,
  };
}
