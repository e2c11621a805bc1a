import { between } from "../random";
import { flame, starPoints } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const menorah: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const cx = box.x + box.w / 2;
    const cupY = box.y + box.h * 0.52;
    const dx = (box.w * 0.84) / 8;
    const metal = p.primary;
    const parts: string[] = [];
    for (let k = 1; k <= 4; k++) {
      parts.push(`<path d="M${f(cx - k * dx)} ${f(cupY)}A${f(k * dx)} ${f(k * dx * 0.85)} 0 0 0 ${f(cx + k * dx)} ${f(cupY)}" stroke="${metal}" stroke-width="6" fill="none"/>`);
    }
    const baseY = box.y + box.h * 0.93;
    parts.push(`<path d="M${f(cx)} ${f(cupY - 30)}V${f(baseY - 14)}" stroke="${metal}" stroke-width="9"/>`);
    parts.push(`<path d="M${f(cx - 60)} ${f(baseY)}Q${f(cx)} ${f(baseY - 40)} ${f(cx + 60)} ${f(baseY)}Z" fill="${metal}"/>`);
    for (let k = -4; k <= 4; k++) {
      const x = cx + k * dx;
      const top = k === 0 ? cupY - 30 : cupY;
      const h = 42;
      parts.push(`<rect x="${f(x - 11)}" y="${f(top - 8)}" width="22" height="9" rx="3" fill="${metal}"/>`);
      parts.push(`<rect x="${f(x - 5)}" y="${f(top - 8 - h)}" width="10" height="${h}" rx="2" fill="${k === 0 ? p.surface : p.secondary}"/>`);
      parts.push(flame(x, top - 8 - h - 3, 22));
    }
    for (let i = 0; i < 16; i++) {
      const x = between(rng, box.x, box.x + box.w);
      const y = between(rng, box.y, box.y + box.h * 0.28);
      parts.push(`<polygon points="${starPoints(x, y, between(rng, 4, 8), 2, 6)}" fill="${p.secondary}" opacity="0.7"/>`);
    }
    return parts.join("");
  },
};
