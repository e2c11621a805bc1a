import { mix } from "../color";
import { between } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const heron: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, uid }) {
    const clip = `${uid}-heron`;
    const s = Math.min(box.w / 400, box.h / 390);
    const horizon = box.y + box.h * 0.5;
    const bottom = box.y + box.h;
    const water = mix(p.secondary, p.surface, 0.35);
    const sunX = box.x + box.w * 0.36;
    const sunY = horizon - box.h * 0.13;
    const sunR = box.w * 0.1;
    // The sun's reflection narrows with distance from the shore: still water, not a swell.
    const glints = [0, 1, 2, 3, 4]
      .map((i) => {
        const half = sunR * (1 - i * 0.17);
        const y = horizon + 12 + i * 14 * s;
        return `<path d="M${f(sunX - half)} ${f(y)}H${f(sunX + half)}" stroke="${p.accent}" stroke-width="${f(5 * s)}" stroke-linecap="round" opacity="${f(0.7 - i * 0.1)}"/>`;
      })
      .join("");
    const ripples = Array.from({ length: 7 }, () => {
      const x = between(rng, box.x + 20, box.x + box.w - 40);
      const y = between(rng, horizon + 30, bottom - 20);
      return `<path d="M${f(x)} ${f(y)}h${f(between(rng, 18, 46) * s)}" stroke="${p.surface}" stroke-width="2" stroke-linecap="round" opacity="0.8"/>`;
    }).join("");
    const fx = box.x + box.w * 0.6;
    const fy = box.y + box.h * 0.8;
    const body = p.primary;
    const wing = mix(p.primary, p.ink, 0.3);
    const legs = mix(p.ink, p.primary, 0.35);
    const bird =
      `<g transform="translate(${f(fx)} ${f(fy)}) scale(${f(s * 1.05)})">` +
      `<ellipse cx="4" cy="8" rx="46" ry="8" fill="none" stroke="${p.surface}" stroke-width="2.5"/>` +
      `<ellipse cx="4" cy="8" rx="26" ry="4" fill="none" stroke="${p.surface}" stroke-width="2"/>` +
      `<path d="M-2 -80L-6 6M8 -80L12 4" stroke="${legs}" stroke-width="3.5" stroke-linecap="round"/>` +
      `<path d="M-6 10L-8 40M12 10L14 36" stroke="${legs}" stroke-width="3" stroke-linecap="round" opacity="0.25"/>` +
      `<ellipse cx="0" cy="-98" rx="44" ry="21" fill="${body}" transform="rotate(18 0 -98)"/>` +
      `<path d="M-30 -108C-58 -126 -8 -148 -30 -176" stroke="${body}" stroke-width="11" stroke-linecap="round" fill="none"/>` +
      `<path d="M-28 -112Q8 -124 64 -76Q24 -82 -12 -92Z" fill="${wing}"/>` +
      `<ellipse cx="-33" cy="-180" rx="13" ry="9" fill="${body}" transform="rotate(-10 -33 -180)"/>` +
      `<polygon points="-42,-185 -88,-176 -42,-175" fill="${p.accent}"/>` +
      `<path d="M-26 -186Q-8 -194 8 -188" stroke="${p.ink}" stroke-width="2.5" stroke-linecap="round" fill="none"/>` +
      `<circle cx="-36" cy="-182" r="2.2" fill="${p.ink}"/>` +
      `</g>`;
    const reeds = (x0: number, x1: number, n: number) =>
      Array.from({ length: n }, (_, i) => {
        const x = x0 + ((x1 - x0) * (i + between(rng, 0, 0.8))) / n;
        const top = bottom - box.h * between(rng, 0.26, 0.48);
        const bend = between(rng, -18, 18) * s;
        const stalk = `<path d="M${f(x)} ${f(bottom + 4)}Q${f(x + bend * 0.3)} ${f((top + bottom) / 2)} ${f(x + bend)} ${f(top)}" stroke="${mix(p.ink, p.secondary, 0.45)}" stroke-width="${f(3 * s)}" stroke-linecap="round" fill="none"/>`;
        const blade = `<path d="M${f(x)} ${f(bottom + 4)}Q${f(x - bend * 1.4)} ${f(bottom - box.h * 0.16)} ${f(x - bend * 2.2 - 8)} ${f(top + box.h * 0.12)}Q${f(x - bend)} ${f(bottom - box.h * 0.1)} ${f(x + 5)} ${f(bottom + 4)}Z" fill="${mix(p.ink, p.secondary, 0.55)}"/>`;
        const head = rng() < 0.6 ? `<rect x="${f(x + bend - 5 * s)}" y="${f(top + 6)}" width="${f(10 * s)}" height="${f(30 * s)}" rx="${f(5 * s)}" fill="${mix(p.accent, p.ink, 0.55)}"/>` : "";
        return blade + stalk + head;
      }).join("");
    // An arched window onto the lake, like a memorial plaque, rather than a square snapshot.
    const archW = Math.min(box.w * 0.84, box.h * 0.8);
    const ax = box.x + (box.w - archW) / 2;
    const arch = `M${f(ax)} ${f(bottom)}V${f(box.y + archW / 2)}A${f(archW / 2)} ${f(archW / 2)} 0 0 1 ${f(ax + archW)} ${f(box.y + archW / 2)}V${f(bottom)}Z`;
    return (
      `<defs><clipPath id="${clip}"><path d="${arch}"/></clipPath></defs>` +
      `<g clip-path="url(#${clip})">` +
      `<rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" fill="${mix(p.background, p.surface, 0.6)}"/>` +
      `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR * 1.6)}" fill="${p.accent}" opacity="0.18"/>` +
      `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR)}" fill="${p.accent}"/>` +
      `<path d="M${f(box.x)} ${f(horizon)}Q${f(box.x + box.w * 0.25)} ${f(horizon - box.h * 0.1)} ${f(box.x + box.w * 0.55)} ${f(horizon - box.h * 0.03)}T${f(box.x + box.w)} ${f(horizon - box.h * 0.06)}V${f(horizon)}Z" fill="${mix(p.primary, p.background, 0.45)}"/>` +
      `<rect x="${f(box.x)}" y="${f(horizon)}" width="${f(box.w)}" height="${f(bottom - horizon)}" fill="${water}"/>` +
      `<rect x="${f(box.x)}" y="${f(horizon)}" width="${f(box.w)}" height="${f(6 * s)}" fill="${mix(p.primary, water, 0.5)}" opacity="0.5"/>` +
      glints +
      ripples +
      bird +
      reeds(ax - 6, ax + archW * 0.28, 6) +
      reeds(ax + archW * 0.82, ax + archW + 6, 4) +
      `</g>` +
      `<path d="${arch}" fill="none" stroke="${p.primary}" stroke-width="${f(3 * s)}" opacity="0.6"/>`
    );
  },
};
