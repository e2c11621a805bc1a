import { paperColors } from "../inside-look";
import { hashString } from "../random";
import { parseArtwork } from "../schema";
import { heartPath, leafShape, sparkle, starPoints } from "../shapes";
import { f } from "../svg";
import type { ArtworkCard, CardArtwork } from "../types";
import { paperDefs, svgOpen } from "./document";
import { emblemShape } from "./emblem";
import { credit, greetingBlock } from "./inside-text";
import { renderPostcardBack } from "./postcard-back";

function emblem(art: CardArtwork, cx: number, cy: number): string {
  const p = art.palette;
  const shape = emblemShape(art.motif);
  const inner =
    shape === "heart"
      ? `<path d="${heartPath(cx, cy, 13)}" fill="${p.primary}"/>`
      : shape === "star"
        ? `<polygon points="${starPoints(cx, cy, 15, 6.5)}" fill="${p.primary}"/>`
        : shape === "leaf"
          ? leafShape(cx, cy, 28, 35, p.primary, p.surface)
          : sparkle(cx, cy, 15, p.primary);
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="30" fill="${p.background}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="36" fill="none" stroke="${p.primary}" stroke-opacity="0.4" stroke-width="1.5"/>${inner}`;
}

/** The card opened flat: folded cards show two panels, a postcard shows its message side. */
export function renderCardInside(card: ArtworkCard): string {
  const art = parseArtwork(card.artwork, card);
  const p = art.palette;
  const uid = `c${hashString(card.slug).toString(36)}i`;
  // Printed on light paper: dark palettes' light ink would vanish, so borrow their dark background.
  const { paper, ink: paperInk } = paperColors(p);
  const paperArt = { ...art, palette: { ...p, ink: paperInk } };
  if (card.isPostcard) return renderPostcardBack(card, paperArt, paper, uid);

  const panelW = card.isVertical ? 500 : 700;
  const panelH = card.isVertical ? 700 : 500;
  const w = card.isVertical ? panelW * 2 : panelW;
  const h = card.isVertical ? panelH : panelH * 2;
  // The greeting panel: the right one of a side fold, the lower one of a top fold.
  const second = card.isVertical ? { x: panelW, y: 0 } : { x: 0, y: panelH };
  const ink = paperArt.palette.ink;
  const foldShade = card.isVertical
    ? `<rect x="${panelW - 60}" y="0" width="60" height="${h}" fill="url(#${uid}-fold)"/><rect x="${panelW}" y="0" width="40" height="${h}" fill="url(#${uid}-fold)" transform="rotate(180 ${panelW + 20} ${h / 2})"/>`
    : `<rect x="0" y="${panelH - 60}" width="${w}" height="60" fill="url(#${uid}-foldv)"/><rect x="0" y="${panelH}" width="${w}" height="40" fill="url(#${uid}-foldv)" transform="rotate(180 ${w / 2} ${panelH + 20})"/>`;
  const foldLine = card.isVertical ? `M${panelW} 0V${h}` : `M0 ${panelH}H${w}`;
  const greetingBox = { x: second.x + 60, y: second.y + panelH * 0.16, w: panelW - 120, h: panelH * 0.34 };
  const lines = Array.from({ length: 3 }, (_, i) => {
    const y = greetingBox.y + greetingBox.h + 70 + i * 44;
    return `<path d="M${second.x + 90} ${f(y)}H${second.x + panelW - 90}" stroke="${ink}" stroke-opacity="0.1" stroke-width="1.2"/>`;
  }).join("");
  const band = card.isVertical
    ? `<rect x="${second.x}" y="0" width="${panelW}" height="16" fill="${p.background}"/><rect x="${second.x}" y="16" width="${panelW}" height="4" fill="${p.primary}"/>`
    : `<rect x="0" y="${second.y + panelH - 16}" width="${w}" height="16" fill="${p.background}"/><rect x="0" y="${second.y + panelH - 20}" width="${w}" height="4" fill="${p.primary}"/>`;
  return (
    svgOpen(w, h, `${card.name} — inside`) +
    paperDefs(uid, p) +
    `<defs><linearGradient id="${uid}-foldv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ink}" stop-opacity="0"/><stop offset="1" stop-color="${ink}" stop-opacity="0.1"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" rx="6" fill="${paper}"/>` +
    band +
    emblem(art, panelW / 2, panelH * 0.58) +
    credit(card, panelW / 2, panelH - 56, ink) +
    greetingBlock(paperArt, greetingBox) +
    `<path d="M${f(second.x + panelW / 2 - 24)} ${f(greetingBox.y + greetingBox.h + 22)}H${f(second.x + panelW / 2 + 24)}" stroke="${p.primary}" stroke-width="2.5" stroke-linecap="round"/>` +
    lines +
    foldShade +
    `<path d="${foldLine}" stroke="${ink}" stroke-opacity="0.18" stroke-width="1.5"/>` +
    `<rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" rx="6" fill="none" stroke="#000000" stroke-opacity="0.15"/>` +
    `</svg>`
  );
}
