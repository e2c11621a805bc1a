import { between } from "../random";
import { heartPath, sparkle } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const rings: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h * 0.56;
    const r = Math.min(box.w, box.h) * 0.22;
    const ring = (x: number, y: number) =>
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="none" stroke="${p.primary}" stroke-width="16"/>` +
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="none" stroke="${p.secondary}" stroke-width="3" stroke-dasharray="${f(r * 1.2)} ${f(r * 5)}" stroke-linecap="round"/>`;
    const left = { x: cx - r * 0.55, y: cy + 8 };
    const right = { x: cx + r * 0.55, y: cy - 8 };
    const gemY = left.y - r - 8;
    const parts = [
      ring(left.x, left.y),
      ring(right.x, right.y),
      `<path d="M${f(right.x - r * 0.55)} ${f(right.y + r * 0.85)}A${f(r)} ${f(r)} 0 0 1 ${f(right.x - r)} ${f(right.y)}" stroke="${p.primary}" stroke-width="16" fill="none"/>`,
      `<polygon points="${f(left.x - 16)},${f(gemY)} ${f(left.x - 8)},${f(gemY - 12)} ${f(left.x + 8)},${f(gemY - 12)} ${f(left.x + 16)},${f(gemY)} ${f(left.x)},${f(gemY + 16)}" fill="${p.surface}" stroke="${p.accent}" stroke-width="2"/>`,
      sparkle(left.x + 28, gemY - 22, 10, p.accent),
    ];
    for (let i = 0; i < 10; i++) {
      const x = between(rng, box.x + 10, box.x + box.w - 10);
      const y = between(rng, box.y + 10, box.y + box.h - 10);
      if (Math.hypot(x - cx, y - cy) < r * 1.9) continue;
      parts.push(rng() < 0.5 ? sparkle(x, y, between(rng, 5, 11), p.accent) : `<path d="${heartPath(x, y, between(rng, 7, 12))}" fill="${p.secondary}"/>`);
    }
    return parts.join("");
  },
};
