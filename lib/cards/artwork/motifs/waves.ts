import { mix } from "../color";
import { between } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const waves: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, uid }) {
    const clip = `${uid}-waves`;
    const sunX = box.x + box.w * between(rng, 0.62, 0.78);
    const sunY = box.y + box.h * 0.3;
    const colors = [p.secondary, mix(p.secondary, p.primary, 0.5), p.primary, mix(p.primary, p.ink, 0.35)];
    const bands = colors
      .map((color, i) => {
        const y = box.y + box.h * (0.5 + i * 0.12);
        const amp = 10 + i * 3;
        const waves = 2 + (i % 2);
        const step = box.w / waves;
        const phase = between(rng, -step / 2, 0);
        let d = `M${f(box.x - step + phase)} ${f(y)}`;
        for (let k = -1; k <= waves + 1; k++) {
          const x0 = box.x + k * step + phase;
          d += `Q${f(x0 + step / 4)} ${f(y - amp)} ${f(x0 + step / 2)} ${f(y)}T${f(x0 + step)} ${f(y)}`;
        }
        d += `V${f(box.y + box.h + 2)}H${f(box.x - step)}Z`;
        return `<path d="${d}" fill="${color}"/>`;
      })
      .join("");
    const birds = [0, 1, 2]
      .map((i) => {
        const x = box.x + box.w * (0.18 + i * 0.09) + between(rng, -6, 6);
        const y = box.y + box.h * (0.18 + (i % 2) * 0.06);
        return `<path d="M${f(x - 9)} ${f(y)}q4.5 -6 9 0q4.5 -6 9 0" stroke="${p.ink}" stroke-opacity="0.55" stroke-width="2" fill="none" stroke-linecap="round"/>`;
      })
      .join("");
    return (
      `<defs><clipPath id="${clip}"><rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" rx="14"/></clipPath></defs>` +
      `<g clip-path="url(#${clip})"><rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" fill="${mix(p.background, p.surface, 0.5)}"/>` +
      `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(box.w * 0.13)}" fill="${p.accent}"/>` +
      `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(box.w * 0.19)}" fill="${p.accent}" opacity="0.2"/>` +
      birds +
      bands +
      `</g>`
    );
  },
};
