import { mix } from "../color";
import { between, pick } from "../random";
import { leafShape } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const flowers: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const count = 3 + Math.floor(rng() * 3);
    const baseY = box.y + box.h;
    const stemColor = mix(p.accent, "#2F6B3A", 0.5);
    const parts: string[] = [];
    const heads: string[] = [];
    for (let i = 0; i < count; i++) {
      const hx = box.x + box.w * (0.14 + (0.72 * i) / (count - 1)) + between(rng, -14, 14);
      const hy = box.y + box.h * between(rng, 0.2, 0.5);
      const sx = box.x + box.w / 2 + (hx - box.x - box.w / 2) * 0.25;
      parts.push(
        `<path d="M${f(sx)} ${f(baseY)}Q${f((sx + hx) / 2 + between(rng, -30, 30))} ${f((baseY + hy) / 2)} ${f(hx)} ${f(hy)}" stroke="${stemColor}" stroke-width="4" stroke-linecap="round" fill="none"/>`,
      );
      const ly = hy + (baseY - hy) * between(rng, 0.45, 0.65);
      const lx = sx + (hx - sx) * ((ly - baseY) / (hy - baseY));
      parts.push(leafShape(lx + 14, ly, 34, 60, mix(stemColor, "#FFFFFF", 0.15), mix(stemColor, "#000000", 0.2)));
      parts.push(leafShape(lx - 14, ly + 16, 30, -60, stemColor, mix(stemColor, "#000000", 0.2)));
      const petals = 5 + Math.floor(rng() * 4);
      const r = between(rng, 28, 44);
      const color = i % 2 === 0 ? p.primary : p.secondary;
      const rot = between(rng, 0, 90);
      const petalsSvg = Array.from({ length: petals }, (_, k) => {
        const a = rot + (k * 360) / petals;
        return `<ellipse cx="0" cy="${f(-r * 0.55)}" rx="${f(r * 0.32)}" ry="${f(r * 0.55)}" transform="rotate(${f(a)})"/>`;
      }).join("");
      heads.push(
        `<g transform="translate(${f(hx)} ${f(hy)})"><g fill="${color}">${petalsSvg}</g><circle r="${f(r * 0.3)}" fill="${p.accent}"/><circle r="${f(r * 0.14)}" fill="${mix(p.accent, "#FFFFFF", 0.35)}"/></g>`,
      );
    }
    for (let i = 0; i < 14; i++) {
      heads.push(
        `<circle cx="${f(between(rng, box.x, box.x + box.w))}" cy="${f(between(rng, box.y, box.y + box.h * 0.75))}" r="${f(between(rng, 2, 4.5))}" fill="${pick(rng, [p.primary, p.secondary, p.accent])}" opacity="0.6"/>`,
      );
    }
    return parts.join("") + heads.join("");
  },
};
