import { between, pick } from "../random";
import { flame } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const cake: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const cx = box.x + box.w / 2;
    const plateY = box.y + box.h * 0.92;
    const bottom = { w: box.w * 0.64, h: box.h * 0.24 };
    const top = { w: box.w * 0.44, h: box.h * 0.2 };
    const bottomY = plateY - 8 - bottom.h;
    const topY = bottomY - top.h;
    const frosting = (x: number, y: number, w: number, color: string) => {
      const n = 6;
      const step = w / n;
      let d = `M${f(x)} ${f(y)}H${f(x + w)}V${f(y + 12)}`;
      for (let i = n; i > 0; i--) {
        const depth = i % 2 === 0 ? 22 : 12;
        d += `Q${f(x + (i - 0.5) * step)} ${f(y + 12 + depth)} ${f(x + (i - 1) * step)} ${f(y + 12)}`;
      }
      return `<path d="${d}Z" fill="${color}"/>`;
    };
    const sprinkles = Array.from({ length: 18 }, () => {
      const x = between(rng, cx - bottom.w / 2 + 10, cx + bottom.w / 2 - 10);
      const y = between(rng, bottomY + 34, bottomY + bottom.h - 10);
      return `<rect x="${f(x)}" y="${f(y)}" width="8" height="3" rx="1.5" fill="${pick(rng, [p.accent, p.surface, p.secondary])}" transform="rotate(${f(between(rng, 0, 180))} ${f(x + 4)} ${f(y + 1.5)})"/>`;
    }).join("");
    const candles = [-2, -1, 0, 1, 2]
      .map((k) => {
        const x = cx + k * (top.w / 6);
        const h = 38;
        return (
          `<rect x="${f(x - 4)}" y="${f(topY - h)}" width="8" height="${h}" rx="2" fill="${k % 2 === 0 ? p.accent : p.surface}"/>` +
          `<path d="M${f(x - 4)} ${f(topY - h + 10)}l8 -5M${f(x - 4)} ${f(topY - h + 22)}l8 -5M${f(x - 4)} ${f(topY - h + 34)}l8 -5" stroke="${p.primary}" stroke-width="2"/>` +
          flame(x, topY - h - 3, 20)
        );
      })
      .join("");
    return (
      `<ellipse cx="${f(cx)}" cy="${f(plateY)}" rx="${f(box.w * 0.42)}" ry="14" fill="${p.surface}" stroke="${p.ink}" stroke-opacity="0.25" stroke-width="2"/>` +
      `<rect x="${f(cx - bottom.w / 2)}" y="${f(bottomY)}" width="${f(bottom.w)}" height="${f(bottom.h + 6)}" rx="8" fill="${p.primary}"/>` +
      frosting(cx - bottom.w / 2, bottomY, bottom.w, p.surface) +
      sprinkles +
      `<rect x="${f(cx - top.w / 2)}" y="${f(topY)}" width="${f(top.w)}" height="${f(top.h + 4)}" rx="8" fill="${p.secondary}"/>` +
      frosting(cx - top.w / 2, topY, top.w, p.surface) +
      candles
    );
  },
};
