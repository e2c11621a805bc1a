import { between, pick } from "../random";
import { starPoints } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const moon: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const r = Math.min(box.w, box.h) * 0.26;
    const cx = box.x + box.w * 0.46;
    const cy = box.y + box.h * 0.42;
    const cloud = (x: number, y: number, s: number) =>
      `<g fill="${p.surface}"><circle cx="${f(x)}" cy="${f(y)}" r="${f(s)}"/><circle cx="${f(x + s * 1.1)}" cy="${f(y + s * 0.2)}" r="${f(s * 0.8)}"/><circle cx="${f(x - s * 1.05)}" cy="${f(y + s * 0.3)}" r="${f(s * 0.7)}"/><rect x="${f(x - s * 1.75)}" y="${f(y + s * 0.3)}" width="${f(s * 3.7)}" height="${f(s * 0.7)}" rx="${f(s * 0.35)}"/></g>`;
    const parts = [
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 1.35)}" fill="${p.primary}" opacity="0.15"/>`,
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${p.primary}"/>`,
      `<circle cx="${f(cx + r * 0.45)}" cy="${f(cy - r * 0.25)}" r="${f(r * 0.88)}" fill="${p.background}"/>`,
    ];
    for (let i = 0; i < 30 && parts.length < 17; i++) {
      const x = between(rng, box.x + 10, box.x + box.w - 10);
      const y = between(rng, box.y + 10, box.y + box.h * 0.75);
      if (Math.hypot(x - cx, y - cy) < r * 1.5) continue;
      parts.push(`<polygon points="${starPoints(x, y, between(rng, 5, 12), 2.5)}" fill="${pick(rng, [p.secondary, p.accent])}"/>`);
    }
    parts.push(cloud(box.x + box.w * 0.3, box.y + box.h * 0.82, 26), cloud(box.x + box.w * 0.74, box.y + box.h * 0.72, 20));
    return parts.join("");
  },
};
