import { mix } from "../color";
import { between, pick } from "../random";
import { heartPath } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const lovebirds: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w / 400, box.h / 390);
    const cx = box.x + box.w / 2;
    const y0 = box.y + box.h * 0.78;
    const a = { x: box.x - 10, y: y0 + 14 * s };
    const c = { x: cx, y: y0 - 34 * s };
    const b = { x: box.x + box.w + 10, y: y0 + 4 * s };
    const on = (t: number) => ({
      x: (1 - t) ** 2 * a.x + 2 * (1 - t) * t * c.x + t * t * b.x,
      y: (1 - t) ** 2 * a.y + 2 * (1 - t) * t * c.y + t * t * b.y,
    });
    const bark = mix(p.ink, "#7A5A44", 0.5);
    const twigs = [0.12, 0.3, 0.78, 0.9]
      .map((t, i) => {
        const pt = on(t);
        const dir = i % 2 === 0 ? -1 : 1;
        return `<path d="M${f(pt.x)} ${f(pt.y)}q${f(dir * 16 * s)} ${f(-28 * s)} ${f(dir * 40 * s)} ${f(-36 * s)}" stroke="${bark}" stroke-width="${f(4 * s)}" stroke-linecap="round" fill="none"/>`;
      })
      .join("");
    const blossom = (x: number, y: number, r: number, color: string) =>
      `<g transform="translate(${f(x)} ${f(y)})">` +
      [0, 72, 144, 216, 288].map((deg) => `<circle cx="0" cy="${f(-r * 0.55)}" r="${f(r * 0.5)}" fill="${color}" transform="rotate(${deg})"/>`).join("") +
      `<circle r="${f(r * 0.28)}" fill="${p.accent}"/></g>`;
    const blossoms = [0.08, 0.16, 0.26, 0.34, 0.74, 0.82, 0.88, 0.95]
      .map((t) => {
        const pt = on(t);
        return blossom(pt.x + between(rng, -14, 14) * s, pt.y - between(rng, 8, 40) * s, between(rng, 10, 15) * s, pick(rng, [p.secondary, mix(p.secondary, p.primary, 0.4)]));
      })
      .join("");
    // Drawn facing right with its feet at the origin; the right-hand bird is mirrored.
    const bird = (t: number, facing: 1 | -1, color: string) => {
      const pt = on(t);
      const k = s * 1.4;
      return (
        `<g transform="translate(${f(pt.x)} ${f(pt.y)}) scale(${f(facing * k)} ${f(k)})">` +
        `<path d="M-30 -30L-66 -14L-60 -4L-24 -16Z" fill="${mix(color, p.ink, 0.3)}"/>` +
        `<ellipse cx="0" cy="-36" rx="33" ry="29" fill="${color}"/>` +
        `<circle cx="18" cy="-62" r="19" fill="${color}"/>` +
        `<ellipse cx="8" cy="-28" rx="20" ry="16" fill="${mix(color, p.surface, 0.55)}"/>` +
        `<path d="M-18 -50Q14 -50 12 -28Q-6 -20 -32 -30Z" fill="${mix(color, p.ink, 0.28)}"/>` +
        `<polygon points="34,-68 50,-61 34,-55" fill="#F0A830"/>` +
        `<circle cx="25" cy="-67" r="3.4" fill="${p.ink}"/><circle cx="26.2" cy="-68.2" r="1.1" fill="#FFFFFF"/>` +
        `<circle cx="22" cy="-55" r="4.5" fill="${p.secondary}" opacity="0.9"/>` +
        `<path d="M-4 -8L-6 2M7 -8L8 2" stroke="${p.ink}" stroke-width="3" stroke-linecap="round"/>` +
        `</g>`
      );
    };
    const left = on(0.34);
    const right = on(0.66);
    const hx = (left.x + right.x) / 2;
    const hy = Math.min(left.y, right.y) - 140 * s;
    const floating = [
      { x: hx - 46 * s, y: hy - 30 * s, r: 9 },
      { x: hx + 40 * s, y: hy - 52 * s, r: 7 },
      { x: hx - 8 * s, y: hy - 80 * s, r: 11 },
    ]
      .map((h) => `<path d="${heartPath(h.x, h.y, h.r * s)}" fill="${p.secondary}"/>`)
      .join("");
    return (
      `<circle cx="${f(cx)}" cy="${f(box.y + box.h * 0.48)}" r="${f(Math.min(box.w, box.h) * 0.46)}" fill="${p.surface}"/>` +
      floating +
      `<path d="${heartPath(hx, hy, 22 * s)}" fill="${p.primary}"/>` +
      `<path d="M${f(a.x)} ${f(a.y)}Q${f(c.x)} ${f(c.y)} ${f(b.x)} ${f(b.y)}" stroke="${bark}" stroke-width="${f(9 * s)}" stroke-linecap="round" fill="none"/>` +
      twigs +
      blossoms +
      bird(0.34, 1, p.primary) +
      bird(0.66, -1, p.secondary === p.primary ? p.accent : mix(p.secondary, p.primary, 0.35))
    );
  },
};
