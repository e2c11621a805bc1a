import { mix } from "../color";
import { between, pick } from "../random";
import { heartPath } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const loveletter: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h * 0.64;
    const W = box.w * 0.86;
    const H = W * 0.62;
    const x0 = cx - W / 2;
    const y0 = cy - H / 2;
    const paper = p.surface;
    const edge = mix(p.accent, p.surface, 0.3);
    const sealY = y0 + H * 0.58;
    const sealR = W * 0.1;
    // A wax seal's rim is lumpy: small circles around a disc.
    const lumps = Array.from({ length: 12 }, (_, i) => {
      const a = (i * 30 * Math.PI) / 180;
      return `<circle cx="${f(cx + Math.cos(a) * sealR * 0.92)}" cy="${f(sealY + Math.sin(a) * sealR * 0.92)}" r="${f(sealR * 0.24)}"/>`;
    }).join("");
    const wax = mix(p.accent, "#B3263E", 0.4);
    // Hearts float up from the envelope, big and small in turn.
    const floating = [-0.36, -0.2, -0.04, 0.14, 0.3].map((u, i) => {
      const x = cx + u * box.w + between(rng, -8, 8);
      const y = y0 - 30 - (i % 2 === 0 ? 0.16 : 0.3) * (y0 - box.y) + between(rng, -6, 6);
      const r = (i % 2 === 0 ? between(rng, 20, 26) : between(rng, 12, 17)) * (box.w / 400);
      const color = pick(rng, [p.primary, mix(p.primary, p.accent, 0.5), wax]);
      return `<path d="${heartPath(x, y, r)}" fill="${color}" transform="rotate(${f(between(rng, -18, 18))} ${f(x)} ${f(y)})"/>`;
    });
    const trail = `<path d="M${f(cx - W * 0.1)} ${f(y0 - 6)}C${f(cx - W * 0.3)} ${f(y0 - H * 0.3)} ${f(cx + W * 0.2)} ${f(y0 - H * 0.4)} ${f(cx)} ${f(y0 - H * 0.62)}" stroke="${p.accent}" stroke-width="2" stroke-dasharray="3 7" stroke-linecap="round" fill="none" opacity="0.6"/>`;
    return (
      trail +
      floating.join("") +
      `<g transform="rotate(-5 ${f(cx)} ${f(cy)})">` +
      `<rect x="${f(x0 + 8)}" y="${f(y0 + 10)}" width="${f(W)}" height="${f(H)}" rx="8" fill="${p.ink}" opacity="0.14"/>` +
      `<rect x="${f(x0)}" y="${f(y0)}" width="${f(W)}" height="${f(H)}" rx="8" fill="${paper}" stroke="${edge}" stroke-width="2"/>` +
      `<path d="M${f(x0 + 4)} ${f(y0 + H - 4)}L${f(cx)} ${f(y0 + H * 0.5)}L${f(x0 + W - 4)} ${f(y0 + H - 4)}Z" fill="${mix(paper, p.secondary, 0.35)}"/>` +
      `<path d="M${f(x0 + 4)} ${f(y0 + 6)}L${f(cx - W * 0.1)} ${f(y0 + H * 0.55)}L${f(x0 + 4)} ${f(y0 + H - 6)}Z" fill="${mix(paper, p.primary, 0.12)}"/>` +
      `<path d="M${f(x0 + W - 4)} ${f(y0 + 6)}L${f(cx + W * 0.1)} ${f(y0 + H * 0.55)}L${f(x0 + W - 4)} ${f(y0 + H - 6)}Z" fill="${mix(paper, p.primary, 0.12)}"/>` +
      `<path d="M${f(x0 + 2)} ${f(y0 + 4)}L${f(cx)} ${f(sealY + 6)}L${f(x0 + W - 2)} ${f(y0 + 4)}Z" fill="${p.ink}" opacity="0.08"/>` +
      `<path d="M${f(x0 + 2)} ${f(y0 + 2)}L${f(cx)} ${f(sealY)}L${f(x0 + W - 2)} ${f(y0 + 2)}Z" fill="${mix(paper, p.secondary, 0.18)}" stroke="${edge}" stroke-width="1.5" stroke-linejoin="round"/>` +
      `<g fill="${wax}">${lumps}<circle cx="${f(cx)}" cy="${f(sealY)}" r="${f(sealR)}"/></g>` +
      `<circle cx="${f(cx)}" cy="${f(sealY)}" r="${f(sealR * 0.72)}" fill="none" stroke="${mix(wax, "#000000", 0.2)}" stroke-width="2"/>` +
      `<path d="${heartPath(cx, sealY + sealR * 0.05, sealR * 0.42)}" fill="${mix(wax, "#FFFFFF", 0.35)}"/>` +
      `</g>`
    );
  },
};
