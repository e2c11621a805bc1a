import { mix } from "../color";
import { between } from "../random";
import { leafShape, sparkle, starPoints } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

/** An award rosette: pleated ribbon around a gold medallion with a star, two notched tails, a laurel. */
export const rosette: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w, box.h) / 390;
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h * 0.38;
    const R = Math.min(box.w, box.h) * 0.27;
    const gold = p.primary;
    const deep = p.accent;
    const ribbon = mix(p.accent, p.primary, 0.35);
    const tail = (dir: 1 | -1) => {
      const x0 = cx + dir * R * 0.2;
      const x1 = cx + dir * R * 0.75;
      const y1 = cy + R * 2.05;
      const w = R * 0.42;
      const notch = w * 0.45;
      return (
        `<path d="M${f(x0 - w / 2)} ${f(cy)}H${f(x0 + w / 2)}L${f(x1 + w / 2)} ${f(y1)}L${f(x1)} ${f(y1 - notch)}L${f(x1 - w / 2)} ${f(y1)}Z" fill="${dir < 0 ? ribbon : mix(ribbon, "#000000", 0.15)}"/>` +
        `<path d="M${f(x0)} ${f(cy)}L${f(x1)} ${f(y1 - notch - 4)}" stroke="${p.secondary}" stroke-width="${f(5 * s)}"/>`
      );
    };
    // The pleats: a many-pointed star whose points are rounded into folds.
    const pleat = (r: number, n: number, color: string, rot: number) => {
      let d = "";
      for (let k = 0; k < n; k++) {
        const a0 = rot + (k * Math.PI * 2) / n;
        const a1 = rot + ((k + 0.5) * Math.PI * 2) / n;
        const a2 = rot + ((k + 1) * Math.PI * 2) / n;
        const inner = r * 0.86;
        if (k === 0) d = `M${f(cx + Math.cos(a0) * inner)} ${f(cy + Math.sin(a0) * inner)}`;
        d += `Q${f(cx + Math.cos(a1) * r * 1.08)} ${f(cy + Math.sin(a1) * r * 1.08)} ${f(cx + Math.cos(a2) * inner)} ${f(cy + Math.sin(a2) * inner)}`;
      }
      return `<path d="${d}Z" fill="${color}"/>`;
    };
    const folds = Array.from({ length: 24 }, (_, k) => {
      const a = (k * Math.PI * 2) / 24;
      return `<path d="M${f(cx + Math.cos(a) * R * 0.66)} ${f(cy + Math.sin(a) * R * 0.66)}L${f(cx + Math.cos(a) * R * 0.9)} ${f(cy + Math.sin(a) * R * 0.9)}" stroke="${mix(p.secondary, deep, 0.45)}" stroke-width="${f(2 * s)}" stroke-linecap="round"/>`;
    }).join("");
    const laurel = (dir: 1 | -1) => {
      const leaves: string[] = [];
      const leaf = mix(deep, "#5E7F3A", 0.35);
      for (let k = 0; k < 7; k++) {
        const t = 0.15 + k * 0.11;
        const a = Math.PI / 2 + dir * (0.35 + t * 1.5);
        const r = R * 1.32;
        const x = cx + Math.cos(a) * r;
        const y = cy + R * 0.35 + Math.sin(a) * r * 0.9;
        const deg = (a * 180) / Math.PI + (dir > 0 ? -60 : 60) + 90;
        leaves.push(leafShape(x, y, 34 * s, deg, k % 2 === 0 ? leaf : mix(leaf, "#FFFFFF", 0.15), mix(leaf, "#000000", 0.3)));
      }
      return leaves.join("");
    };
    const glints: string[] = [];
    for (let i = 0; i < 8; i++) {
      const side = i % 2 === 0 ? -1 : 1;
      const x = cx + side * between(rng, R * 1.45, box.w * 0.47);
      const y = between(rng, box.y + 12, box.y + box.h * 0.75);
      glints.push(sparkle(x, y, between(rng, 6, 12) * s, i % 3 === 0 ? deep : gold));
    }
    return (
      laurel(-1) +
      laurel(1) +
      tail(-1) +
      tail(1) +
      glints.join("") +
      `<circle cx="${f(cx + 5 * s)}" cy="${f(cy + 7 * s)}" r="${f(R * 1.02)}" fill="${p.ink}" opacity="0.12"/>` +
      pleat(R, 22, ribbon, 0) +
      pleat(R * 0.9, 22, p.secondary, Math.PI / 22) +
      folds +
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.62)}" fill="${mix(gold, "#000000", 0.15)}"/>` +
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.56)}" fill="${gold}"/>` +
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.47)}" fill="none" stroke="${mix(gold, "#FFFFFF", 0.45)}" stroke-width="${f(2.5 * s)}" stroke-dasharray="${f(2 * s)} ${f(5 * s)}"/>` +
      `<polygon points="${starPoints(cx + 2 * s, cy + 3 * s, R * 0.38, R * 0.16)}" fill="${mix(gold, "#000000", 0.3)}"/>` +
      `<polygon points="${starPoints(cx, cy, R * 0.38, R * 0.16)}" fill="${p.surface}"/>` +
      `<path d="M${f(cx - R * 0.4)} ${f(cy - R * 0.3)}A${f(R * 0.5)} ${f(R * 0.5)} 0 0 1 ${f(cx + R * 0.05)} ${f(cy - R * 0.5)}" stroke="#FFFFFF" stroke-opacity="0.5" stroke-width="${f(3 * s)}" stroke-linecap="round" fill="none"/>`
    );
  },
};
