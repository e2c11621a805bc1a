import { mix } from "../color";
import { between, pick } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const butterflies: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w / 400, box.h / 390);
    // Drawn at the origin, body upright, wings spread; `k` scales and `tilt` turns it in flight.
    const butterfly = (x: number, y: number, k: number, tilt: number, upper: string, lower: string) => {
      const edge = mix(upper, p.ink, 0.45);
      const wing = (side: 1 | -1) =>
        `<g transform="scale(${side} 1)">` +
        `<path d="M0 -4C16 -44 66 -50 62 -14C60 8 28 10 0 2Z" fill="${upper}" stroke="${edge}" stroke-width="3"/>` +
        `<path d="M0 2C30 6 48 24 36 42C24 56 4 36 0 10Z" fill="${lower}" stroke="${edge}" stroke-width="3"/>` +
        `<circle cx="38" cy="-20" r="9" fill="${p.surface}" opacity="0.9"/>` +
        `<circle cx="38" cy="-20" r="4" fill="${edge}"/>` +
        `<circle cx="24" cy="28" r="5" fill="${p.surface}" opacity="0.85"/>` +
        [
          [56, -34],
          [62, -18],
          [52, -6],
        ]
          .map(([dx, dy]) => `<circle cx="${dx}" cy="${dy}" r="2.4" fill="${p.surface}"/>`)
          .join("") +
        `</g>`;
      return (
        `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(tilt)}) scale(${f(k)})">` +
        wing(-1) +
        wing(1) +
        `<ellipse cx="0" cy="8" rx="5" ry="22" fill="${p.ink}"/>` +
        `<circle cx="0" cy="-16" r="6" fill="${p.ink}"/>` +
        `<path d="M-2 -20Q-8 -36 -16 -42M2 -20Q8 -36 16 -42" stroke="${p.ink}" stroke-width="2.2" fill="none" stroke-linecap="round"/>` +
        `<circle cx="-16" cy="-42" r="3" fill="${p.ink}"/><circle cx="16" cy="-42" r="3" fill="${p.ink}"/>` +
        `</g>`
      );
    };
    const big = { x: box.x + box.w * 0.52, y: box.y + box.h * 0.42 };
    const small1 = { x: box.x + box.w * 0.2, y: box.y + box.h * 0.18 };
    const small2 = { x: box.x + box.w * 0.82, y: box.y + box.h * 0.16 };
    const trail = (from: { x: number; y: number }, dir: number) =>
      `<path d="M${f(from.x)} ${f(from.y + 30 * s)}c${f(dir * -40 * s)} ${f(40 * s)} ${f(dir * 30 * s)} ${f(70 * s)} ${f(dir * -10 * s)} ${f(110 * s)}s${f(dir * -70 * s)} ${f(10 * s)} ${f(dir * -60 * s)} ${f(50 * s)}" stroke="${p.accent}" stroke-width="2" stroke-dasharray="4 8" stroke-linecap="round" fill="none" opacity="0.6"/>`;
    const ground = box.y + box.h;
    const grass = Array.from({ length: 22 }, (_, i) => {
      const x = box.x + (box.w * (i + between(rng, 0, 0.9))) / 22;
      const h = between(rng, 30, 70) * s;
      const lean = between(rng, -14, 14) * s;
      return `<path d="M${f(x - 4 * s)} ${f(ground)}Q${f(x + lean * 0.4)} ${f(ground - h * 0.5)} ${f(x + lean)} ${f(ground - h)}Q${f(x + lean * 0.2)} ${f(ground - h * 0.4)} ${f(x + 4 * s)} ${f(ground)}Z" fill="${pick(rng, [p.primary, p.accent, mix(p.primary, p.accent, 0.5)])}"/>`;
    }).join("");
    const daisies = [0.12, 0.34, 0.66, 0.9]
      .map((t) => {
        const x = box.x + box.w * t + between(rng, -10, 10);
        const y = ground - between(rng, 36, 60) * s;
        const petals = Array.from({ length: 8 }, (_, i) => `<ellipse cx="0" cy="${f(-7 * s)}" rx="${f(3 * s)}" ry="${f(6 * s)}" transform="rotate(${i * 45})"/>`).join("");
        return `<path d="M${f(x)} ${f(ground)}V${f(y)}" stroke="${p.accent}" stroke-width="${f(2.5 * s)}"/><g transform="translate(${f(x)} ${f(y)})" fill="${p.surface}">${petals}<circle r="${f(4 * s)}" fill="#F2C14E"/></g>`;
      })
      .join("");
    return (
      `<circle cx="${f(big.x)}" cy="${f(big.y)}" r="${f(Math.min(box.w, box.h) * 0.36)}" fill="${p.surface}" opacity="0.7"/>` +
      trail(small1, 1) +
      trail(small2, -1) +
      grass +
      daisies +
      butterfly(small1.x, small1.y, 0.62 * s, -18, p.primary, mix(p.primary, p.surface, 0.35)) +
      butterfly(small2.x, small2.y, 0.55 * s, 16, mix(p.secondary, p.primary, 0.3), p.secondary) +
      butterfly(big.x, big.y, 1.55 * s, -6, p.secondary, mix(p.secondary, p.surface, 0.4))
    );
  },
};
