import { mix } from "../color";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

/** A close view of a suit: jacket lapels, a crisp collar and a striped necktie, a pocket square. */
export const necktie: MotifDrawing = {
  kind: "scene",
  draw({ p, box, uid }) {
    const clip = `${uid}-suit`;
    const tieClip = `${uid}-tie`;
    const b = box;
    const cx = b.x + b.w / 2;
    const s = Math.min(b.w, b.h * 0.85) / 320;
    const jacket = mix(p.primary, p.ink, 0.25);
    const jacketLight = mix(p.primary, "#FFFFFF", 0.08);
    const shirt = p.surface;
    const shirtShade = mix(p.surface, p.secondary, 0.45);
    const tie = p.accent;
    const collarY = b.y + b.h * 0.1;
    const neckW = 70 * s;
    const knotTop = collarY + 30 * s;
    const knotH = 40 * s;
    const knot = `M${f(cx - 26 * s)} ${f(knotTop)}H${f(cx + 26 * s)}L${f(cx + 16 * s)} ${f(knotTop + knotH)}H${f(cx - 16 * s)}Z`;
    const blade = `M${f(cx - 16 * s)} ${f(knotTop + knotH - 2)}H${f(cx + 16 * s)}L${f(cx + 40 * s)} ${f(b.y + b.h * 0.84)}L${f(cx)} ${f(b.y + b.h * 0.92)}L${f(cx - 40 * s)} ${f(b.y + b.h * 0.84)}Z`;
    const stripes = Array.from({ length: 12 }, (_, k) => {
      const y = knotTop + k * 34 * s;
      return `<path d="M${f(cx - 60 * s)} ${f(y + 30 * s)}L${f(cx + 60 * s)} ${f(y - 20 * s)}" stroke="${p.primary}" stroke-width="${f(7 * s)}"/><path d="M${f(cx - 60 * s)} ${f(y + 44 * s)}L${f(cx + 60 * s)} ${f(y - 6 * s)}" stroke="${p.secondary}" stroke-width="${f(2.5 * s)}"/>`;
    }).join("");
    return (
      `<defs><clipPath id="${clip}"><rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.w)}" height="${f(b.h)}" rx="14"/></clipPath><clipPath id="${tieClip}"><path d="${knot}"/><path d="${blade}"/></clipPath></defs>` +
      `<g clip-path="url(#${clip})">` +
      `<rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.w)}" height="${f(b.h)}" fill="${mix(p.background, p.secondary, 0.35)}"/>` +
      // Shirt front, all but its collar hidden by the tie and the jacket.
      `<path d="M${f(cx - b.w * 0.3)} ${f(collarY)}H${f(cx + b.w * 0.3)}V${f(b.y + b.h + 4)}H${f(cx - b.w * 0.3)}Z" fill="${shirt}"/>` +
      // Jacket: shoulders to the edges, lapels folding back in a deep V.
      `<path d="M${f(b.x - 4)} ${f(b.y + b.h * 0.12)}Q${f(b.x + b.w * 0.1)} ${f(collarY - 6 * s)} ${f(cx - neckW)} ${f(collarY - 4 * s)}L${f(cx - 22 * s)} ${f(b.y + b.h * 0.78)}L${f(cx - 10 * s)} ${f(b.y + b.h + 4)}H${f(b.x - 4)}Z" fill="${jacket}"/>` +
      `<path d="M${f(b.x + b.w + 4)} ${f(b.y + b.h * 0.12)}Q${f(b.x + b.w * 0.9)} ${f(collarY - 6 * s)} ${f(cx + neckW)} ${f(collarY - 4 * s)}L${f(cx + 22 * s)} ${f(b.y + b.h * 0.78)}L${f(cx + 10 * s)} ${f(b.y + b.h + 4)}H${f(b.x + b.w + 4)}Z" fill="${jacket}"/>` +
      `<path d="M${f(cx - neckW)} ${f(collarY - 4 * s)}L${f(cx - neckW - 44 * s)} ${f(b.y + b.h * 0.3)}L${f(cx - neckW - 8 * s)} ${f(b.y + b.h * 0.36)}L${f(cx - 22 * s)} ${f(b.y + b.h * 0.78)}Z" fill="${jacketLight}"/>` +
      `<path d="M${f(cx + neckW)} ${f(collarY - 4 * s)}L${f(cx + neckW + 44 * s)} ${f(b.y + b.h * 0.3)}L${f(cx + neckW + 8 * s)} ${f(b.y + b.h * 0.36)}L${f(cx + 22 * s)} ${f(b.y + b.h * 0.78)}Z" fill="${jacketLight}"/>` +
      `<path d="M${f(cx - neckW - 44 * s)} ${f(b.y + b.h * 0.3)}L${f(cx - neckW - 8 * s)} ${f(b.y + b.h * 0.36)}M${f(cx + neckW + 44 * s)} ${f(b.y + b.h * 0.3)}L${f(cx + neckW + 8 * s)} ${f(b.y + b.h * 0.36)}" stroke="${jacket}" stroke-width="${f(3 * s)}"/>` +
      // Breast pocket with a folded square peeking out.
      `<path d="M${f(b.x + b.w * 0.78)} ${f(b.y + b.h * 0.5)}l${f(10 * s)} ${f(-24 * s)}l${f(10 * s)} ${f(14 * s)}l${f(12 * s)} ${f(-22 * s)}l${f(8 * s)} ${f(32 * s)}Z" fill="${p.secondary}"/>` +
      `<rect x="${f(b.x + b.w * 0.74)}" y="${f(b.y + b.h * 0.5)}" width="${f(60 * s)}" height="${f(8 * s)}" rx="${f(2 * s)}" fill="${mix(jacket, "#000000", 0.2)}"/>` +
      // Collar points over the tie's knot.
      `<path d="${knot}" fill="${tie}"/><path d="${blade}" fill="${tie}"/>` +
      `<g clip-path="url(#${tieClip})">${stripes}<path d="M${f(cx)} ${f(knotTop)}V${f(b.y + b.h)}H${f(cx + 60 * s)}V${f(knotTop)}Z" fill="#000000" opacity="0.1"/></g>` +
      `<path d="M${f(cx - neckW * 0.6)} ${f(collarY - 2)}L${f(cx - 4 * s)} ${f(knotTop + 6 * s)}L${f(cx - 34 * s)} ${f(knotTop + 40 * s)}L${f(cx - neckW * 0.95)} ${f(collarY + 20 * s)}Z" fill="${shirt}"/>` +
      `<path d="M${f(cx + neckW * 0.6)} ${f(collarY - 2)}L${f(cx + 4 * s)} ${f(knotTop + 6 * s)}L${f(cx + 34 * s)} ${f(knotTop + 40 * s)}L${f(cx + neckW * 0.95)} ${f(collarY + 20 * s)}Z" fill="${shirt}"/>` +
      `<path d="M${f(cx - neckW * 0.6)} ${f(collarY - 2)}L${f(cx - 4 * s)} ${f(knotTop + 6 * s)}L${f(cx - 34 * s)} ${f(knotTop + 40 * s)}M${f(cx + neckW * 0.6)} ${f(collarY - 2)}L${f(cx + 4 * s)} ${f(knotTop + 6 * s)}L${f(cx + 34 * s)} ${f(knotTop + 40 * s)}" stroke="${shirtShade}" stroke-width="${f(2.5 * s)}" stroke-linejoin="round" fill="none"/>` +
      `<path d="M${f(cx - neckW * 0.62)} ${f(collarY - 2)}Q${f(cx)} ${f(collarY + 16 * s)} ${f(cx + neckW * 0.62)} ${f(collarY - 2)}V${f(b.y - 4)}H${f(cx - neckW * 0.62)}Z" fill="${mix(p.background, p.secondary, 0.35)}"/>` +
      // A hanger's hook above the collar: the suit is hung up, not worn.
      `<path d="M${f(cx)} ${f(collarY + 4 * s)}V${f(b.y + 26 * s)}C${f(cx)} ${f(b.y + 6 * s)} ${f(cx + 26 * s)} ${f(b.y + 6 * s)} ${f(cx + 26 * s)} ${f(b.y + 24 * s)}" stroke="${p.ink}" stroke-width="${f(5 * s)}" stroke-linecap="round" fill="none"/>` +
      `</g>`
    );
  },
};
