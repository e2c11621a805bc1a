import { mix } from "../color";
import { between } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

/** A white dove with an olive sprig, flying over moonlit snowy hills. */
export const dove: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, uid, dark }) {
    const clip = `${uid}-dove`;
    // On light card stock the white bird needs a dusk sky of its own behind it.
    const sky = dark ? "" : `<rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" rx="14" fill="${mix(p.ink, p.accent, 0.3)}"/>`;
    const white = dark ? p.surface : "#FFFFFF";
    const line = dark ? p.background : p.accent;
    const glowX = box.x + box.w * 0.55;
    const glowY = box.y + box.h * 0.4;
    const r = Math.min(box.w, box.h) * 0.36;
    const halo = [1.2, 1, 0.8]
      .map((k, i) => `<circle cx="${f(glowX)}" cy="${f(glowY)}" r="${f(r * k)}" fill="${p.secondary}" opacity="${f(0.1 + i * 0.06)}"/>`)
      .join("");
    const hill = (y: number, amp: number, color: string) => {
      const x0 = box.x - 10;
      const x1 = box.x + box.w + 10;
      return `<path d="M${f(x0)} ${f(y)}C${f(x0 + (x1 - x0) * 0.3)} ${f(y - amp)} ${f(x0 + (x1 - x0) * 0.6)} ${f(y + amp * 0.6)} ${f(x1)} ${f(y - amp * 0.4)}V${f(box.y + box.h + 4)}H${f(x0)}Z" fill="${color}"/>`;
    };
    const snowShade = mix(p.surface, p.secondary, 0.45);
    const pine = (x: number, base: number, h: number) =>
      `<path d="M${f(x)} ${f(base - h)}L${f(x + h * 0.3)} ${f(base - h * 0.35)}H${f(x + h * 0.14)}L${f(x + h * 0.38)} ${f(base)}H${f(x - h * 0.38)}L${f(x - h * 0.14)} ${f(base - h * 0.35)}H${f(x - h * 0.3)}Z" fill="${mix(p.background, p.secondary, 0.25)}"/>`;
    const ground1 = box.y + box.h * 0.8;
    const trees = [0.1, 0.19, 0.83, 0.9]
      .map((t, i) => pine(box.x + box.w * t + between(rng, -4, 4), ground1 + (i < 2 ? 2 : -6), box.h * between(rng, 0.1, 0.15)))
      .join("");

    // The dove is drawn facing left in a 200 x 160 frame, then placed and scaled.
    const s = (Math.min(box.w, box.h) * 0.82) / 200;
    const ox = box.x + box.w / 2 - 100 * s;
    const oy = box.y + box.h * 0.14;
    const leaf = (x: number, y: number, a: number) =>
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="9" ry="3.6" transform="rotate(${f(a)} ${f(x)} ${f(y)})"/>`;
    const olive = "#7BA05B";
    const bird =
      // Far wing, behind the body, in shadow.
      `<path d="M96 78C104 44 124 20 160 6C152 22 150 30 156 34C146 40 144 48 150 52C138 58 134 66 138 72C124 78 112 84 100 90Z" fill="${mix(white, p.secondary, 0.45)}"/>` +
      // Tail fan.
      `<path d="M140 92L192 80L188 90L198 96L188 102L194 112L142 108Z" fill="${mix(white, p.secondary, 0.25)}"/>` +
      // Body and head.
      `<path d="M40 78C40 62 52 54 64 56C76 58 82 70 96 74C122 80 146 88 150 100C140 116 96 120 70 108C56 102 44 94 40 78Z" fill="${white}"/>` +
      `<circle cx="52" cy="68" r="15" fill="${white}"/>` +
      `<path d="M38 64L22 70L38 74Z" fill="${p.primary}"/>` +
      `<circle cx="47" cy="65" r="2.6" fill="${line}"/>` +
      // Near wing, raised, with feathered tips.
      `<path d="M70 84C76 50 96 22 132 2C126 18 126 26 132 30C120 36 118 44 124 50C110 56 108 64 112 70C100 76 90 84 80 96Z" fill="${white}"/>` +
      `<path d="M84 74C96 56 110 44 124 36M92 82C102 70 112 62 122 56" stroke="${mix(white, p.secondary, 0.5)}" stroke-width="2.5" stroke-linecap="round" fill="none"/>` +
      // Olive sprig held in the beak.
      `<path d="M30 71C20 80 8 84 -6 86" stroke="${mix(olive, "#000000", 0.2)}" stroke-width="2.4" stroke-linecap="round" fill="none"/>` +
      `<g fill="${olive}">${leaf(20, 73, -30)}${leaf(14, 84, 30)}${leaf(4, 78, -20)}${leaf(-2, 90, 25)}${leaf(-8, 82, -10)}</g>` +
      `<circle cx="8" cy="88" r="3.6" fill="${p.primary}"/><circle cx="-4" cy="93" r="3.2" fill="${mix(p.primary, olive, 0.4)}"/>`;
    return (
      `<defs><clipPath id="${clip}"><rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" rx="14"/></clipPath></defs>` +
      sky +
      halo +
      `<g clip-path="url(#${clip})">` +
      hill(box.y + box.h * 0.78, box.h * 0.1, mix(p.background, p.secondary, 0.35)) +
      trees +
      hill(box.y + box.h * 0.88, -box.h * 0.06, snowShade) +
      hill(box.y + box.h * 0.93, box.h * 0.05, p.surface) +
      `</g>` +
      `<g transform="translate(${f(ox)} ${f(oy)}) scale(${s.toFixed(3)})">${bird}</g>`
    );
  },
};
