import { between, pick } from "../random";
import { sparkle } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const fireworks: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const colors = [p.primary, p.secondary, p.accent];
    const bursts = [
      { x: 0.3, y: 0.3, r: 0.26 },
      { x: 0.72, y: 0.24, r: 0.2 },
      { x: 0.62, y: 0.66, r: 0.24 },
      { x: 0.24, y: 0.74, r: 0.14 },
    ];
    const parts: string[] = [];
    bursts.forEach((b, i) => {
      const cx = box.x + box.w * b.x + between(rng, -10, 10);
      const cy = box.y + box.h * b.y + between(rng, -10, 10);
      const R = Math.min(box.w, box.h) * b.r;
      const rays = 14 + Math.floor(rng() * 8);
      const color = colors[i % colors.length]!;
      const rot = between(rng, 0, 30);
      for (let k = 0; k < rays; k++) {
        const a = ((rot + (k * 360) / rays) * Math.PI) / 180;
        const r0 = R * 0.28;
        const r1 = R * (k % 2 === 0 ? 1 : 0.82);
        parts.push(
          `<path d="M${f(cx + r0 * Math.cos(a))} ${f(cy + r0 * Math.sin(a))}L${f(cx + r1 * Math.cos(a))} ${f(cy + r1 * Math.sin(a))}" stroke="${color}" stroke-width="3" stroke-linecap="round"/>` +
            `<circle cx="${f(cx + (r1 + 7) * Math.cos(a))}" cy="${f(cy + (r1 + 7) * Math.sin(a))}" r="2.6" fill="${color}"/>`,
        );
      }
      parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.12)}" fill="${color}" opacity="0.6"/>`);
    });
    for (let i = 0; i < 12; i++) {
      parts.push(sparkle(between(rng, box.x, box.x + box.w), between(rng, box.y, box.y + box.h), between(rng, 4, 9), pick(rng, colors)));
    }
    return parts.join("");
  },
};
