import { between } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const balloons: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const colors = [p.primary, p.secondary, p.accent, p.primary, p.secondary];
    const rx = box.w * 0.1;
    const ry = rx * 1.22;
    const knot = { x: box.x + box.w / 2, y: box.y + box.h * 0.94 };
    const balloons = colors.map((color, i) => ({
      color,
      cx: box.x + box.w * (0.17 + (0.66 * i) / (colors.length - 1)) + between(rng, -12, 12),
      cy: box.y + box.h * (i % 2 === 0 ? 0.24 : 0.38) + between(rng, -18, 18),
    }));
    const strings = balloons
      .map(
        (b) =>
          `<path d="M${f(b.cx)} ${f(b.cy + ry + 6)}Q${f(b.cx + between(rng, -20, 20))} ${f((b.cy + ry + knot.y) / 2)} ${f(knot.x)} ${f(knot.y)}" stroke="${p.ink}" stroke-opacity="0.45" stroke-width="1.6" fill="none"/>`,
      )
      .join("");
    const shapes = balloons
      .sort((a, b) => a.cy - b.cy)
      .map(
        (b) =>
          `<ellipse cx="${f(b.cx)}" cy="${f(b.cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${b.color}"/>` +
          `<path d="M${f(b.cx - 6)} ${f(b.cy + ry + 8)}L${f(b.cx + 6)} ${f(b.cy + ry + 8)}L${f(b.cx)} ${f(b.cy + ry - 2)}Z" fill="${b.color}"/>` +
          `<ellipse cx="${f(b.cx - rx * 0.38)}" cy="${f(b.cy - ry * 0.42)}" rx="${f(rx * 0.2)}" ry="${f(ry * 0.3)}" fill="#FFFFFF" opacity="0.4" transform="rotate(-22 ${f(b.cx - rx * 0.38)} ${f(b.cy - ry * 0.42)})"/>`,
      )
      .join("");
    const bow = `<path d="M${f(knot.x)} ${f(knot.y)}l-16 -9v18zM${f(knot.x)} ${f(knot.y)}l16 -9v18z" fill="${p.accent}"/><circle cx="${f(knot.x)}" cy="${f(knot.y)}" r="4" fill="${p.accent}"/>`;
    return strings + shapes + bow;
  },
};
