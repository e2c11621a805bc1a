import { mix } from "../color";
import { between, pick } from "../random";
import { f, isInside } from "../svg";
import type { MotifDrawing } from "./types";

type Point = { x: number; y: number };

/** Strings of pennant flags swagged across the card above and below the greeting. */
export const bunting: MotifDrawing = {
  kind: "scatter",
  draw({ rng, p, box, avoid }) {
    const colors = [p.secondary, p.primary, p.accent, mix(p.secondary, "#F6C453", 0.55)];
    const plaque = avoid ?? { x: box.x + box.w * 0.2, y: box.y + box.h * 0.4, w: box.w * 0.6, h: box.h * 0.2 };
    const parts: string[] = [];
    // Each string hangs as a quadratic curve; flags are spaced along its length, not its x.
    const garland = (a: Point, c: Point, b: Point, size: number, offset: number) => {
      const at = (t: number) => ({
        x: (1 - t) ** 2 * a.x + 2 * (1 - t) * t * c.x + t ** 2 * b.x,
        y: (1 - t) ** 2 * a.y + 2 * (1 - t) * t * c.y + t ** 2 * b.y,
      });
      const samples = Array.from({ length: 201 }, (_, i) => at(i / 200));
      const lengths = [0];
      for (let i = 1; i < samples.length; i++) lengths.push(lengths[i - 1]! + Math.hypot(samples[i]!.x - samples[i - 1]!.x, samples[i]!.y - samples[i - 1]!.y));
      const total = lengths[lengths.length - 1]!;
      const pointAt = (len: number) => samples[Math.max(0, lengths.findIndex((l) => l >= len))]!;
      const gap = size * 0.22;
      const flags: string[] = [];
      for (let d = size * 0.3, k = offset; d + size < total; d += size + gap, k++) {
        const p0 = pointAt(d);
        const p1 = pointAt(d + size);
        const mx = (p0.x + p1.x) / 2;
        const my = (p0.y + p1.y) / 2;
        const len = Math.hypot(p1.x - p0.x, p1.y - p0.y) || 1;
        const nx = -(p1.y - p0.y) / len;
        const ny = (p1.x - p0.x) / len;
        const down = ny < 0 ? -1 : 1;
        const tip = { x: mx + nx * down * size * 1.2, y: my + ny * down * size * 1.2 };
        const color = colors[k % colors.length]!;
        flags.push(`<path d="M${f(p0.x)} ${f(p0.y)}L${f(p1.x)} ${f(p1.y)}L${f(tip.x)} ${f(tip.y)}Z" fill="${color}"/>`);
        flags.push(`<path d="M${f(mx)} ${f(my)}L${f(p1.x)} ${f(p1.y)}L${f(tip.x)} ${f(tip.y)}Z" fill="#000000" opacity="0.1"/>`);
        if (k % 3 === 1) flags.push(`<circle cx="${f(mx * 0.6 + tip.x * 0.4)}" cy="${f(my * 0.6 + tip.y * 0.4)}" r="${f(size * 0.12)}" fill="${p.surface}"/>`);
        if (k % 3 === 2) flags.push(`<path d="M${f(p0.x * 0.7 + tip.x * 0.3)} ${f(p0.y * 0.7 + tip.y * 0.3)}L${f(p1.x * 0.7 + tip.x * 0.3)} ${f(p1.y * 0.7 + tip.y * 0.3)}" stroke="${p.surface}" stroke-width="${f(size * 0.08)}" stroke-dasharray="${f(size * 0.1)} ${f(size * 0.08)}"/>`);
      }
      return `<path d="M${f(a.x)} ${f(a.y)}Q${f(c.x)} ${f(c.y)} ${f(b.x)} ${f(b.y)}" stroke="${p.ink}" stroke-opacity="0.55" stroke-width="2" fill="none"/>` + flags.join("");
    };
    const left = box.x - 6;
    const right = box.x + box.w + 6;
    const above = plaque.y - box.y;
    const below = box.y + box.h - (plaque.y + plaque.h);
    const size = Math.min(box.w / 11, 44, Math.min(above, below) * 0.3);
    // Two swags above the greeting and two below, the lower of each pair deeper and with smaller flags.
    parts.push(garland({ x: left, y: box.y + above * 0.12 }, { x: box.x + box.w * 0.5, y: box.y + above * 0.62 }, { x: right, y: box.y + above * 0.12 }, size, 0));
    parts.push(garland({ x: left, y: box.y + above * 0.52 }, { x: box.x + box.w * 0.5, y: box.y + above * 0.92 }, { x: right, y: box.y + above * 0.52 }, size * 0.75, 2));
    const by = plaque.y + plaque.h;
    parts.push(garland({ x: left, y: by + below * 0.16 }, { x: box.x + box.w * 0.5, y: by + below * 0.62 }, { x: right, y: by + below * 0.16 }, size, 1));
    parts.push(garland({ x: left, y: by + below * 0.5 }, { x: box.x + box.w * 0.5, y: by + below * 0.92 }, { x: right, y: by + below * 0.5 }, size * 0.75, 3));
    // A few loose dots and streamer curls in the gaps keep it playful without crowding the flags.
    for (let i = 0, placed = 0; i < 60 && placed < 16; i++) {
      const x = between(rng, box.x + 10, box.x + box.w - 10);
      const y = between(rng, box.y + 10, box.y + box.h - 10);
      if (isInside(x, y, plaque, 16)) continue;
      placed++;
      const color = pick(rng, colors);
      parts.unshift(
        rng() < 0.6
          ? `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 2.5, 4.5))}" fill="${color}" opacity="0.75"/>`
          : `<path d="M${f(x - 8)} ${f(y)}q4 -6 8 0t8 0" stroke="${color}" stroke-width="2.5" stroke-linecap="round" fill="none" opacity="0.75"/>`,
      );
    }
    return parts.join("");
  },
};
