import { mix } from "../color";
import { between } from "../random";
import { leafShape } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

/** A ring of ruffled petals: `n` bumps around a circle of radius r. */
function ruffle(cx: number, cy: number, r: number, n: number, depth: number, rot: number): string {
  let d = "";
  for (let k = 0; k <= n; k++) {
    const a = rot + (k * Math.PI * 2) / n;
    const x = cx + Math.cos(a) * r * (1 - depth);
    const y = cy + Math.sin(a) * r * (1 - depth);
    if (k === 0) {
      d = `M${f(x)} ${f(y)}`;
      continue;
    }
    const a0 = rot + ((k - 0.85) * Math.PI * 2) / n;
    const a1 = rot + ((k - 0.15) * Math.PI * 2) / n;
    const ro = r * (1 + depth * 0.6);
    d += `C${f(cx + Math.cos(a0) * ro)} ${f(cy + Math.sin(a0) * ro)} ${f(cx + Math.cos(a1) * ro)} ${f(cy + Math.sin(a1) * ro)} ${f(x)} ${f(y)}`;
  }
  return `${d}Z`;
}

/** Three full peonies and a bud in a round ceramic vase. */
export const peonies: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w, box.h) / 390;
    const cx = box.x + box.w / 2;
    const tableY = box.y + box.h * 0.97;
    const vaseH = box.h * 0.36;
    const vaseW = box.w * 0.36;
    const vaseTop = tableY - vaseH;
    const leaf = mix("#4C8A4A", p.accent, 0.15);
    const parts: string[] = [];
    parts.push(`<ellipse cx="${f(cx)}" cy="${f(tableY)}" rx="${f(box.w * 0.4)}" ry="${f(10 * s)}" fill="${p.ink}" opacity="0.1"/>`);

    const bloom = (x: number, y: number, r: number, color: string) => {
      const deep = mix(color, p.accent, 0.35);
      const pale = mix(color, "#FFFFFF", 0.35);
      const rot = between(rng, 0, Math.PI);
      return (
        `<path d="${ruffle(x, y + r * 0.06, r, 9, 0.16, rot)}" fill="${deep}"/>` +
        `<path d="${ruffle(x, y, r * 0.94, 9, 0.16, rot + 0.3)}" fill="${color}"/>` +
        `<path d="${ruffle(x, y - r * 0.04, r * 0.7, 7, 0.2, rot + 0.7)}" fill="${pale}"/>` +
        `<path d="${ruffle(x, y - r * 0.02, r * 0.5, 6, 0.22, rot + 1.1)}" fill="${color}"/>` +
        `<path d="${ruffle(x, y - r * 0.06, r * 0.3, 5, 0.25, rot)}" fill="${deep}"/>` +
        `<path d="M${f(x - r * 0.55)} ${f(y + r * 0.2)}Q${f(x)} ${f(y + r * 0.5)} ${f(x + r * 0.55)} ${f(y + r * 0.2)}" stroke="${deep}" stroke-width="${f(2.5 * s)}" stroke-linecap="round" fill="none" opacity="0.6"/>` +
        `<path d="M${f(x - r * 0.4)} ${f(y - r * 0.35)}Q${f(x)} ${f(y - r * 0.6)} ${f(x + r * 0.4)} ${f(y - r * 0.35)}" stroke="${pale}" stroke-width="${f(2.5 * s)}" stroke-linecap="round" fill="none"/>`
      );
    };
    const heads = [
      { x: cx - box.w * 0.22, y: box.y + box.h * 0.38, r: box.w * 0.15, color: p.secondary },
      { x: cx + box.w * 0.23, y: box.y + box.h * 0.34, r: box.w * 0.14, color: p.secondary },
      { x: cx + box.w * 0.01, y: box.y + box.h * 0.24, r: box.w * 0.18, color: p.primary },
    ];
    // Stems fan out of the neck toward each head; leaves fill the gaps between the blooms.
    for (const h of [...heads, { x: cx + box.w * 0.36, y: box.y + box.h * 0.12 }]) {
      parts.push(`<path d="M${f(cx)} ${f(vaseTop + 20 * s)}Q${f((cx + h.x) / 2)} ${f((vaseTop + h.y) / 2 + 20 * s)} ${f(h.x)} ${f(h.y)}" stroke="${leaf}" stroke-width="${f(5 * s)}" stroke-linecap="round" fill="none"/>`);
    }
    for (const [dx, dy, a, len] of [
      [-0.34, 0.55, -62, 80],
      [-0.22, 0.6, -30, 66],
      [0.3, 0.52, 58, 80],
      [0.18, 0.58, 28, 60],
      [-0.08, 0.44, -10, 56],
      [0.38, 0.26, 40, 50],
    ] as const) {
      const x = cx + box.w * dx;
      const y = box.y + box.h * dy;
      parts.push(leafShape(x, y, len * s, a, a < 0 ? leaf : mix(leaf, "#FFFFFF", 0.12), mix(leaf, "#000000", 0.25)));
    }
    const bud = { x: cx + box.w * 0.36, y: box.y + box.h * 0.12, r: box.w * 0.045 };
    parts.push(
      `<circle cx="${f(bud.x)}" cy="${f(bud.y)}" r="${f(bud.r)}" fill="${p.primary}"/>`,
      `<path d="M${f(bud.x - bud.r)} ${f(bud.y + bud.r * 0.2)}Q${f(bud.x)} ${f(bud.y - bud.r * 0.3)} ${f(bud.x + bud.r)} ${f(bud.y + bud.r * 0.2)}Q${f(bud.x + bud.r)} ${f(bud.y + bud.r * 1.4)} ${f(bud.x)} ${f(bud.y + bud.r * 1.3)}Q${f(bud.x - bud.r)} ${f(bud.y + bud.r * 1.4)} ${f(bud.x - bud.r)} ${f(bud.y + bud.r * 0.2)}Z" fill="${leaf}"/>`,
    );
    for (const h of heads) parts.push(bloom(h.x, h.y, h.r, h.color));

    // The vase: a round belly under a short neck, in the card's darkest colour with a painted band.
    const neckW = vaseW * 0.45;
    const vase = `M${f(cx - neckW / 2)} ${f(vaseTop)}H${f(cx + neckW / 2)}C${f(cx + neckW / 2)} ${f(vaseTop + vaseH * 0.2)} ${f(cx + vaseW / 2)} ${f(vaseTop + vaseH * 0.25)} ${f(cx + vaseW / 2)} ${f(vaseTop + vaseH * 0.6)}C${f(cx + vaseW / 2)} ${f(vaseTop + vaseH * 0.9)} ${f(cx + vaseW * 0.3)} ${f(tableY)} ${f(cx)} ${f(tableY)}C${f(cx - vaseW * 0.3)} ${f(tableY)} ${f(cx - vaseW / 2)} ${f(vaseTop + vaseH * 0.9)} ${f(cx - vaseW / 2)} ${f(vaseTop + vaseH * 0.6)}C${f(cx - vaseW / 2)} ${f(vaseTop + vaseH * 0.25)} ${f(cx - neckW / 2)} ${f(vaseTop + vaseH * 0.2)} ${f(cx - neckW / 2)} ${f(vaseTop)}Z`;
    const bandY = vaseTop + vaseH * 0.58;
    parts.push(
      `<path d="${vase}" fill="${p.accent}"/>`,
      `<rect x="${f(cx - neckW * 0.62)}" y="${f(vaseTop - 6 * s)}" width="${f(neckW * 1.24)}" height="${f(12 * s)}" rx="${f(6 * s)}" fill="${mix(p.accent, "#000000", 0.15)}"/>`,
      `<path d="M${f(cx - vaseW * 0.49)} ${f(bandY)}Q${f(cx)} ${f(bandY + 18 * s)} ${f(cx + vaseW * 0.49)} ${f(bandY)}" stroke="${p.surface}" stroke-width="${f(4 * s)}" fill="none"/>`,
      `<path d="M${f(cx - vaseW * 0.47)} ${f(bandY + 14 * s)}Q${f(cx)} ${f(bandY + 32 * s)} ${f(cx + vaseW * 0.47)} ${f(bandY + 14 * s)}" stroke="${p.secondary}" stroke-width="${f(3 * s)}" stroke-dasharray="${f(2 * s)} ${f(8 * s)}" stroke-linecap="round" fill="none"/>`,
      `<path d="M${f(cx - vaseW * 0.32)} ${f(vaseTop + vaseH * 0.36)}Q${f(cx - vaseW * 0.4)} ${f(vaseTop + vaseH * 0.52)} ${f(cx - vaseW * 0.36)} ${f(vaseTop + vaseH * 0.7)}" stroke="#FFFFFF" stroke-opacity="0.35" stroke-width="${f(6 * s)}" stroke-linecap="round" fill="none"/>`,
    );
    // A fallen petal on the table.
    const px = cx + vaseW * 0.75;
    parts.push(`<path d="M${f(px)} ${f(tableY - 4 * s)}q${f(14 * s)} ${f(-14 * s)} ${f(26 * s)} ${f(-2 * s)}q${f(-10 * s)} ${f(10 * s)} ${f(-26 * s)} ${f(2 * s)}Z" fill="${p.secondary}"/>`);
    return parts.join("");
  },
};
