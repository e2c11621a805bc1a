import { mix } from "../color";
import { between, pick } from "../random";
import { starPoints } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

const NEEDLES = "#4F9A66";

/** A decorated Christmas tree in a pot: tiers of boughs, a gold garland, baubles and a star on top. */
export const tree: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, dark }) {
    const cx = box.x + box.w / 2;
    const s = Math.min(box.w, box.h) / 390;
    const top = box.y + box.h * 0.14;
    const potTop = box.y + box.h * 0.82;
    const trunkTop = potTop - box.h * 0.06;
    const half = box.h * 0.33;
    // On a green card the tree takes a lighter green than the stock, and a pale halo sets it apart.
    const green = dark ? NEEDLES : mix(NEEDLES, "#1F5132", 0.2);
    const shade = mix(green, "#0B2A1A", 0.35);
    const gold = p.secondary;
    const parts: string[] = [
      `<circle cx="${f(cx)}" cy="${f(box.y + box.h * 0.5)}" r="${f(box.h * 0.44)}" fill="${dark ? p.accent : p.surface}" opacity="${dark ? 0.1 : 0.7}"/>`,
      `<ellipse cx="${f(cx)}" cy="${f(box.y + box.h * 0.96)}" rx="${f(box.w * 0.42)}" ry="${f(14 * s)}" fill="${p.accent}" opacity="${dark ? 0.85 : 0.35}"/>`,
      `<rect x="${f(cx - 14 * s)}" y="${f(trunkTop - 10)}" width="${f(28 * s)}" height="${f(potTop - trunkTop + 14)}" fill="#7A5233"/>`,
    ];
    const tiers = [
      { y0: top + box.h * 0.02, y1: top + box.h * 0.26, w: half * 0.55 },
      { y0: top + box.h * 0.16, y1: top + box.h * 0.46, w: half * 0.8 },
      { y0: top + box.h * 0.33, y1: trunkTop, w: half },
    ];
    const garlands: string[] = [];
    tiers
      .slice()
      .reverse()
      .forEach(({ y0, y1, w }) => {
        const scallops = 5;
        let d = `M${f(cx)} ${f(y0)}L${f(cx + w)} ${f(y1)}`;
        for (let k = scallops; k > 0; k--) {
          const xa = cx - w + ((k - 1) * 2 * w) / scallops;
          const xb = cx - w + (k * 2 * w) / scallops;
          d += `Q${f((xa + xb) / 2)} ${f(y1 + 14 * s)} ${f(xa)} ${f(y1)}`;
        }
        d += "Z";
        parts.push(`<path d="${d}" fill="${green}"/>`);
        parts.push(`<path d="M${f(cx)} ${f(y0)}L${f(cx + w)} ${f(y1)}Q${f(cx + w * 0.8)} ${f(y1 + 14 * s)} ${f(cx + w * 0.6)} ${f(y1)}Q${f(cx + w * 0.4)} ${f(y1 + 14 * s)} ${f(cx + w * 0.2)} ${f(y1)}Z" fill="${shade}" opacity="0.55"/>`);
      });
    // Garlands swag across each tier, drawn after all the boughs so they sit on top.
    tiers.forEach(({ y0, y1, w }, i) => {
      const y = y0 + (y1 - y0) * 0.62;
      const span = w * ((y - y0) / (y1 - y0));
      garlands.push(
        `<path d="M${f(cx - span)} ${f(y - 8 * s)}Q${f(cx)} ${f(y + 26 * s)} ${f(cx + span)} ${f(y - 14 * s)}" stroke="${gold}" stroke-width="${f(3.5 * s)}" stroke-dasharray="${f(1 * s)} ${f(7 * s)}" stroke-linecap="round" fill="none"/>`,
      );
      const count = 2 + i;
      for (let k = 0; k < count; k++) {
        const t = (k + 0.5) / count;
        const by = y0 + (y1 - y0) * between(rng, 0.78, 0.95);
        const bw = w * ((by - y0) / (y1 - y0));
        const bx = cx - bw * 0.85 + t * bw * 1.7;
        const r = between(rng, 9, 13) * s;
        const color = pick(rng, [p.primary, gold, p.accent]);
        garlands.push(
          `<path d="M${f(bx)} ${f(by - r - 5)}V${f(by - r)}" stroke="${gold}" stroke-width="2"/>` +
            `<circle cx="${f(bx)}" cy="${f(by)}" r="${f(r)}" fill="${color}"/>` +
            `<circle cx="${f(bx - r * 0.35)}" cy="${f(by - r * 0.35)}" r="${f(r * 0.3)}" fill="#FFFFFF" opacity="0.5"/>`,
        );
      }
    });
    parts.push(...garlands);
    const potW = box.w * 0.3;
    const potH = box.h * 0.12;
    parts.push(
      `<path d="M${f(cx - potW / 2)} ${f(potTop)}H${f(cx + potW / 2)}L${f(cx + potW * 0.38)} ${f(potTop + potH)}H${f(cx - potW * 0.38)}Z" fill="${p.primary}"/>`,
      `<rect x="${f(cx - potW * 0.56)}" y="${f(potTop - 4 * s)}" width="${f(potW * 1.12)}" height="${f(potH * 0.3)}" rx="${f(4 * s)}" fill="${mix(p.primary, "#000000", 0.18)}"/>`,
      `<path d="M${f(cx - potW * 0.44)} ${f(potTop + potH * 0.55)}H${f(cx + potW * 0.44)}" stroke="${gold}" stroke-width="${f(4 * s)}"/>`,
    );
    const starY = top + box.h * 0.01;
    const starR = 30 * s;
    parts.push(
      `<circle cx="${f(cx)}" cy="${f(starY)}" r="${f(starR * 1.6)}" fill="${gold}" opacity="0.18"/>`,
      `<polygon points="${starPoints(cx, starY, starR, starR * 0.45)}" fill="${gold}"/>`,
      `<polygon points="${starPoints(cx, starY, starR * 0.55, starR * 0.25)}" fill="${mix(gold, "#FFFFFF", 0.5)}"/>`,
    );
    for (let i = 0; i < 14; i++) {
      const x = between(rng, box.x + 6, box.x + box.w - 6);
      const y = between(rng, box.y + 6, box.y + box.h * 0.85);
      if (Math.abs(x - cx) < half * ((y - top) / (trunkTop - top)) + 18 && y > top - 40) continue;
      parts.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 2, 4))}" fill="${dark ? p.accent : p.secondary}" opacity="0.8"/>`);
    }
    return parts.join("");
  },
};
