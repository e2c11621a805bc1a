import { mix } from "../color";
import { between } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const plaid: MotifDrawing = {
  kind: "scatter",
  draw({ rng, p, box, uid }) {
    const clip = `${uid}-plaid`;
    const twill = `${uid}-twill`;
    const sett = Math.min(box.w, box.h) * 0.3;
    const ox = between(rng, 0, sett);
    const oy = between(rng, 0, sett);
    const dark = mix(p.primary, "#000000", 0.15);
    // One repeat of the tartan (the sett): a broad dark band, a gold stripe, a pair of pale lines.
    const threads = [
      { at: 0, width: 0.36, color: dark, opacity: 0.55 },
      { at: 0.18, width: 0.06, color: mix(dark, "#000000", 0.3), opacity: 0.5 },
      { at: 0.6, width: 0.035, color: p.accent, opacity: 0.9 },
      { at: 0.78, width: 0.018, color: p.secondary, opacity: 0.85 },
      { at: 0.84, width: 0.018, color: p.secondary, opacity: 0.85 },
    ];
    const bands: string[] = [];
    for (let k = -1; k * sett < box.w + sett; k++) {
      for (const t of threads) {
        const x = box.x + ox + (k + t.at) * sett;
        bands.push(`<rect x="${f(x - (t.width * sett) / 2)}" y="${f(box.y)}" width="${f(t.width * sett)}" height="${f(box.h)}" fill="${t.color}" opacity="${t.opacity}"/>`);
      }
    }
    for (let k = -1; k * sett < box.h + sett; k++) {
      for (const t of threads) {
        const y = box.y + oy + (k + t.at) * sett;
        bands.push(`<rect x="${f(box.x)}" y="${f(y - (t.width * sett) / 2)}" width="${f(box.w)}" height="${f(t.width * sett)}" fill="${t.color}" opacity="${t.opacity}"/>`);
      }
    }
    return (
      `<defs><clipPath id="${clip}"><rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" rx="10"/></clipPath>` +
      `<pattern id="${twill}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3" height="6" fill="#000000" opacity="0.08"/></pattern></defs>` +
      `<g clip-path="url(#${clip})">` +
      `<rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" fill="${p.background}"/>` +
      bands.join("") +
      `<rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" fill="url(#${twill})"/>` +
      `</g>`
    );
  },
};
