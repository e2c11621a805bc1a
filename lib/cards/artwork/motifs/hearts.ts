import { between, pick } from "../random";
import { heartPath } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const hearts: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h / 2 + 6;
    const s = Math.min(box.w, box.h) * 0.34;
    const small: string[] = [];
    for (let i = 0; i < 40 && small.length < 12; i++) {
      const x = between(rng, box.x + 18, box.x + box.w - 18);
      const y = between(rng, box.y + 18, box.y + box.h - 18);
      if (Math.hypot((x - cx) / 1.15, y - cy) < s * 1.25) continue;
      small.push(`<path d="${heartPath(x, y, between(rng, 9, 20))}" fill="${pick(rng, [p.secondary, p.accent, p.primary])}" opacity="${f(between(rng, 0.7, 1))}"/>`);
    }
    return (
      small.join("") +
      `<path d="${heartPath(cx + 8, cy + 8, s)}" fill="${p.ink}" opacity="0.12"/>` +
      `<path d="${heartPath(cx, cy, s)}" fill="${p.primary}"/>` +
      `<path d="${heartPath(cx, cy, s * 0.8)}" fill="none" stroke="${p.surface}" stroke-width="2.5" stroke-dasharray="2 7" stroke-linecap="round" opacity="0.85"/>` +
      `<ellipse cx="${f(cx - s * 0.5)}" cy="${f(cy - s * 0.55)}" rx="${f(s * 0.16)}" ry="${f(s * 0.09)}" fill="#FFFFFF" opacity="0.35" transform="rotate(-35 ${f(cx - s * 0.5)} ${f(cy - s * 0.55)})"/>`
    );
  },
};
