import { mix } from "../color";
import { between } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

const COCOA = "#7A4A33";

/** A steaming mug of cocoa with marshmallows, and a pair of knitted mittens on a string. */
export const cocoa: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, uid }) {
    const s = Math.min(box.w, box.h) / 320;
    const parts: string[] = [];
    const table = box.y + box.h * 0.93;
    parts.push(`<ellipse cx="${f(box.x + box.w / 2)}" cy="${f(table)}" rx="${f(box.w * 0.48)}" ry="${f(12 * s)}" fill="${p.secondary}" opacity="0.55"/>`);

    // Mittens hang from a string that loops across the top.
    const mitten = (cx: number, topY: number, w: number, angle: number, color: string, band: string, mirror: boolean, i: number) => {
      const h = w * 1.5;
      const shape = `M${f(-w * 0.42)} ${f(h * 0.28)}C${f(-w * 0.5)} ${f(h * 0.62)} ${f(-w * 0.46)} ${f(h)} 0 ${f(h)}C${f(w * 0.46)} ${f(h)} ${f(w * 0.5)} ${f(h * 0.62)} ${f(w * 0.44)} ${f(h * 0.4)}C${f(w * 0.7)} ${f(h * 0.42)} ${f(w * 0.86)} ${f(h * 0.3)} ${f(w * 0.74)} ${f(h * 0.22)}C${f(w * 0.64)} ${f(h * 0.15)} ${f(w * 0.52)} ${f(h * 0.2)} ${f(w * 0.42)} ${f(h * 0.26)}L${f(w * 0.4)} ${f(h * 0.16)}H${f(-w * 0.42)}Z`;
      const clip = `${uid}-mitt${i}`;
      const zig = Array.from({ length: 9 }, (_, k) => `${k === 0 ? "M" : "L"}${f(-w * 0.6 + k * w * 0.17)} ${f(h * (k % 2 === 0 ? 0.5 : 0.58))}`).join("");
      const dots = [-0.2, 0.05, 0.3].map((t) => `<circle cx="${f(w * t - w * 0.04)}" cy="${f(h * 0.76)}" r="${f(w * 0.05)}" fill="${band}"/>`).join("");
      const ribs = Array.from({ length: 6 }, (_, k) => `<path d="M${f(-w * 0.38 + k * w * 0.15)} ${f(h * 0.02)}V${f(h * 0.15)}" stroke="${mix(band, color, 0.5)}" stroke-width="${f(2 * s)}"/>`).join("");
      return (
        `<defs><clipPath id="${clip}"><path d="${shape}"/></clipPath></defs>` +
        `<g transform="translate(${f(cx)} ${f(topY)}) rotate(${f(angle)})${mirror ? " scale(-1 1)" : ""}">` +
        `<path d="${shape}" fill="${color}"/>` +
        `<g clip-path="url(#${clip})"><path d="${zig}" stroke="${band}" stroke-width="${f(5 * s)}" stroke-linejoin="round" fill="none"/>${dots}` +
        `<path d="M${f(w * 0.1)} ${f(h * 0.2)}C${f(w * 0.55)} ${f(h * 0.4)} ${f(w * 0.5)} ${f(h * 0.9)} ${f(w * 0.1)} ${f(h * 1.05)}H${f(w)}V${f(h * 0.2)}Z" fill="#000000" opacity="0.1"/></g>` +
        `<rect x="${f(-w * 0.46)}" y="${f(-h * 0.02)}" width="${f(w * 0.9)}" height="${f(h * 0.2)}" rx="${f(w * 0.08)}" fill="${band}"/>` +
        ribs +
        `</g>`
      );
    };
    const mw = box.w * 0.25;
    const leftX = box.x + box.w * 0.25;
    const rightX = box.x + box.w * 0.75;
    const hangY = box.y + box.h * 0.12;
    parts.push(
      `<path d="M${f(box.x - 4)} ${f(box.y + box.h * 0.04)}C${f(leftX - mw)} ${f(hangY - 10 * s)} ${f(leftX - mw * 0.3)} ${f(hangY)} ${f(leftX)} ${f(hangY)}C${f(leftX + mw)} ${f(hangY + 30 * s)} ${f(rightX - mw)} ${f(hangY + 30 * s)} ${f(rightX)} ${f(hangY)}C${f(rightX + mw * 0.3)} ${f(hangY)} ${f(rightX + mw)} ${f(hangY - 10 * s)} ${f(box.x + box.w + 4)} ${f(box.y + box.h * 0.04)}" stroke="${p.accent}" stroke-width="${f(2.2 * s)}" fill="none"/>`,
    );
    parts.push(mitten(leftX, hangY, mw, 8, p.primary, p.surface, false, 0));
    parts.push(mitten(rightX, hangY, mw, -8, p.accent, p.secondary, true, 1));

    const mugW = box.w * 0.46;
    const mugH = mugW * 0.95;
    const mx = box.x + box.w * 0.46 - mugW / 2;
    const my = table - mugH - 4;
    const ry = mugW * 0.14;
    const body = p.primary;
    parts.push(
      `<ellipse cx="${f(mx + mugW / 2 + 6)}" cy="${f(table - 2)}" rx="${f(mugW * 0.56)}" ry="${f(ry * 0.7)}" fill="${p.ink}" opacity="0.15"/>` +
        `<path d="M${f(mx + mugW - 4)} ${f(my + mugH * 0.22)}C${f(mx + mugW + mugW * 0.42)} ${f(my + mugH * 0.16)} ${f(mx + mugW + mugW * 0.42)} ${f(my + mugH * 0.78)} ${f(mx + mugW - 6)} ${f(my + mugH * 0.76)}" stroke="${mix(body, "#000000", 0.2)}" stroke-width="${f(mugW * 0.1)}" stroke-linecap="round" fill="none"/>` +
        `<path d="M${f(mx)} ${f(my)}V${f(my + mugH - ry)}A${f(mugW / 2)} ${f(ry)} 0 0 0 ${f(mx + mugW)} ${f(my + mugH - ry)}V${f(my)}Z" fill="${body}"/>` +
        `<path d="M${f(mx + mugW * 0.72)} ${f(my)}V${f(my + mugH - ry * 0.3)}A${f(mugW / 2)} ${f(ry)} 0 0 0 ${f(mx + mugW)} ${f(my + mugH - ry)}V${f(my)}Z" fill="#000000" opacity="0.12"/>` +
        `<rect x="${f(mx)}" y="${f(my + mugH * 0.4)}" width="${f(mugW)}" height="${f(mugH * 0.16)}" fill="${p.surface}" opacity="0.9"/>` +
        Array.from({ length: 5 }, (_, k) => `<path d="${heartish(mx + mugW * (0.14 + k * 0.18), my + mugH * 0.48, mugW * 0.045)}" fill="${p.secondary}"/>`).join("") +
        `<ellipse cx="${f(mx + mugW / 2)}" cy="${f(my)}" rx="${f(mugW / 2)}" ry="${f(ry)}" fill="${mix(body, "#FFFFFF", 0.3)}"/>` +
        `<ellipse cx="${f(mx + mugW / 2)}" cy="${f(my + 2 * s)}" rx="${f(mugW / 2 - 6 * s)}" ry="${f(ry - 4 * s)}" fill="${COCOA}"/>`,
    );
    for (const [dx, dy, a] of [
      [-0.2, 0.1, 12],
      [0.05, -0.25, -18],
      [0.22, 0.15, 30],
      [-0.02, 0.3, -5],
    ] as const) {
      const x = mx + mugW / 2 + dx * mugW;
      const y = my + 2 * s + dy * ry;
      const m = mugW * 0.1;
      parts.push(`<rect x="${f(x - m / 2)}" y="${f(y - m / 2)}" width="${f(m)}" height="${f(m * 0.8)}" rx="${f(m * 0.25)}" fill="#FFFFFF" stroke="${mix(COCOA, "#FFFFFF", 0.6)}" stroke-width="1" transform="rotate(${a} ${f(x)} ${f(y)})"/>`);
    }
    // Steam rises in three soft curls.
    for (let k = 0; k < 3; k++) {
      const x = mx + mugW * (0.28 + k * 0.22);
      const y0 = my - ry - 6 * s;
      const h = mugH * between(rng, 0.55, 0.75);
      const w = 10 * s * (k % 2 === 0 ? 1 : -1);
      parts.push(
        `<path d="M${f(x)} ${f(y0)}C${f(x + w)} ${f(y0 - h * 0.25)} ${f(x - w)} ${f(y0 - h * 0.45)} ${f(x)} ${f(y0 - h * 0.65)}S${f(x + w)} ${f(y0 - h * 0.9)} ${f(x)} ${f(y0 - h)}" stroke="${p.primary}" stroke-opacity="0.45" stroke-width="${f(5 * s)}" stroke-linecap="round" fill="none"/>`,
      );
    }
    return parts.join("");
  },
};

function heartish(cx: number, cy: number, r: number): string {
  return `M${f(cx)} ${f(cy + r)}L${f(cx - r)} ${f(cy)}A${f(r / 2)} ${f(r / 2)} 0 0 1 ${f(cx)} ${f(cy - r * 0.6)}A${f(r / 2)} ${f(r / 2)} 0 0 1 ${f(cx + r)} ${f(cy)}Z`;
}
