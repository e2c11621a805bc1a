import { escapeXml, f } from "../svg";
import type { Palette } from "../types";

export function svgOpen(w: number, h: number, title: string, size?: { width: number; height: number }): string {
  const width = size?.width ?? w;
  const height = size?.height ?? h;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${f(width)}" height="${f(height)}" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>`;
}

export function paperDefs(uid: string, p: Palette): string {
  return (
    `<defs><radialGradient id="${uid}-sheen" cx="0.3" cy="0.2" r="0.95"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.28"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${uid}-fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.ink}" stop-opacity="0"/><stop offset="1" stop-color="${p.ink}" stop-opacity="0.1"/></linearGradient></defs>`
  );
}
