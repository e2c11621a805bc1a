import { between, pick } from "../random";
import { f, isInside } from "../svg";
import type { MotifDrawing } from "./types";

export const confetti: MotifDrawing = {
  kind: "scatter",
  draw({ rng, p, box, avoid }) {
    const colors = [p.primary, p.secondary, p.accent];
    const parts: string[] = [];
    for (let i = 0; i < 130; i++) {
      const x = between(rng, box.x + 6, box.x + box.w - 6);
      const y = between(rng, box.y + 6, box.y + box.h - 6);
      const color = pick(rng, colors);
      const kind = rng();
      const angle = between(rng, 0, 180);
      if (isInside(x, y, avoid, 14)) continue;
      if (kind < 0.45) {
        const w = between(rng, 7, 14);
        const h = between(rng, 3, 6);
        parts.push(`<rect x="${f(x - w / 2)}" y="${f(y - h / 2)}" width="${f(w)}" height="${f(h)}" rx="1.5" fill="${color}" transform="rotate(${f(angle)} ${f(x)} ${f(y)})"/>`);
      } else if (kind < 0.8) {
        parts.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 2.5, 5.5))}" fill="${color}"/>`);
      } else {
        parts.push(
          `<path d="M${f(x - 9)} ${f(y)}q4.5 -7 9 0t9 0" stroke="${color}" stroke-width="3" stroke-linecap="round" fill="none" transform="rotate(${f(angle)} ${f(x)} ${f(y)})"/>`,
        );
      }
    }
    return parts.join("");
  },
};
