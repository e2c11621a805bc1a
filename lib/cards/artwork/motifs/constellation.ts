import { mix } from "../color";
import { between } from "../random";
import { sparkle } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const constellation: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, uid, dark }) {
    const clip = `${uid}-constellation`;
    const glow = `${uid}-dusk`;
    const s = Math.min(box.w / 320, box.h / 400);
    // A night sky whatever the card stock: on light palettes the sky is drawn from the ink.
    const sky = dark ? p.background : mix(p.accent, p.ink, 0.6);
    const light = dark ? p.ink : p.surface;
    const star = p.primary;
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h * 0.38;
    const k = Math.min(box.w, box.h) * 0.024;
    // The classic heart curve, sampled unevenly so it reads as stars someone joined up.
    const ts = [0, 0.55, 1.05, 1.55, 2.15, 2.75, 3.14, 3.55, 4.1, 4.75, 5.25, 5.75];
    const pts = ts.map((t) => ({
      x: cx + 16 * Math.sin(t) ** 3 * k + between(rng, -4, 4),
      y: cy - (13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t)) * k + between(rng, -4, 4),
    }));
    const path = pts.map((pt, i) => `${i === 0 ? "M" : "L"}${f(pt.x)} ${f(pt.y)}`).join("") + "Z";
    const stars = pts
      .map((pt, i) => {
        const r = (i % 3 === 0 ? 5.5 : 3.8) * s;
        return `<circle cx="${f(pt.x)}" cy="${f(pt.y)}" r="${f(r * 2.6)}" fill="${star}" opacity="0.18"/><circle cx="${f(pt.x)}" cy="${f(pt.y)}" r="${f(r)}" fill="${star}"/>`;
      })
      .join("");
    const dust = Array.from({ length: 46 }, () => {
      const x = between(rng, box.x + 6, box.x + box.w - 6);
      const y = between(rng, box.y + 6, box.y + box.h * 0.78);
      return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 0.8, 2))}" fill="${light}" opacity="${f(between(rng, 0.3, 0.8))}"/>`;
    }).join("");
    const shootX = box.x + box.w * 0.78;
    const shootY = box.y + box.h * 0.1;
    const hill = (base: number, rise: number, color: string) =>
      `<path d="M${f(box.x)} ${f(base)}Q${f(box.x + box.w * 0.3)} ${f(base - rise)} ${f(box.x + box.w * 0.6)} ${f(base - rise * 0.4)}T${f(box.x + box.w)} ${f(base - rise * 0.7)}V${f(box.y + box.h)}H${f(box.x)}Z" fill="${color}"/>`;
    return (
      `<defs><clipPath id="${clip}"><rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" rx="14"/></clipPath>` +
      `<linearGradient id="${glow}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(sky, "#000000", 0.25)}"/><stop offset="0.65" stop-color="${mix(sky, p.secondary, 0.35)}"/><stop offset="1" stop-color="${mix(p.secondary, p.primary, 0.5)}"/></linearGradient></defs>` +
      `<g clip-path="url(#${clip})">` +
      `<rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" fill="url(#${glow})"/>` +
      dust +
      `<path d="M${f(shootX)} ${f(shootY)}l${f(-60 * s)} ${f(26 * s)}" stroke="${light}" stroke-width="2" stroke-linecap="round" opacity="0.5"/>` +
      sparkle(shootX, shootY, 7 * s, light) +
      `<path d="${path}" stroke="${light}" stroke-width="${f(1.6 * s)}" stroke-linejoin="round" fill="none" opacity="0.75"/>` +
      stars +
      sparkle(pts[0]!.x, pts[0]!.y, 14 * s, light) +
      sparkle(pts[6]!.x, pts[6]!.y, 12 * s, light) +
      hill(box.y + box.h * 0.9, box.h * 0.14, mix(sky, "#000000", 0.2)) +
      hill(box.y + box.h * 0.98, box.h * 0.08, mix(sky, "#000000", 0.38)) +
      `</g>`
    );
  },
};
