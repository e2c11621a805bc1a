import { isDark, mix } from "../color";
import { MOTIF_DRAWINGS } from "../motifs";
import { createRng, hashString } from "../random";
import { parseArtwork } from "../schema";
import { escapeXml, f } from "../svg";
import { fitLines, fontAttrs, textLines } from "../text";
import type { ArtworkCard, CardArtwork, Palette } from "../types";
import { paperDefs, svgOpen } from "./document";
import { renderCardInside } from "./inside";

// The square a motif is drawn into before it is shrunk into the emblem. A scene gets about the size
// of the front's art box, so it keeps the proportions and detail it was made for; a scatter's pieces
// have sizes of their own, so a smaller square keeps a few of them large enough to read.
const MOTIF_SQUARE = { scene: 400, scatter: 190 };

/**
 * A miniature of the front's motif in a round medallion of the card's own stock colour. Any motif
 * works: it is drawn as on the front (same seed) and clipped, never picked from a list.
 */
function emblem(card: ArtworkCard, art: CardArtwork, uid: string, cx: number, cy: number, r: number): string {
  const p = art.palette;
  const drawing = MOTIF_DRAWINGS[art.motif];
  const rng = createRng(hashString(`${card.slug}:${art.motif}`));
  const square = MOTIF_SQUARE[drawing.kind];
  const motif = drawing.draw({ rng, p, box: { x: 0, y: 0, w: square, h: square }, uid, dark: isDark(p.background) });
  // A scene fills the middle of its box, so it is shown a little larger than the circle; the circle clips the rest.
  const scale = ((2 * r) / square) * (drawing.kind === "scene" ? 1.2 : 1);
  const offset = square / 2;
  return (
    `<defs><clipPath id="${uid}-emblem"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"/></clipPath></defs>` +
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r + 9)}" fill="none" stroke="${p.primary}" stroke-opacity="0.45" stroke-width="1.2"/>` +
    `<g clip-path="url(#${uid}-emblem)"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${p.background}"/>` +
    `<g transform="translate(${f(cx)} ${f(cy)}) scale(${scale.toFixed(4)}) translate(${-offset} ${-offset})">${motif}</g></g>` +
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="none" stroke="#000000" stroke-opacity="0.12"/>`
  );
}

/** Small print is set in the label face at a book weight. */
const lightLabel = (size: number) => fontAttrs("label", size).replace(/font-weight="\d+"/, 'font-weight="400"');

/** The house mark: an envelope and the name, as on the site. */
function wordmark(cx: number, baseline: number, ink: string, accent: string): string {
  const word = "CARDMAIL";
  const size = 11;
  const spacing = 3;
  // The label face's estimated advance, plus the letter spacing, centres the envelope and word as one.
  const wordW = word.length * (size * 0.66 + spacing);
  const total = 16 + 8 + wordW;
  const x = cx - total / 2;
  const top = baseline - 10;
  return (
    `<rect x="${f(x)}" y="${f(top)}" width="16" height="11" rx="1.8" fill="none" stroke="${accent}" stroke-width="1.3"/>` +
    `<path d="M${f(x + 0.8)} ${f(top + 1)}l7.2 5.4 7.2-5.4" fill="none" stroke="${accent}" stroke-width="1.3" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<text x="${f(x + 24)}" y="${f(baseline)}" ${fontAttrs("label", size)} letter-spacing="${spacing}" fill="${ink}" opacity="0.85">${word}</text>`
  );
}

/**
 * The back is the outside of the same stock as the front: a light card's colour, a little paler so
 * the emblem stands out on it, or a dark card's own colour, with ink that reads on either.
 */
function backColors(p: Palette): { stock: string; ink: string } {
  if (isDark(p.background)) return { stock: p.background, ink: isDark(p.ink) ? "#F7F3EA" : p.ink };
  return { stock: mix(p.background, "#FFFFFF", 0.45), ink: isDark(p.ink) ? p.ink : "#2B2B2B" };
}

/** The rear panel of a folded card or a boxed card, as printed on the outside of the stock behind the front. */
function drawFoldedBack(card: ArtworkCard, art: CardArtwork, uid: string): string {
  const p = art.palette;
  const { stock, ink } = backColors(p);
  const w = card.isVertical ? 500 : 700;
  const h = card.isVertical ? 700 : 500;
  const cx = w / 2;
  const r = card.isVertical ? 60 : 52;
  const cy = card.isVertical ? h * 0.4 : h * 0.34;
  const face = art.typeface === "script" ? "script" : "serif";
  const nameBox = { w: Math.min(w - 140, 380), h: 64 };
  const name = fitLines(card.name, nameBox, face, face === "script" ? 30 : 24, 2);
  const nameLine = name.size * 1.25;
  const nameTop = cy + r + 26 + name.size;
  const nameAttrs = `${fontAttrs(face, name.size).replace(/font-weight="\d+"/, 'font-weight="400"')} fill="${ink}"`;
  const ruleY = nameTop + (name.lines.length - 1) * nameLine + 20;
  const creditY = ruleY + 26;
  const markY = h - 78;
  const smallPrint = ["Printed on FSC-certified paper", "Greeting cards, mailed for you"];
  const soft = mix(ink, stock, 0.3);
  return (
    svgOpen(w, h, `${card.name} — back`) +
    paperDefs(uid, p) +
    `<rect width="${w}" height="${h}" rx="6" fill="${stock}"/>` +
    emblem(card, art, uid, cx, cy, r) +
    textLines(name.lines, cx, nameTop, name.size, nameLine, nameAttrs) +
    `<path d="M${f(cx - 18)} ${f(ruleY)}H${f(cx + 18)}" stroke="${p.primary}" stroke-width="1.6" stroke-linecap="round"/>` +
    `<text x="${f(cx)}" y="${f(creditY)}" text-anchor="middle" ${lightLabel(12)} letter-spacing="0.4" fill="${soft}">${escapeXml(`Design by ${card.artistName}`)}</text>` +
    wordmark(cx, markY, ink, mix(p.primary, ink, 0.3)) +
    smallPrint
      .map((line, i) => `<text x="${f(cx)}" y="${f(markY + 24 + i * 14)}" text-anchor="middle" ${lightLabel(8.5)} letter-spacing="0.3" fill="${soft}">${escapeXml(line)}</text>`)
      .join("") +
    `<rect width="${w}" height="${h}" rx="6" fill="url(#${uid}-sheen)"/>` +
    `<rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" rx="6" fill="none" stroke="#000000" stroke-opacity="0.15"/>` +
    `</svg>`
  );
}

/** The back of a card: a postcard's address side (the same drawing as its inside), else the rear panel. */
export function renderCardBack(card: ArtworkCard): string {
  // A postcard has one side to write on: its back is its inside view, byte for byte.
  if (card.isPostcard) return renderCardInside(card);
  return drawFoldedBack(card, parseArtwork(card.artwork, card), `c${hashString(card.slug).toString(36)}b`);
}
