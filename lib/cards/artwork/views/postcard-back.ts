import { heartPath, starPoints } from "../shapes";
import { f, type Box } from "../svg";
import type { ArtworkCard, CardArtwork } from "../types";
import { paperDefs, svgOpen } from "./document";
import { emblemShape } from "./emblem";
import { credit, greetingBlock } from "./inside-text";

/** The message side of a postcard; `art` comes with its ink already chosen for `paper`. */
export function renderPostcardBack(card: ArtworkCard, art: CardArtwork, paper: string, uid: string): string {
  const w = card.isVertical ? 500 : 700;
  const h = card.isVertical ? 700 : 500;
  const p = art.palette;
  const ink = p.ink;
  if (card.isVertical) {
    // A portrait postcard: message above, address below.
    const stamp = { x: w - 118, y: h / 2 + 30, w: 80, h: 96 };
    return (
      svgOpen(w, h, `${card.name} — back`) +
      paperDefs(uid, p) +
      `<rect width="${w}" height="${h}" rx="6" fill="${paper}"/>` +
      greetingBlock(art, { x: 50, y: 60, w: w - 100, h: h / 2 - 130 }) +
      `<path d="M40 ${h / 2}H${w - 40}" stroke="${ink}" stroke-opacity="0.25" stroke-width="1.5"/>` +
      stampBox(art, stamp) +
      [0, 1, 2, 3].map((i) => `<path d="M50 ${h / 2 + 170 + i * 40}H${w - 150}" stroke="${ink}" stroke-opacity="0.2" stroke-width="1.2"/>`).join("") +
      credit(card, 40, h - 44, ink, "start") +
      `<rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" rx="6" fill="none" stroke="#000000" stroke-opacity="0.15"/></svg>`
    );
  }
  const split = w * 0.56;
  const stamp = { x: w - 118, y: 38, w: 80, h: 96 };
  return (
    svgOpen(w, h, `${card.name} — back`) +
    paperDefs(uid, p) +
    `<rect width="${w}" height="${h}" rx="6" fill="${paper}"/>` +
    greetingBlock(art, { x: 40, y: 60, w: split - 80, h: h * 0.5 }) +
    `<path d="M${f(split)} 40V${h - 40}" stroke="${ink}" stroke-opacity="0.25" stroke-width="1.5"/>` +
    stampBox(art, stamp) +
    [0, 1, 2, 3].map((i) => `<path d="M${f(split + 28)} ${220 + i * 46}H${w - 40}" stroke="${ink}" stroke-opacity="0.22" stroke-width="1.2"/>`).join("") +
    credit(card, 40, h - 52, ink, "start") +
    `<rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" rx="6" fill="none" stroke="#000000" stroke-opacity="0.15"/></svg>`
  );
}

function stampBox(art: CardArtwork, box: Box): string {
  const p = art.palette;
  return (
    `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="${p.background}" stroke="${p.ink}" stroke-opacity="0.35" stroke-width="2" stroke-dasharray="5 4"/>` +
    `<rect x="${box.x + 10}" y="${box.y + 10}" width="${box.w - 20}" height="${box.h - 20}" fill="none" stroke="${p.primary}" stroke-width="1.5"/>` +
    emblemSmall(art, box.x + box.w / 2, box.y + box.h / 2)
  );
}

function emblemSmall(art: CardArtwork, cx: number, cy: number): string {
  const p = art.palette;
  return emblemShape(art.motif) === "heart" ? `<path d="${heartPath(cx, cy, 16)}" fill="${p.primary}"/>` : `<polygon points="${starPoints(cx, cy, 18, 8)}" fill="${p.primary}"/>`;
}
