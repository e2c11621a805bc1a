import { between, pick } from "../random";
import { f, isInside } from "../svg";
import type { MotifDrawing } from "./types";

export const snowflakes: MotifDrawing = {
  kind: "scatter",
  draw({ rng, p, box, avoid, dark }) {
    const colors = dark ? [p.ink, p.secondary, p.accent] : [p.primary, p.accent, p.secondary];
    const parts: string[] = [];
    for (let i = 0; i < 70; i++) {
      const x = between(rng, box.x + 6, box.x + box.w - 6);
      const y = between(rng, box.y + 6, box.y + box.h - 6);
      if (isInside(x, y, avoid, 8)) continue;
      parts.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 1.2, 3))}" fill="${colors[0]}" opacity="${f(between(rng, 0.35, 0.8))}"/>`);
    }
    let placed = 0;
    for (let i = 0; i < 120 && placed < 20; i++) {
      const r = between(rng, 10, 30);
      const x = between(rng, box.x + r, box.x + box.w - r);
      const y = between(rng, box.y + r, box.y + box.h - r);
      if (isInside(x, y, avoid, r + 6)) continue;
      placed++;
      const color = pick(rng, colors);
      const arm = `M0 0V${f(-r)}M0 ${f(-r * 0.55)}L${f(-r * 0.24)} ${f(-r * 0.78)}M0 ${f(-r * 0.55)}L${f(r * 0.24)} ${f(-r * 0.78)}M0 ${f(-r * 0.3)}L${f(-r * 0.14)} ${f(-r * 0.44)}M0 ${f(-r * 0.3)}L${f(r * 0.14)} ${f(-r * 0.44)}`;
      const arms = [0, 60, 120, 180, 240, 300].map((a) => `<path d="${arm}" transform="rotate(${a})"/>`).join("");
      parts.push(
        `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(between(rng, 0, 60))})" stroke="${color}" stroke-width="${f(Math.max(1.6, r * 0.09))}" stroke-linecap="round" fill="none">${arms}</g>`,
      );
    }
    return parts.join("");
  },
};
