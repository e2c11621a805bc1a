import { mix } from "../color";
import { between } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

/** Five tulips standing in a clear glass vase, their stems visible through the water. */
export const tulips: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, uid }) {
    const s = Math.min(box.w, box.h) / 390;
    const cx = box.x + box.w / 2;
    const tableY = box.y + box.h * 0.97;
    const vaseW = box.w * 0.34;
    const vaseH = box.h * 0.44;
    const vaseTop = tableY - vaseH;
    const stem = mix(p.primary, "#2F6B3A", 0.35);
    const glass = `M${f(cx - vaseW / 2)} ${f(vaseTop)}L${f(cx - vaseW * 0.42)} ${f(tableY - 8 * s)}Q${f(cx - vaseW * 0.42)} ${f(tableY)} ${f(cx - vaseW * 0.34)} ${f(tableY)}H${f(cx + vaseW * 0.34)}Q${f(cx + vaseW * 0.42)} ${f(tableY)} ${f(cx + vaseW * 0.42)} ${f(tableY - 8 * s)}L${f(cx + vaseW / 2)} ${f(vaseTop)}Z`;
    const clip = `${uid}-vase`;
    const waterY = vaseTop + vaseH * 0.3;
    const colors = [p.secondary, mix(p.secondary, "#E4572E", 0.35), mix(p.secondary, "#FFFFFF", 0.35), p.secondary, mix(p.secondary, "#E4572E", 0.35)];
    const heads = [
      { x: -0.32, y: 0.32, a: -20 },
      { x: -0.15, y: 0.14, a: -8 },
      { x: 0.04, y: 0.26, a: 3 },
      { x: 0.2, y: 0.1, a: 12 },
      { x: 0.34, y: 0.3, a: 22 },
    ].map((h, i) => ({ x: cx + box.w * h.x + between(rng, -6, 6), y: box.y + box.h * h.y + between(rng, -6, 6), a: h.a, color: colors[i]!, foot: cx + (i - 2) * vaseW * 0.12 }));
    const stems = heads
      .map((h) => `<path d="M${f(h.foot)} ${f(tableY - 10 * s)}Q${f(h.foot)} ${f(vaseTop - 20 * s)} ${f(h.x)} ${f(h.y + 30 * s)}" stroke="${stem}" stroke-width="${f(5 * s)}" stroke-linecap="round" fill="none"/>`)
      .join("");
    const blade = (x: number, y: number, len: number, lean: number, color: string) =>
      `<path d="M${f(x - 6 * s)} ${f(y)}Q${f(x + lean * 0.3)} ${f(y - len * 0.6)} ${f(x + lean)} ${f(y - len)}Q${f(x + lean * 0.5)} ${f(y - len * 0.5)} ${f(x + 8 * s)} ${f(y)}Z" fill="${color}"/>`;
    const leaves =
      blade(cx - vaseW * 0.2, vaseTop + 30 * s, box.h * 0.32, -box.w * 0.28, stem) +
      blade(cx + vaseW * 0.15, vaseTop + 30 * s, box.h * 0.36, box.w * 0.3, mix(stem, "#FFFFFF", 0.15)) +
      blade(cx, vaseTop + 30 * s, box.h * 0.26, box.w * 0.08, mix(stem, "#000000", 0.1));
    const r = 34 * s;
    const flower = (h: (typeof heads)[number]) => {
      const deep = mix(h.color, p.accent, 0.3);
      return (
        `<g transform="translate(${f(h.x)} ${f(h.y)}) rotate(${f(h.a)})">` +
        `<path d="M${f(-r)} ${f(-r * 0.6)}Q${f(-r * 1.05)} ${f(r * 0.9)} 0 ${f(r * 1.05)}Q${f(r * 1.05)} ${f(r * 0.9)} ${f(r)} ${f(-r * 0.6)}L${f(r * 0.45)} ${f(-r * 0.05)}L0 ${f(-r * 0.75)}L${f(-r * 0.45)} ${f(-r * 0.05)}Z" fill="${deep}"/>` +
        `<path d="M${f(-r * 0.62)} ${f(-r * 0.35)}Q${f(-r * 0.75)} ${f(r * 0.85)} 0 ${f(r * 1.02)}Q${f(r * 0.75)} ${f(r * 0.85)} ${f(r * 0.62)} ${f(-r * 0.35)}Q${f(r * 0.3)} ${f(-r * 0.9)} 0 ${f(-r * 0.95)}Q${f(-r * 0.3)} ${f(-r * 0.9)} ${f(-r * 0.62)} ${f(-r * 0.35)}Z" fill="${h.color}"/>` +
        `<path d="M${f(-r * 0.3)} ${f(-r * 0.2)}Q${f(-r * 0.36)} ${f(r * 0.4)} ${f(-r * 0.1)} ${f(r * 0.7)}" stroke="#FFFFFF" stroke-opacity="0.45" stroke-width="${f(3 * s)}" stroke-linecap="round" fill="none"/>` +
        `</g>`
      );
    };
    return (
      `<defs><clipPath id="${clip}"><path d="${glass}"/></clipPath></defs>` +
      `<ellipse cx="${f(cx)}" cy="${f(tableY)}" rx="${f(box.w * 0.36)}" ry="${f(9 * s)}" fill="${p.ink}" opacity="0.1"/>` +
      leaves +
      stems +
      heads.map(flower).join("") +
      // The glass: tinted water below the line, a pale sheen above, and bright edges.
      `<g clip-path="url(#${clip})">` +
      `<rect x="${f(cx - vaseW)}" y="${f(vaseTop)}" width="${f(vaseW * 2)}" height="${f(vaseH)}" fill="${p.surface}" opacity="0.35"/>` +
      `<rect x="${f(cx - vaseW)}" y="${f(waterY)}" width="${f(vaseW * 2)}" height="${f(vaseH)}" fill="${mix(p.accent, p.surface, 0.55)}" opacity="0.45"/>` +
      `<path d="M${f(cx - vaseW)} ${f(waterY)}H${f(cx + vaseW)}" stroke="${p.surface}" stroke-width="${f(3 * s)}"/>` +
      `<rect x="${f(cx - vaseW * 0.34)}" y="${f(vaseTop + 10 * s)}" width="${f(vaseW * 0.08)}" height="${f(vaseH * 0.78)}" rx="${f(4 * s)}" fill="#FFFFFF" opacity="0.55"/>` +
      `<rect x="${f(cx + vaseW * 0.26)}" y="${f(vaseTop + 10 * s)}" width="${f(vaseW * 0.04)}" height="${f(vaseH * 0.6)}" rx="${f(2 * s)}" fill="#FFFFFF" opacity="0.4"/>` +
      `</g>` +
      `<path d="${glass}" fill="none" stroke="${mix(p.accent, p.surface, 0.35)}" stroke-width="${f(3 * s)}" stroke-linejoin="round"/>` +
      `<ellipse cx="${f(cx)}" cy="${f(vaseTop)}" rx="${f(vaseW / 2)}" ry="${f(6 * s)}" fill="none" stroke="${mix(p.accent, p.surface, 0.35)}" stroke-width="${f(3 * s)}"/>`
    );
  },
};
