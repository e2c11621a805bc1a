import { mix } from "../color";
import { between, pick } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

/** A gift box in flat geometric planes, wrapped in a triangle-patterned paper and tied with a bow. */
export const giftbox: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, uid }) {
    const s = Math.min(box.w, box.h) / 390;
    const cx = box.x + box.w * 0.48;
    const w = box.w * 0.5;
    const depth = w * 0.42;
    const h = box.h * 0.36;
    const bottom = box.y + box.h * 0.95;
    const top = bottom - h;
    const left = cx - w / 2;
    const right = cx + w / 2;
    // The side plane recedes up and to the right: a 2:1 rise, as in isometric drawing.
    const dx = depth;
    const dy = depth * 0.5;
    const paper = p.primary;
    const side = mix(p.primary, "#000000", 0.22);
    const lid = mix(p.primary, "#FFFFFF", 0.18);
    const ribbon = p.secondary;
    const lidH = h * 0.18;
    const clip = `${uid}-gift`;
    const front = `M${f(left)} ${f(top)}H${f(right)}V${f(bottom)}H${f(left)}Z`;
    const tri = Array.from({ length: 4 }, (_, r) =>
      Array.from({ length: 6 }, (_, c) => {
        const size = w / 5;
        const x = left + c * size - (r % 2) * size * 0.5;
        const y = top + lidH + 8 * s + r * size * 0.8;
        return `<path d="M${f(x)} ${f(y + size * 0.6)}L${f(x + size * 0.5)} ${f(y)}L${f(x + size)} ${f(y + size * 0.6)}Z" fill="${mix(paper, "#FFFFFF", 0.22)}"/>`;
      }).join(""),
    ).join("");
    const sideFace = `M${f(right)} ${f(top)}L${f(right + dx)} ${f(top - dy)}V${f(bottom - dy)}L${f(right)} ${f(bottom)}Z`;
    const lidTop = `M${f(left - 8 * s)} ${f(top - lidH)}L${f(left - 8 * s + dx)} ${f(top - lidH - dy)}H${f(right + 8 * s + dx)}L${f(right + 8 * s)} ${f(top - lidH)}Z`;
    const lidFront = `M${f(left - 8 * s)} ${f(top - lidH)}H${f(right + 8 * s)}V${f(top + lidH * 0.3)}H${f(left - 8 * s)}Z`;
    const lidSide = `M${f(right + 8 * s)} ${f(top - lidH)}L${f(right + 8 * s + dx)} ${f(top - lidH - dy)}V${f(top + lidH * 0.3 - dy)}L${f(right + 8 * s)} ${f(top + lidH * 0.3)}Z`;
    const rw = w * 0.14;
    const bowX = cx + dx / 2;
    const bowY = top - lidH - dy / 2;
    const loop = (dir: 1 | -1) =>
      `<path d="M${f(bowX)} ${f(bowY)}L${f(bowX + dir * w * 0.42)} ${f(bowY - h * 0.42)}L${f(bowX + dir * w * 0.5)} ${f(bowY - h * 0.06)}Z" fill="${ribbon}"/>` +
      `<path d="M${f(bowX)} ${f(bowY)}L${f(bowX + dir * w * 0.5)} ${f(bowY - h * 0.06)}L${f(bowX + dir * w * 0.3)} ${f(bowY - h * 0.16)}Z" fill="${mix(ribbon, "#000000", 0.25)}"/>`;
    const tails =
      `<path d="M${f(bowX)} ${f(bowY)}L${f(bowX - w * 0.2)} ${f(bowY + h * 0.3)}L${f(bowX - w * 0.1)} ${f(bowY + h * 0.26)}L${f(bowX - w * 0.08)} ${f(bowY + h * 0.36)}Z" fill="${mix(ribbon, "#000000", 0.12)}"/>` +
      `<path d="M${f(bowX)} ${f(bowY)}L${f(bowX + w * 0.24)} ${f(bowY + h * 0.22)}L${f(bowX + w * 0.16)} ${f(bowY + h * 0.26)}L${f(bowX + w * 0.18)} ${f(bowY + h * 0.34)}Z" fill="${mix(ribbon, "#000000", 0.12)}"/>`;
    const deco: string[] = [];
    const shapes = [0, 1, 2, 3, 4, 5, 6, 7];
    for (const k of shapes) {
      const x = box.x + box.w * (k % 2 === 0 ? between(rng, 0.04, 0.22) : between(rng, 0.78, 0.96));
      const y = box.y + box.h * (0.06 + k * 0.075) + between(rng, -8, 8);
      const r = between(rng, 7, 13) * s;
      const color = pick(rng, [p.secondary, p.accent, p.primary]);
      const kind = k % 4;
      deco.push(
        kind === 0
          ? `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${color}"/>`
          : kind === 1
            ? `<path d="M${f(x)} ${f(y - r)}L${f(x + r)} ${f(y + r * 0.8)}H${f(x - r)}Z" fill="${color}"/>`
            : kind === 2
              ? `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.8)}" fill="none" stroke="${color}" stroke-width="${f(3.5 * s)}"/>`
              : `<rect x="${f(x - r * 0.7)}" y="${f(y - r * 0.7)}" width="${f(r * 1.4)}" height="${f(r * 1.4)}" fill="${color}" transform="rotate(45 ${f(x)} ${f(y)})"/>`,
      );
    }
    return (
      `<defs><clipPath id="${clip}"><path d="${front}"/></clipPath></defs>` +
      deco.join("") +
      `<ellipse cx="${f(cx + dx * 0.45)}" cy="${f(bottom - dy * 0.3)}" rx="${f(w * 0.72)}" ry="${f(dy * 0.55)}" fill="${p.ink}" opacity="0.12"/>` +
      `<path d="${front}" fill="${paper}"/>` +
      `<g clip-path="url(#${clip})">${tri}</g>` +
      `<path d="${sideFace}" fill="${side}"/>` +
      `<rect x="${f(cx - rw / 2)}" y="${f(top)}" width="${f(rw)}" height="${f(h)}" fill="${ribbon}"/>` +
      `<path d="M${f(right + dx / 2 - rw * 0.4)} ${f(top - dy / 2 + (rw * 0.4 * dy) / dx)}L${f(right + dx / 2 + rw * 0.4)} ${f(top - dy / 2 - (rw * 0.4 * dy) / dx)}V${f(bottom - dy / 2 - (rw * 0.4 * dy) / dx)}L${f(right + dx / 2 - rw * 0.4)} ${f(bottom - dy / 2 + (rw * 0.4 * dy) / dx)}Z" fill="${mix(ribbon, "#000000", 0.25)}"/>` +
      `<path d="${lidFront}" fill="${lid}"/>` +
      `<path d="${lidSide}" fill="${mix(lid, "#000000", 0.22)}"/>` +
      `<path d="${lidTop}" fill="${mix(lid, "#FFFFFF", 0.2)}"/>` +
      `<rect x="${f(cx - rw / 2)}" y="${f(top - lidH)}" width="${f(rw)}" height="${f(lidH * 1.3)}" fill="${ribbon}"/>` +
      `<path d="M${f(cx - rw / 2)} ${f(top - lidH)}L${f(cx - rw / 2 + dx)} ${f(top - lidH - dy)}H${f(cx + rw / 2 + dx)}L${f(cx + rw / 2)} ${f(top - lidH)}Z" fill="${mix(ribbon, "#FFFFFF", 0.15)}"/>` +
      `<path d="M${f(left - 8 * s + dx / 2)} ${f(top - lidH - dy / 2)}H${f(right + 8 * s + dx / 2)}" stroke="${mix(ribbon, "#FFFFFF", 0.15)}" stroke-width="${f(rw * 0.7)}"/>` +
      tails +
      loop(-1) +
      loop(1) +
      `<path d="M${f(bowX)} ${f(bowY - 12 * s)}L${f(bowX + 12 * s)} ${f(bowY)}L${f(bowX)} ${f(bowY + 12 * s)}L${f(bowX - 12 * s)} ${f(bowY)}Z" fill="${p.accent}"/>`
    );
  },
};
