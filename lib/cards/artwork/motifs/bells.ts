import { mix } from "../color";
import { between, pick } from "../random";
import { heartPath, sparkle } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

const GOLD = "#E2BE5A";
const GOLD_SHADE = "#BE9430";
const GOLD_LIGHT = "#F7E6AE";

export const bells: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w / 400, box.h / 390) * 1.2;
    const cx = box.x + box.w / 2;
    const knotY = box.y + box.h * 0.16;
    const hangY = knotY + 34 * s;
    const gap = 70 * s;
    // Drawn with its crown at the origin, swinging about it.
    const bell = (x: number, tilt: number) =>
      `<g transform="translate(${f(x)} ${f(hangY)}) rotate(${tilt}) scale(${f(s)})">` +
      `<circle cx="0" cy="126" r="13" fill="${GOLD_SHADE}"/>` +
      `<path d="M-14 0C-40 2 -44 40 -46 72C-48 94 -56 102 -64 110H64C56 102 48 94 46 72C44 40 40 2 14 0Z" fill="${GOLD}"/>` +
      `<path d="M14 2C40 8 44 40 46 72C48 94 56 102 64 110H30C38 96 32 50 14 2Z" fill="${GOLD_SHADE}" opacity="0.55"/>` +
      `<path d="M-24 20C-34 40 -34 68 -38 88" stroke="${GOLD_LIGHT}" stroke-width="7" stroke-linecap="round" fill="none"/>` +
      `<rect x="-70" y="104" width="140" height="16" rx="8" fill="${GOLD_SHADE}"/>` +
      `<path d="M-40 78H40" stroke="${GOLD_SHADE}" stroke-width="4" opacity="0.6"/>` +
      `<circle cx="0" cy="-6" r="9" fill="none" stroke="${GOLD_SHADE}" stroke-width="5"/>` +
      `</g>`;
    const ribbon = p.primary;
    const ribbonDark = mix(p.primary, p.ink, 0.3);
    const bow =
      `<path d="M${f(cx - gap)} ${f(hangY - 8 * s)}Q${f(cx - gap * 0.5)} ${f(knotY + 20 * s)} ${f(cx)} ${f(knotY)}Q${f(cx + gap * 0.5)} ${f(knotY + 20 * s)} ${f(cx + gap)} ${f(hangY - 8 * s)}" stroke="${ribbon}" stroke-width="${f(8 * s)}" fill="none"/>` +
      `<g transform="translate(${f(cx)} ${f(knotY)}) scale(${f(s)})">` +
      `<path d="M-4 6L-34 86L-20 80L-12 94L6 8Z" fill="${ribbonDark}"/>` +
      `<path d="M4 6L30 80L16 76L10 90L-6 8Z" fill="${ribbon}"/>` +
      `<path d="M0 0C-30 -40 -76 -26 -62 6C-52 26 -22 12 0 0Z" fill="${ribbon}"/>` +
      `<path d="M0 0C30 -40 76 -26 62 6C52 26 22 12 0 0Z" fill="${ribbon}"/>` +
      `<path d="M-6 -2C-26 -22 -50 -18 -50 0" stroke="${ribbonDark}" stroke-width="4" fill="none" opacity="0.6"/>` +
      `<path d="M6 -2C26 -22 50 -18 50 0" stroke="${ribbonDark}" stroke-width="4" fill="none" opacity="0.6"/>` +
      `<rect x="-12" y="-12" width="24" height="24" rx="9" fill="${ribbonDark}"/>` +
      `</g>`;
    const extras: string[] = [];
    const placed: { x: number; y: number }[] = [];
    for (let i = 0; i < 60 && extras.length < 8; i++) {
      const x = between(rng, box.x + 14, box.x + box.w - 14);
      const y = between(rng, box.y + 14, box.y + box.h - 14);
      if (Math.abs(x - cx) < gap + 90 * s && y > knotY - 50 * s && y < hangY + 170 * s) continue;
      if (placed.some((q) => Math.hypot(q.x - x, q.y - y) < 44 * s)) continue;
      placed.push({ x, y });
      extras.push(rng() < 0.5 ? sparkle(x, y, between(rng, 6, 12) * s, p.accent) : `<path d="${heartPath(x, y, between(rng, 7, 13) * s)}" fill="${pick(rng, [p.primary, p.secondary])}"/>`);
    }
    return (
      `<ellipse cx="${f(cx)}" cy="${f(box.y + box.h * 0.5)}" rx="${f(box.w * 0.44)}" ry="${f(box.h * 0.44)}" fill="${p.surface}" opacity="0.8"/>` +
      extras.join("") +
      bell(cx - gap, 10) +
      bell(cx + gap, -10) +
      bow
    );
  },
};
