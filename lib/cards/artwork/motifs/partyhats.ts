import { mix } from "../color";
import { between, pick } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

/** Three striped and dotted party hats under curly paper streamers. */
export const partyhats: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, uid }) {
    const s = Math.min(box.w, box.h) / 320;
    const ground = box.y + box.h * 0.9;
    const colors = [p.primary, p.secondary, p.accent];
    const parts: string[] = [];
    const defs: string[] = [];

    // Streamers hang from the top edge and curl as they fall, each a wavy ribbon of its own length.
    const streamerCount = 5;
    for (let i = 0; i < streamerCount; i++) {
      const x0 = box.x + box.w * (0.08 + (0.84 * i) / (streamerCount - 1)) + between(rng, -8, 8);
      const len = box.h * between(rng, 0.22, 0.4);
      const amp = 9 * s;
      const step = 22 * s;
      let d = `M${f(x0)} ${f(box.y)}`;
      for (let y = box.y, k = 0; y < box.y + len; y += step, k++) {
        d += `Q${f(x0 + (k % 2 === 0 ? amp : -amp))} ${f(y + step / 2)} ${f(x0)} ${f(y + step)}`;
      }
      const color = colors[i % 3]!;
      parts.push(`<path d="${d}" stroke="${mix(color, p.ink, 0.2)}" stroke-width="${f(7 * s)}" stroke-linecap="round" fill="none" opacity="0.35" transform="translate(3 3)"/>`);
      parts.push(`<path d="${d}" stroke="${color}" stroke-width="${f(7 * s)}" stroke-linecap="round" fill="none"/>`);
    }
    const hat = (i: number, cx: number, w: number, h: number, angle: number, color: string, trim: string, dotted: boolean) => {
      const base = ground - 10 * s;
      const brimRy = w * 0.13;
      const cone = `M${f(cx - w / 2)} ${f(base)}L${f(cx)} ${f(base - h)}L${f(cx + w / 2)} ${f(base)}A${f(w / 2)} ${f(brimRy)} 0 0 1 ${f(cx - w / 2)} ${f(base)}Z`;
      const clip = `${uid}-hat${i}`;
      defs.push(`<clipPath id="${clip}"><path d="${cone}"/></clipPath>`);
      let pattern = "";
      if (dotted) {
        for (let r = 1; r <= 5; r++) {
          const y = base - h + (h * r) / 5.4;
          const half = (w / 2) * ((y - (base - h)) / h);
          for (let x = cx - half + w * 0.08; x < cx + half; x += w * 0.2) {
            pattern += `<circle cx="${f(x + (r % 2) * w * 0.1)}" cy="${f(y)}" r="${f(w * 0.045)}" fill="${trim}"/>`;
          }
        }
      } else {
        for (let k = -3; k <= 6; k++) {
          const y = base - h + k * h * 0.2;
          pattern += `<path d="M${f(cx - w)} ${f(y + w * 0.5)}L${f(cx + w)} ${f(y - w * 0.3)}" stroke="${trim}" stroke-width="${f(h * 0.07)}"/>`;
        }
      }
      const shade = `<path d="M${f(cx)} ${f(base - h)}L${f(cx + w / 2)} ${f(base)}A${f(w / 2)} ${f(brimRy)} 0 0 1 ${f(cx + w * 0.12)} ${f(base + brimRy * 0.97)}Z" fill="${p.ink}" opacity="0.14"/>`;
      let fringe = `M${f(cx - w / 2 - 4)} ${f(base)}`;
      const teeth = 10;
      for (let k = 1; k <= teeth * 2; k++) {
        const t = Math.PI - (Math.PI * k) / (teeth * 2);
        const out = k % 2 === 1 ? 1.18 : 1;
        fringe += `L${f(cx + Math.cos(t) * (w / 2 + 4) * (out > 1 ? 1.04 : 1))} ${f(base + Math.sin(t) * brimRy * out + (out > 1 ? 7 * s : 0))}`;
      }
      const pom = Array.from({ length: 7 }, (_, k) => {
        const a = (k * Math.PI * 2) / 7;
        return `<circle cx="${f(cx + Math.cos(a) * w * 0.07)}" cy="${f(base - h + Math.sin(a) * w * 0.07)}" r="${f(w * 0.08)}"/>`;
      }).join("");
      return (
        `<g transform="rotate(${f(angle)} ${f(cx)} ${f(base)})">` +
        `<ellipse cx="${f(cx + 6)}" cy="${f(base + brimRy + 4)}" rx="${f(w * 0.55)}" ry="${f(brimRy * 0.8)}" fill="${p.ink}" opacity="0.12"/>` +
        `<path d="${cone}" fill="${color}"/>` +
        `<g clip-path="url(#${clip})">${pattern}${shade}</g>` +
        `<path d="${fringe}" stroke="${p.surface}" stroke-width="${f(5 * s)}" stroke-linejoin="round" stroke-linecap="round" fill="none"/>` +
        `<g fill="${p.surface}">${pom}</g><circle cx="${f(cx - w * 0.03)}" cy="${f(base - h - w * 0.03)}" r="${f(w * 0.06)}" fill="${mix(p.surface, trim, 0.25)}"/>` +
        `</g>`
      );
    };
    const big = box.w * 0.42;
    parts.push(hat(0, box.x + box.w * 0.24, big * 0.78, box.h * 0.4, -14, p.accent, p.primary, true));
    parts.push(hat(1, box.x + box.w * 0.77, big * 0.78, box.h * 0.4, 13, p.secondary, p.surface, true));
    parts.push(hat(2, box.x + box.w * 0.5, big, box.h * 0.55, 0, p.primary, p.secondary, false));
    for (let i = 0; i < 10; i++) {
      const x = between(rng, box.x + 10, box.x + box.w - 10);
      const y = between(rng, box.y + box.h * 0.08, box.y + box.h * 0.42);
      parts.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 2.5, 4.5))}" fill="${pick(rng, colors)}"/>`);
    }
    return `<defs>${defs.join("")}</defs>${parts.join("")}`;
  },
};
