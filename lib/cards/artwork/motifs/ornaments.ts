import { between } from "../random";
import { sparkle } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const ornaments: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const count = 4;
    const parts: string[] = [
      `<path d="M${f(box.x - 10)} ${f(box.y + 6)}Q${f(box.x + box.w / 2)} ${f(box.y + 40)} ${f(box.x + box.w + 10)} ${f(box.y + 6)}" stroke="${p.secondary}" stroke-width="10" stroke-linecap="round" fill="none"/>`,
    ];
    const sagAt = (x: number) => {
      const t = (x - box.x + 10) / (box.w + 20);
      return box.y + 6 + 2 * t * (1 - t) * 34;
    };
    for (let i = 0; i < count; i++) {
      const x = box.x + box.w * (0.14 + (0.72 * i) / (count - 1)) + between(rng, -8, 8);
      const r = between(rng, 34, 50);
      const cy = box.y + box.h * (i % 2 === 0 ? 0.42 : 0.64) + between(rng, -20, 20);
      const color = i % 2 === 0 ? p.primary : p.accent;
      const band = i % 2 === 0 ? p.accent : p.primary;
      parts.push(
        `<path d="M${f(x)} ${f(sagAt(x))}V${f(cy - r - 10)}" stroke="${p.ink}" stroke-opacity="0.5" stroke-width="1.5"/>` +
          `<rect x="${f(x - 9)}" y="${f(cy - r - 12)}" width="18" height="14" rx="3" fill="#D4AF37"/>` +
          `<circle cx="${f(x)}" cy="${f(cy)}" r="${f(r)}" fill="${color}"/>` +
          `<ellipse cx="${f(x)}" cy="${f(cy)}" rx="${f(r * 0.98)}" ry="${f(r * 0.22)}" fill="none" stroke="${band}" stroke-width="5"/>` +
          `<ellipse cx="${f(x)}" cy="${f(cy - r * 0.45)}" rx="${f(r * 0.86)}" ry="${f(r * 0.14)}" fill="none" stroke="${band}" stroke-width="2.5"/>` +
          `<circle cx="${f(x - r * 0.38)}" cy="${f(cy - r * 0.38)}" r="${f(r * 0.16)}" fill="#FFFFFF" opacity="0.45"/>`,
      );
    }
    for (let i = 0; i < 8; i++) {
      parts.push(sparkle(between(rng, box.x, box.x + box.w), between(rng, box.y + box.h * 0.2, box.y + box.h), between(rng, 5, 10), p.surface));
    }
    return parts.join("");
  },
};
