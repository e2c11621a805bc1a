import { mix } from "../color";
import { between } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const sunburst: MotifDrawing = {
  kind: "scatter",
  draw({ rng, p, box, uid }) {
    const clip = `${uid}-sunburst`;
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h;
    const far = Math.hypot(box.w, box.h) * 1.1;
    const rays = 22;
    const turn = between(rng, -0.04, 0.04);
    // Wedges fan out over the top half-turn only: the sun sits on the bottom edge.
    const wedges = Array.from({ length: rays }, (_, i) => {
      if (i % 2 === 1) return "";
      const a0 = Math.PI + (i * Math.PI) / rays + turn;
      const a1 = Math.PI + ((i + 1) * Math.PI) / rays + turn;
      return `<path d="M${f(cx)} ${f(cy)}L${f(cx + far * Math.cos(a0))} ${f(cy + far * Math.sin(a0))}L${f(cx + far * Math.cos(a1))} ${f(cy + far * Math.sin(a1))}Z" fill="${mix(p.secondary, p.background, 0.45)}"/>`;
    }).join("");
    const bandColors = [p.accent, p.primary, p.secondary, mix(p.secondary, p.surface, 0.55)];
    const unit = Math.min(box.w, box.h) * 0.075;
    const sun = bandColors
      .map((color, i) => `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(unit * (4 - i) + unit * 0.6)}" fill="${color}"/>`)
      .join("");
    // Groovy seventies stripes ripple across the top, over the rays.
    const stripes = bandColors
      .slice(0, 3)
      .map((color, i) => {
        const y = box.y + box.h * 0.1 + i * unit * 0.5;
        const swing = unit * 0.9;
        return `<path d="M${f(box.x - 10)} ${f(y)}C${f(box.x + box.w * 0.3)} ${f(y - swing)} ${f(box.x + box.w * 0.6)} ${f(y + swing)} ${f(box.x + box.w + 10)} ${f(y)}" stroke="${color}" stroke-width="${f(unit * 0.44)}" fill="none"/>`;
      })
      .join("");
    return (
      `<defs><clipPath id="${clip}"><rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" rx="10"/></clipPath></defs>` +
      `<g clip-path="url(#${clip})">${wedges}${stripes}${sun}</g>`
    );
  },
};
