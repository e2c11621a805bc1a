import { escapeXml, f, type Box } from "../svg";
import { fitLines, fontAttrs, textLines } from "../text";
import type { ArtworkCard, CardArtwork } from "../types";

export function credit(card: ArtworkCard, x: number, y: number, color: string, anchor: "middle" | "start" = "middle"): string {
  return (
    `<text x="${f(x)}" y="${f(y)}" text-anchor="${anchor}" ${fontAttrs("label", 12)} fill="${color}" opacity="0.75">${escapeXml(`Design by ${card.artistName}`)}</text>` +
    `<text x="${f(x)}" y="${f(y + 17)}" text-anchor="${anchor}" ${fontAttrs("label", 10)} letter-spacing="1.5" fill="${color}" opacity="0.55">${escapeXml(`${card.name.toUpperCase()} · CARDMAIL`)}</text>`
  );
}

export function greetingBlock(art: CardArtwork, box: Box): string {
  const face = art.typeface === "script" ? "script" : "serif";
  const fit = fitLines(art.greeting, box, face, 34, 5);
  const lineHeight = fit.size * 1.3;
  const top = box.y + (box.h - fit.lines.length * lineHeight) / 2 + fit.size;
  const attrs = `${fontAttrs(face, fit.size).replace(/font-weight="\d+"/, 'font-weight="400"')} fill="${art.palette.ink}"`;
  return textLines(fit.lines, box.x + box.w / 2, top, fit.size, lineHeight, attrs);
}
