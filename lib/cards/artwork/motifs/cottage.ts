import { mix } from "../color";
import { between, pick } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const cottage: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w / 320, box.h / 400);
    const cx = box.x + box.w / 2;
    const ground = box.y + box.h * 0.84;
    const W = Math.min(box.w * 0.74, 250 * s);
    const wallTop = ground - 150 * s;
    const roofTop = wallTop - 104 * s;
    const glass = "#FCE3A0";
    const wall = mix(p.surface, p.secondary, 0.08);
    const windowPane = (x: number, y: number, w: number, h: number) =>
      `<rect x="${f(x - w / 2 - 4 * s)}" y="${f(y - 4 * s)}" width="${f(w + 8 * s)}" height="${f(h + 8 * s)}" rx="${f(3 * s)}" fill="${p.accent}"/>` +
      `<rect x="${f(x - w / 2)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${glass}"/>` +
      `<path d="M${f(x)} ${f(y)}V${f(y + h)}M${f(x - w / 2)} ${f(y + h / 2)}H${f(x + w / 2)}" stroke="${p.accent}" stroke-width="${f(3 * s)}"/>` +
      `<rect x="${f(x - w / 2 - 8 * s)}" y="${f(y + h + 4 * s)}" width="${f(w + 16 * s)}" height="${f(10 * s)}" rx="${f(2 * s)}" fill="${p.secondary}"/>` +
      [-0.3, 0, 0.3].map((k) => `<circle cx="${f(x + k * w)}" cy="${f(y + h + 2 * s)}" r="${f(5 * s)}" fill="${p.primary}"/>`).join("");
    // Roof tiles: rows of scallops clipped to the gable by shrinking with height.
    const tiles: string[] = [];
    for (let row = 0; row < 5; row++) {
      const y = wallTop - 6 * s - row * 19 * s;
      const half = (W / 2 + 18 * s) * ((y - roofTop) / (wallTop - roofTop));
      const n = Math.max(1, Math.round((half * 2) / (26 * s)));
      const step = (half * 2) / n;
      let d = `M${f(cx - half)} ${f(y)}`;
      for (let i = 0; i < n; i++) d += `q${f(step / 2)} ${f(12 * s)} ${f(step)} 0`;
      tiles.push(`<path d="${d}" stroke="${mix(p.primary, p.ink, 0.28)}" stroke-width="${f(2.5 * s)}" fill="none"/>`);
    }
    const bush = (x: number, r: number) =>
      `<g fill="${p.secondary}"><circle cx="${f(x)}" cy="${f(ground - r * 0.6)}" r="${f(r)}"/><circle cx="${f(x + r * 0.8)}" cy="${f(ground - r * 0.3)}" r="${f(r * 0.75)}"/><circle cx="${f(x - r * 0.8)}" cy="${f(ground - r * 0.3)}" r="${f(r * 0.7)}"/></g>` +
      Array.from({ length: 3 }, () => `<circle cx="${f(x + between(rng, -r, r))}" cy="${f(ground - between(rng, r * 0.2, r * 1.2))}" r="${f(4 * s)}" fill="${pick(rng, [p.primary, p.surface])}"/>`).join("");
    const chimX = cx + W * 0.24;
    const smoke = [0, 1, 2].map((i) => `<circle cx="${f(chimX + 8 * s + i * 12 * s)}" cy="${f(roofTop + 8 * s - i * 24 * s)}" r="${f((9 + i * 4) * s)}" fill="${p.surface}" opacity="${f(0.9 - i * 0.2)}"/>`).join("");
    const doorW = 44 * s;
    const doorH = 78 * s;
    return (
      `<circle cx="${f(box.x + box.w * 0.16)}" cy="${f(box.y + box.h * 0.12)}" r="${f(26 * s)}" fill="${mix(p.primary, "#F6C453", 0.55)}"/>` +
      `<ellipse cx="${f(cx)}" cy="${f(ground + 8 * s)}" rx="${f(box.w * 0.52)}" ry="${f(22 * s)}" fill="${mix(p.secondary, p.background, 0.35)}"/>` +
      smoke +
      `<rect x="${f(chimX)}" y="${f(roofTop + 18 * s)}" width="${f(24 * s)}" height="${f(60 * s)}" fill="${p.accent}"/>` +
      `<rect x="${f(cx - W / 2)}" y="${f(wallTop)}" width="${f(W)}" height="${f(ground - wallTop)}" fill="${wall}"/>` +
      `<rect x="${f(cx - W / 2)}" y="${f(wallTop)}" width="${f(W)}" height="${f(14 * s)}" fill="${p.ink}" opacity="0.1"/>` +
      `<path d="M${f(cx - W / 2 - 18 * s)} ${f(wallTop)}L${f(cx)} ${f(roofTop)}L${f(cx + W / 2 + 18 * s)} ${f(wallTop)}Z" fill="${p.primary}"/>` +
      tiles.join("") +
      `<path d="M${f(cx - W / 2 - 22 * s)} ${f(wallTop + 2 * s)}L${f(cx)} ${f(roofTop - 4 * s)}L${f(cx + W / 2 + 22 * s)} ${f(wallTop + 2 * s)}" stroke="${p.accent}" stroke-width="${f(7 * s)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>` +
      `<circle cx="${f(cx)}" cy="${f(wallTop - 42 * s)}" r="${f(17 * s)}" fill="${p.accent}"/>` +
      `<circle cx="${f(cx)}" cy="${f(wallTop - 42 * s)}" r="${f(12 * s)}" fill="${glass}"/>` +
      `<path d="M${f(cx - 12 * s)} ${f(wallTop - 42 * s)}H${f(cx + 12 * s)}M${f(cx)} ${f(wallTop - 54 * s)}V${f(wallTop - 30 * s)}" stroke="${p.accent}" stroke-width="${f(2.5 * s)}"/>` +
      windowPane(cx - W * 0.3, wallTop + 30 * s, 40 * s, 44 * s) +
      windowPane(cx + W * 0.3, wallTop + 30 * s, 40 * s, 44 * s) +
      `<path d="M${f(cx - doorW / 2)} ${f(ground)}V${f(ground - doorH + doorW / 2)}A${f(doorW / 2)} ${f(doorW / 2)} 0 0 1 ${f(cx + doorW / 2)} ${f(ground - doorH + doorW / 2)}V${f(ground)}Z" fill="${p.secondary}"/>` +
      `<path d="M${f(cx - doorW / 2 + 7 * s)} ${f(ground - 6 * s)}V${f(ground - doorH + doorW / 2 + 4 * s)}A${f(doorW / 2 - 7 * s)} ${f(doorW / 2 - 7 * s)} 0 0 1 ${f(cx + doorW / 2 - 7 * s)} ${f(ground - doorH + doorW / 2 + 4 * s)}V${f(ground - 6 * s)}" stroke="${mix(p.secondary, p.ink, 0.3)}" stroke-width="${f(2 * s)}" fill="none"/>` +
      `<circle cx="${f(cx + doorW * 0.28)}" cy="${f(ground - doorH * 0.42)}" r="${f(3.5 * s)}" fill="${p.primary}"/>` +
      `<path d="M${f(cx - doorW / 2)} ${f(ground + 2 * s)}L${f(cx - doorW)} ${f(ground + 26 * s)}H${f(cx + doorW)}L${f(cx + doorW / 2)} ${f(ground + 2 * s)}Z" fill="${p.surface}" opacity="0.8"/>` +
      bush(cx - W / 2 - 6 * s, 22 * s) +
      bush(cx + W / 2 + 8 * s, 26 * s)
    );
  },
};
