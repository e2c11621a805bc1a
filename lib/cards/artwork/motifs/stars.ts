import { between, pick } from "../random";
import { sparkle, starPoints } from "../shapes";
import { f, isInside } from "../svg";
import type { MotifDrawing } from "./types";

export const stars: MotifDrawing = {
  kind: "scatter",
  draw({ rng, p, box, avoid, dark }) {
    const colors = dark ? [p.primary, p.ink, p.secondary] : [p.primary, p.secondary, p.accent];
    const parts: string[] = [];
    for (let i = 0; i < 60; i++) {
      const x = between(rng, box.x + 4, box.x + box.w - 4);
      const y = between(rng, box.y + 4, box.y + box.h - 4);
      if (isInside(x, y, avoid, 6)) continue;
      parts.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 1, 2.4))}" fill="${colors[1]}" opacity="${f(between(rng, 0.4, 0.9))}"/>`);
    }
    let placed = 0;
    for (let i = 0; i < 140 && placed < 26; i++) {
      const r = placed < 3 ? between(rng, 22, 34) : between(rng, 6, 17);
      const x = between(rng, box.x + r, box.x + box.w - r);
      const y = between(rng, box.y + r, box.y + box.h - r);
      if (isInside(x, y, avoid, r + 6)) continue;
      placed++;
      const color = pick(rng, colors);
      parts.push(
        rng() < 0.25 ? sparkle(x, y, r, color) : `<polygon points="${starPoints(x, y, r, r * 0.45, 5, -90 + between(rng, -15, 15))}" fill="${color}"/>`,
      );
    }
    return parts.join("");
  },
};
