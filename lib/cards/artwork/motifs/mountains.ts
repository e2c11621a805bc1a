import { mix } from "../color";
import { between } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const mountains: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, uid }) {
    const clip = `${uid}-mountains`;
    const b = box;
    const ground = b.y + b.h;
    const peak = (x: number, y: number, half: number, color: string, snow: boolean) => {
      const sx = half * 0.3;
      const sy = (ground - y) * 0.3;
      return (
        `<path d="M${f(x - half)} ${f(ground)}L${f(x)} ${f(y)}L${f(x + half)} ${f(ground)}Z" fill="${color}"/>` +
        (snow
          ? `<path d="M${f(x - sx)} ${f(y + sy)}L${f(x)} ${f(y)}L${f(x + sx)} ${f(y + sy)}L${f(x + sx * 0.4)} ${f(y + sy * 0.8)}L${f(x)} ${f(y + sy * 1.05)}L${f(x - sx * 0.45)} ${f(y + sy * 0.8)}Z" fill="${p.surface}"/>`
          : "")
      );
    };
    return (
      `<defs><clipPath id="${clip}"><rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.w)}" height="${f(b.h)}" rx="14"/></clipPath></defs>` +
      `<g clip-path="url(#${clip})"><rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.w)}" height="${f(b.h)}" fill="${mix(p.background, p.surface, 0.55)}"/>` +
      `<circle cx="${f(b.x + b.w * between(rng, 0.6, 0.75))}" cy="${f(b.y + b.h * 0.3)}" r="${f(b.w * 0.12)}" fill="${p.accent}"/>` +
      peak(b.x + b.w * 0.22, b.y + b.h * 0.36, b.w * 0.42, p.secondary, false) +
      peak(b.x + b.w * 0.8, b.y + b.h * 0.4, b.w * 0.4, mix(p.secondary, p.primary, 0.4), false) +
      peak(b.x + b.w * 0.5, b.y + b.h * 0.22, b.w * 0.5, p.primary, true) +
      `<path d="M${f(b.x)} ${f(ground - b.h * 0.1)}Q${f(b.x + b.w * 0.5)} ${f(ground - b.h * 0.2)} ${f(b.x + b.w)} ${f(ground - b.h * 0.08)}V${f(ground)}H${f(b.x)}Z" fill="${mix(p.primary, p.ink, 0.35)}"/>` +
      [0.16, 0.3, 0.84]
        .map((t) => {
          const x = b.x + b.w * t;
          const y = ground - b.h * 0.12;
          return `<path d="M${f(x)} ${f(y - 34)}L${f(x + 13)} ${f(y)}H${f(x - 13)}Z" fill="${mix(p.primary, p.ink, 0.55)}"/>`;
        })
        .join("") +
      `</g>`
    );
  },
};
