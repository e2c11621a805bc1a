import { mix } from "../color";
import { between } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const beach: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, uid }) {
    const clip = `${uid}-beach`;
    const s = Math.min(box.w / 320, box.h / 400);
    const horizon = box.y + box.h * 0.48;
    const shore = box.y + box.h * 0.66;
    const sand = mix("#F2D49B", p.background, 0.15);
    const sunX = box.x + box.w * 0.3;
    const sunY = box.y + box.h * 0.2;
    const trunkBase = { x: box.x + box.w * 0.8, y: box.y + box.h * 0.9 };
    const crown = { x: box.x + box.w * 0.6, y: box.y + box.h * 0.24 };
    const trunkColor = mix("#9C6B3C", p.ink, 0.15);
    const rings = Array.from({ length: 9 }, (_, i) => {
      const t = (i + 0.5) / 9;
      const x = trunkBase.x + (crown.x - trunkBase.x) * t + Math.sin(t * Math.PI) * 20 * s;
      const y = trunkBase.y + (crown.y - trunkBase.y) * t;
      return `<path d="M${f(x - 8 * s)} ${f(y)}q${f(8 * s)} ${f(5 * s)} ${f(16 * s)} 0" stroke="${mix(trunkColor, "#000000", 0.3)}" stroke-width="${f(2 * s)}" fill="none"/>`;
    }).join("");
    const leafColor = mix("#3E8E5A", p.primary, 0.2);
    // Each frond is a drooping arc with a leafy edge of short strokes.
    const fronds = [-160, -120, -70, -30, 10, 200]
      .map((deg, i) => {
        const a = (deg * Math.PI) / 180;
        const len = (i % 2 === 0 ? 110 : 90) * s;
        const ex = crown.x + Math.cos(a) * len;
        const ey = crown.y + Math.sin(a) * len * 0.55 + 40 * s;
        const mx = crown.x + Math.cos(a) * len * 0.5;
        const my = crown.y + Math.sin(a) * len * 0.5 - 20 * s;
        return (
          `<path d="M${f(crown.x)} ${f(crown.y)}Q${f(mx)} ${f(my - 16 * s)} ${f(ex)} ${f(ey)}Q${f(mx)} ${f(my + 10 * s)} ${f(crown.x)} ${f(crown.y + 6 * s)}Z" fill="${i % 2 === 0 ? leafColor : mix(leafColor, "#000000", 0.2)}"/>` +
          `<path d="M${f(crown.x)} ${f(crown.y + 2 * s)}Q${f(mx)} ${f(my - 4 * s)} ${f(ex)} ${f(ey)}" stroke="${mix(leafColor, "#000000", 0.35)}" stroke-width="${f(1.5 * s)}" fill="none"/>`
        );
      })
      .join("");
    const ux = box.x + box.w * 0.3;
    const uy = box.y + box.h * 0.62;
    const ur = 70 * s;
    const stripes = Array.from({ length: 6 }, (_, i) => {
      const a0 = Math.PI + (i * Math.PI) / 6;
      const a1 = Math.PI + ((i + 1) * Math.PI) / 6;
      return `<path d="M${f(ux)} ${f(uy)}L${f(ux + ur * Math.cos(a0))} ${f(uy + ur * Math.sin(a0) * 0.8)}A${f(ur)} ${f(ur * 0.8)} 0 0 1 ${f(ux + ur * Math.cos(a1))} ${f(uy + ur * Math.sin(a1) * 0.8)}Z" fill="${i % 2 === 0 ? p.accent : p.surface}"/>`;
    }).join("");
    const scallops = Array.from({ length: 6 }, (_, i) => {
      const x0 = ux - ur + (i * 2 * ur) / 6;
      return `<path d="M${f(x0)} ${f(uy)}q${f(ur / 6)} ${f(10 * s)} ${f(ur / 3)} 0Z" fill="${i % 2 === 0 ? p.accent : p.surface}"/>`;
    }).join("");
    const ballX = box.x + box.w * 0.56;
    const ballY = box.y + box.h * 0.86;
    const br = 16 * s;
    const sparkles = Array.from({ length: 5 }, () => {
      const x = between(rng, box.x + 20, box.x + box.w - 20);
      const y = between(rng, horizon + 8, shore - 10);
      return `<path d="M${f(x)} ${f(y)}h${f(between(rng, 12, 26) * s)}" stroke="${p.surface}" stroke-width="2" stroke-linecap="round" opacity="0.8"/>`;
    }).join("");
    return (
      `<defs><clipPath id="${clip}"><rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" rx="14"/></clipPath></defs>` +
      `<g clip-path="url(#${clip})">` +
      `<rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" fill="${mix(p.secondary, p.surface, 0.6)}"/>` +
      `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(44 * s)}" fill="${p.accent}" opacity="0.25"/>` +
      `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(30 * s)}" fill="${p.accent}"/>` +
      `<rect x="${f(box.x)}" y="${f(horizon)}" width="${f(box.w)}" height="${f(shore - horizon + 10)}" fill="${p.primary}"/>` +
      `<rect x="${f(box.x)}" y="${f(horizon)}" width="${f(box.w)}" height="${f(10 * s)}" fill="${mix(p.primary, p.ink, 0.3)}"/>` +
      sparkles +
      `<path d="M${f(box.x)} ${f(shore)}Q${f(box.x + box.w * 0.5)} ${f(shore - 16 * s)} ${f(box.x + box.w)} ${f(shore + 4 * s)}V${f(box.y + box.h)}H${f(box.x)}Z" fill="${p.surface}"/>` +
      `<path d="M${f(box.x)} ${f(shore + 8 * s)}Q${f(box.x + box.w * 0.5)} ${f(shore - 8 * s)} ${f(box.x + box.w)} ${f(shore + 12 * s)}V${f(box.y + box.h)}H${f(box.x)}Z" fill="${sand}"/>` +
      `<path d="M${f(trunkBase.x - 12 * s)} ${f(trunkBase.y)}Q${f((trunkBase.x + crown.x) / 2 + 30 * s)} ${f((trunkBase.y + crown.y) / 2)} ${f(crown.x - 5 * s)} ${f(crown.y)}L${f(crown.x + 5 * s)} ${f(crown.y)}Q${f((trunkBase.x + crown.x) / 2 + 44 * s)} ${f((trunkBase.y + crown.y) / 2)} ${f(trunkBase.x + 12 * s)} ${f(trunkBase.y)}Z" fill="${trunkColor}"/>` +
      rings +
      fronds +
      `<circle cx="${f(crown.x - 6 * s)}" cy="${f(crown.y + 8 * s)}" r="${f(7 * s)}" fill="${mix(trunkColor, "#000000", 0.25)}"/>` +
      `<circle cx="${f(crown.x + 7 * s)}" cy="${f(crown.y + 10 * s)}" r="${f(7 * s)}" fill="${mix(trunkColor, "#000000", 0.35)}"/>` +
      `<ellipse cx="${f(ux + 20 * s)}" cy="${f(box.y + box.h * 0.93)}" rx="${f(56 * s)}" ry="${f(8 * s)}" fill="${p.ink}" opacity="0.12"/>` +
      `<path d="M${f(ux)} ${f(uy - 6 * s)}L${f(ux + 10 * s)} ${f(box.y + box.h * 0.93)}" stroke="${p.ink}" stroke-width="${f(4 * s)}" stroke-linecap="round"/>` +
      stripes +
      scallops +
      `<circle cx="${f(ux)}" cy="${f(uy - ur * 0.8 - 4 * s)}" r="${f(5 * s)}" fill="${p.ink}"/>` +
      `<circle cx="${f(ballX)}" cy="${f(ballY)}" r="${f(br)}" fill="${p.surface}"/>` +
      `<path d="M${f(ballX)} ${f(ballY - br)}A${f(br)} ${f(br)} 0 0 1 ${f(ballX + br)} ${f(ballY)}L${f(ballX)} ${f(ballY)}Z" fill="${p.accent}"/>` +
      `<path d="M${f(ballX)} ${f(ballY + br)}A${f(br)} ${f(br)} 0 0 1 ${f(ballX - br)} ${f(ballY)}L${f(ballX)} ${f(ballY)}Z" fill="${p.primary}"/>` +
      `</g>`
    );
  },
};
