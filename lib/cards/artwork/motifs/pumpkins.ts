import { mix } from "../color";
import { between, pick } from "../random";
import { leafShape } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const pumpkins: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w / 400, box.h / 390);
    const ground = box.y + box.h * 0.9;
    const stemColor = mix("#6B4A2B", p.accent, 0.3);
    const vine = mix("#5E7D3A", p.accent, 0.25);
    // Ribs are overlapping lobes, darker toward the sides so the pumpkin looks round.
    const pumpkin = (cx: number, rx: number, ry: number, color: string) => {
      const cy = ground - ry;
      const lobes = [
        { dx: -0.62, w: 0.44, shade: 0.28 },
        { dx: 0.62, w: 0.44, shade: 0.28 },
        { dx: -0.32, w: 0.5, shade: 0.12 },
        { dx: 0.32, w: 0.5, shade: 0.12 },
        { dx: 0, w: 0.46, shade: 0 },
      ]
        .map((l) => `<ellipse cx="${f(cx + l.dx * rx)}" cy="${f(cy)}" rx="${f(l.w * rx)}" ry="${f(ry)}" fill="${mix(color, "#000000", l.shade)}"/>`)
        .join("");
      const stem = `<path d="M${f(cx - 6 * s)} ${f(cy - ry + 6 * s)}Q${f(cx - 4 * s)} ${f(cy - ry - 24 * s)} ${f(cx + 12 * s)} ${f(cy - ry - 30 * s)}L${f(cx + 16 * s)} ${f(cy - ry - 22 * s)}Q${f(cx + 6 * s)} ${f(cy - ry - 14 * s)} ${f(cx + 7 * s)} ${f(cy - ry + 6 * s)}Z" fill="${stemColor}"/>`;
      const curl = `<path d="M${f(cx + 4 * s)} ${f(cy - ry - 4 * s)}c${f(-26 * s)} ${f(-6 * s)} ${f(-36 * s)} ${f(-30 * s)} ${f(-18 * s)} ${f(-34 * s)}c${f(12 * s)} ${f(-2 * s)} ${f(14 * s)} ${f(14 * s)} ${f(2 * s)} ${f(12 * s)}" stroke="${vine}" stroke-width="${f(2.5 * s)}" fill="none" stroke-linecap="round"/>`;
      const shine = `<ellipse cx="${f(cx - rx * 0.3)}" cy="${f(cy - ry * 0.45)}" rx="${f(rx * 0.12)}" ry="${f(ry * 0.22)}" fill="#FFFFFF" opacity="0.25" transform="rotate(-20 ${f(cx - rx * 0.3)} ${f(cy - ry * 0.45)})"/>`;
      return `<ellipse cx="${f(cx)}" cy="${f(ground + 2)}" rx="${f(rx * 1.05)}" ry="${f(8 * s)}" fill="${p.ink}" opacity="0.15"/>` + lobes + shine + curl + stem + leafShape(cx + 22 * s, cy - ry - 6 * s, 30 * s, 70, vine, mix(vine, "#000000", 0.3));
    };
    const cream = mix(p.surface, p.secondary, 0.25);
    const falling = Array.from({ length: 7 }, () =>
      leafShape(between(rng, box.x + 20, box.x + box.w - 20), between(rng, box.y + 20, box.y + box.h * 0.4), between(rng, 20, 32) * s, between(rng, -80, 80), pick(rng, [p.primary, p.secondary, p.accent]), mix(p.accent, "#000000", 0.2)),
    ).join("");
    const cx = box.x + box.w / 2;
    return (
      falling +
      `<path d="M${f(box.x + 6)} ${f(ground)}H${f(box.x + box.w - 6)}" stroke="${p.accent}" stroke-width="3" stroke-linecap="round" opacity="0.5"/>` +
      pumpkin(cx + 4 * s, 118 * s, 92 * s, p.primary) +
      pumpkin(cx - box.w * 0.3, 70 * s, 54 * s, p.secondary) +
      pumpkin(cx + box.w * 0.32, 58 * s, 44 * s, cream) +
      [0, 1, 2, 3, 4, 5]
        .map((i) => {
          const x = box.x + 14 + i * ((box.w - 28) / 5);
          return `<path d="M${f(x)} ${f(ground)}l${f(-4 * s)} ${f(-12 * s)}M${f(x + 5 * s)} ${f(ground)}l${f(3 * s)} ${f(-14 * s)}" stroke="${p.accent}" stroke-width="2" stroke-linecap="round" opacity="0.6"/>`;
        })
        .join("")
    );
  },
};
