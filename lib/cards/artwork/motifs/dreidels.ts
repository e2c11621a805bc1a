import { mix } from "../color";
import { between } from "../random";
import { sparkle } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

const GELT = "#D9A935";

/** Three spinning dreidels, each face marked with a plain shape, among chocolate coins. */
export const dreidels: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w, box.h / 1.1) / 320;
    const ground = box.y + box.h * 0.9;
    const parts: string[] = [];
    const symbol = (kind: number, cx: number, cy: number, r: number, color: string) => {
      if (kind === 0) return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="none" stroke="${color}" stroke-width="${f(r * 0.32)}"/>`;
      if (kind === 1) return `<path d="M${f(cx)} ${f(cy - r)}L${f(cx + r)} ${f(cy + r * 0.8)}H${f(cx - r)}Z" fill="${color}"/>`;
      if (kind === 2) return `<path d="M${f(cx)} ${f(cy - r)}L${f(cx + r * 0.8)} ${f(cy)}L${f(cx)} ${f(cy + r)}L${f(cx - r * 0.8)} ${f(cy)}Z" fill="${color}"/>`;
      return `<rect x="${f(cx - r * 0.8)}" y="${f(cy - r * 0.8)}" width="${f(r * 1.6)}" height="${f(r * 1.6)}" rx="${f(r * 0.15)}" fill="${color}"/>`;
    };
    const dreidel = (cx: number, w: number, tilt: number, body: string, face: number) => {
      const front = { l: cx - w * 0.6, r: cx + w * 0.18 };
      const side = cx + w * 0.58;
      const rise = w * 0.2;
      const bh = w * 0.95;
      const tipY = ground - 6;
      const bottomY = tipY - w * 0.72;
      const topY = bottomY - bh;
      const tipX = cx - w * 0.05;
      const light = mix(body, "#FFFFFF", 0.25);
      const dark = mix(body, "#000000", 0.25);
      const handleX = (front.l + side) / 2 + w * 0.02;
      const handleTop = topY - rise / 2 - w * 0.42;
      return (
        `<ellipse cx="${f(tipX)}" cy="${f(tipY + 4)}" rx="${f(w * 0.45)}" ry="${f(w * 0.07)}" fill="${p.ink}" opacity="0.13"/>` +
        `<path d="M${f(tipX - w * 0.62)} ${f(tipY - 2)}A${f(w * 0.62)} ${f(w * 0.12)} 0 0 0 ${f(tipX + w * 0.62)} ${f(tipY - 2)}" stroke="${p.primary}" stroke-width="${f(2.5 * s)}" stroke-linecap="round" fill="none" opacity="0.5"/>` +
        `<g transform="rotate(${f(tilt)} ${f(tipX)} ${f(tipY)})">` +
        `<path d="M${f(front.l)} ${f(bottomY)}H${f(front.r)}L${f(tipX)} ${f(tipY)}Z" fill="${body}"/>` +
        `<path d="M${f(front.r)} ${f(bottomY)}L${f(side)} ${f(bottomY - rise)}L${f(tipX)} ${f(tipY)}Z" fill="${dark}"/>` +
        `<rect x="${f(front.l)}" y="${f(topY)}" width="${f(front.r - front.l)}" height="${f(bh)}" fill="${light}"/>` +
        `<path d="M${f(front.r)} ${f(topY)}L${f(side)} ${f(topY - rise)}V${f(bottomY - rise)}L${f(front.r)} ${f(bottomY)}Z" fill="${body}"/>` +
        `<path d="M${f(front.l)} ${f(topY)}L${f(front.l + (side - front.r))} ${f(topY - rise)}H${f(side)}L${f(front.r)} ${f(topY)}Z" fill="${mix(body, "#FFFFFF", 0.5)}"/>` +
        `<rect x="${f(handleX - w * 0.09)}" y="${f(handleTop)}" width="${f(w * 0.18)}" height="${f(topY - rise / 2 - handleTop)}" rx="${f(w * 0.06)}" fill="${dark}"/>` +
        `<ellipse cx="${f(handleX)}" cy="${f(handleTop)}" rx="${f(w * 0.09)}" ry="${f(w * 0.035)}" fill="${light}"/>` +
        symbol(face, (front.l + front.r) / 2, topY + bh / 2, w * 0.22, p.surface) +
        `<g transform="matrix(0.5 ${f((-rise / (side - front.r)) * 0.5)} 0 1 ${f((front.r + side) / 2)} ${f(topY + bh / 2 - rise / 2)})">${symbol((face + 1) % 4, 0, 0, w * 0.2, mix(p.surface, body, 0.3))}</g>` +
        `</g>`
      );
    };
    // Short arcs either side of a top say it is spinning.
    const swish = (x: number, y: number, h: number, dir: 1 | -1) =>
      `<path d="M${f(x)} ${f(y - h / 2)}Q${f(x + dir * h * 0.3)} ${f(y)} ${f(x)} ${f(y + h / 2)}" stroke="${p.accent}" stroke-opacity="0.4" stroke-width="${f(3 * s)}" stroke-linecap="round" fill="none"/>`;
    const coin = (x: number, y: number, r: number) =>
      `<ellipse cx="${f(x)}" cy="${f(y + r * 0.18)}" rx="${f(r)}" ry="${f(r * 0.5)}" fill="${mix(GELT, "#000000", 0.3)}"/>` +
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r)}" ry="${f(r * 0.5)}" fill="${GELT}"/>` +
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 0.7)}" ry="${f(r * 0.33)}" fill="none" stroke="${mix(GELT, "#FFFFFF", 0.45)}" stroke-width="${f(2 * s)}"/>`;
    parts.push(`<path d="M${f(box.x)} ${f(ground + 2)}H${f(box.x + box.w)}" stroke="${p.secondary}" stroke-width="${f(3 * s)}" stroke-linecap="round"/>`);
    const mid = box.x + box.w * 0.5;
    const big = box.w * 0.3;
    for (const dir of [-1, 1] as const) {
      parts.push(swish(mid + dir * big * 0.95, ground - big * 1.3, big * 0.7, dir), swish(mid + dir * big * 1.15, ground - big * 1.3, big * 0.45, dir));
    }
    parts.push(dreidel(box.x + box.w * 0.22, box.w * 0.2, -16, GELT, 2));
    parts.push(dreidel(box.x + box.w * 0.8, box.w * 0.19, 14, p.accent, 3));
    parts.push(dreidel(mid, big, 8, p.primary, 0));
    // Gelt lies about on the table between the tops, one small stack and a few strays.
    for (const [tx, lift] of [
      [0.36, 0],
      [0.36, 1],
      [0.37, 2],
      [0.64, 0],
      [0.95, 0],
    ] as const) {
      parts.push(coin(box.x + box.w * tx + between(rng, -2, 2), ground - 4 * s - lift * 6 * s, 13 * s));
    }
    for (let i = 0; i < 7; i++) {
      const x = box.x + box.w * ((i + 0.5) / 7) + between(rng, -10, 10);
      const y = box.y + box.h * between(rng, 0.04, 0.3);
      parts.push(sparkle(x, y, between(rng, 5, 10) * s, i % 2 === 0 ? GELT : p.primary));
    }
    return parts.join("");
  },
};
