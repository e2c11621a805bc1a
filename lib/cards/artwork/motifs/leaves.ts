import { mix } from "../color";
import { between, pick } from "../random";
import { leafShape } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const leaves: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const colors = [p.primary, p.secondary, p.accent, mix(p.primary, p.secondary, 0.5)];
    const parts: string[] = [];
    const cols = 4;
    const rows = 4;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (rng() < 0.15) continue;
        const x = box.x + ((c + 0.5) * box.w) / cols + between(rng, -18, 18);
        const y = box.y + ((r + 0.5) * box.h) / rows + between(rng, -18, 18);
        const color = pick(rng, colors);
        parts.push(leafShape(x, y, between(rng, 40, 66), between(rng, -70, 70), color, mix(color, "#000000", 0.3)));
      }
    }
    for (let i = 0; i < 10; i++) {
      parts.push(
        `<circle cx="${f(between(rng, box.x, box.x + box.w))}" cy="${f(between(rng, box.y, box.y + box.h))}" r="${f(between(rng, 2, 4))}" fill="${pick(rng, colors)}" opacity="0.55"/>`,
      );
    }
    return parts.join("");
  },
};
