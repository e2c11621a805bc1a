import { isDark } from "../color";
import { MOTIF_DRAWINGS } from "../motifs";
import { createRng, hashString } from "../random";
import { parseArtwork } from "../schema";
import { escapeXml, f, type Box } from "../svg";
import { FONTS, fitLines, fontAttrs, textLines } from "../text";
import type { ArtworkCard, CardArtwork } from "../types";
import { paperDefs, svgOpen } from "./document";

type Layout = { w: number; h: number; art: Box; text: Box; scatter: boolean };

function frontLayout(vertical: boolean, scatter: boolean): Layout {
  if (vertical) {
    return scatter
      ? { w: 500, h: 700, art: { x: 24, y: 24, w: 452, h: 652 }, text: { x: 62, y: 250, w: 376, h: 200 }, scatter }
      : { w: 500, h: 700, art: { x: 50, y: 56, w: 400, h: 390 }, text: { x: 50, y: 466, w: 400, h: 178 }, scatter };
  }
  return scatter
    ? { w: 700, h: 500, art: { x: 24, y: 24, w: 652, h: 452 }, text: { x: 120, y: 150, w: 460, h: 200 }, scatter }
    : { w: 700, h: 500, art: { x: 44, y: 50, w: 320, h: 400 }, text: { x: 386, y: 70, w: 276, h: 360 }, scatter };
}

function headlineBlock(art: CardArtwork, box: Box, color: string, accent: string): string {
  const face = art.typeface ?? "serif";
  const subSize = art.subline ? Math.min(17, (box.w * 0.9) / (art.subline.length * FONTS.label.width * 1.12)) : 0;
  const subSpace = art.subline ? subSize + 34 : 0;
  const maxSize = face === "script" ? 76 : 64;
  const fit = fitLines(art.headline, { w: box.w, h: box.h * 0.86 - subSpace }, face, maxSize);
  const lineHeight = fit.size * 1.12;
  const blockHeight = fit.lines.length * lineHeight + subSpace;
  const top = box.y + (box.h - blockHeight) / 2;
  const cx = box.x + box.w / 2;
  let svg = textLines(fit.lines, cx, top + fit.size * 0.9, fit.size, lineHeight, `${fontAttrs(face, fit.size)} fill="${color}"`);
  if (art.subline) {
    const dividerY = top + fit.lines.length * lineHeight + 12;
    svg +=
      `<path d="M${f(cx - 34)} ${f(dividerY)}H${f(cx - 8)}M${f(cx + 8)} ${f(dividerY)}H${f(cx + 34)}" stroke="${accent}" stroke-width="2" stroke-linecap="round"/>` +
      `<circle cx="${f(cx)}" cy="${f(dividerY)}" r="3" fill="${accent}"/>` +
      `<text x="${f(cx)}" y="${f(dividerY + 14 + subSize)}" text-anchor="middle" ${fontAttrs("label", subSize)} letter-spacing="${f(subSize * 0.12)}" fill="${color}" opacity="0.85">${escapeXml(art.subline.toUpperCase())}</text>`;
  }
  return svg;
}

/** `size.width` scales the picture; the viewBox, and so the drawing, stay the same. */
export function drawFront(card: ArtworkCard, size?: { width: number }): string {
  const art = parseArtwork(card.artwork, card);
  const drawing = MOTIF_DRAWINGS[art.motif];
  const layout = frontLayout(card.isVertical, drawing.kind === "scatter");
  const { w, h, text } = layout;
  const p = art.palette;
  const uid = `c${hashString(card.slug).toString(36)}`;
  const dark = isDark(p.background);
  const rng = createRng(hashString(`${card.slug}:${art.motif}`));
  const motif = drawing.draw({ rng, p, box: layout.art, avoid: layout.scatter ? text : undefined, uid, dark });
  const plaque = layout.scatter
    ? `<rect x="${text.x + 6}" y="${text.y + 6}" width="${text.w}" height="${text.h}" rx="14" fill="${p.ink}" opacity="0.12"/>` +
      `<rect x="${text.x}" y="${text.y}" width="${text.w}" height="${text.h}" rx="14" fill="${p.surface}"/>` +
      `<rect x="${text.x + 8}" y="${text.y + 8}" width="${text.w - 16}" height="${text.h - 16}" rx="9" fill="none" stroke="${p.primary}" stroke-width="1.5" opacity="0.7"/>`
    : "";
  // Text on the plaque must contrast with the plaque, whatever the card's own ink is.
  const textColor = !layout.scatter ? p.ink : isDark(p.surface) ? "#FFFFFF" : isDark(p.ink) ? p.ink : p.background;
  const pad = layout.scatter ? 18 : 0;
  const textBox = { x: text.x + pad, y: text.y + pad, w: text.w - pad * 2, h: text.h - pad * 2 };
  const scaled = size ? { width: size.width, height: (size.width * h) / w } : undefined;
  return (
    svgOpen(w, h, `${card.name} — front`, scaled) +
    paperDefs(uid, p) +
    `<rect width="${w}" height="${h}" rx="6" fill="${p.background}"/>` +
    motif +
    plaque +
    headlineBlock(art, textBox, textColor, p.primary) +
    `<rect width="${w}" height="${h}" rx="6" fill="url(#${uid}-sheen)"/>` +
    `<rect x="14" y="14" width="${w - 28}" height="${h - 28}" rx="3" fill="none" stroke="${p.ink}" stroke-opacity="0.18" stroke-width="1.5"/>` +
    `<rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" rx="6" fill="none" stroke="#000000" stroke-opacity="0.12"/>` +
    `</svg>`
  );
}

export function renderCardFront(card: ArtworkCard): string {
  return drawFront(card);
}
