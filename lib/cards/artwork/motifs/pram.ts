import { mix } from "../color";
import { between, pick } from "../random";
import { starPoints } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const pram: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w / 400, box.h / 390);
    const cx = box.x + box.w / 2 - 24 * s;
    const by = box.y + box.h * 0.58;
    const frame = p.accent;
    const wheel = (x: number, y: number) =>
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(38 * s)}" fill="none" stroke="${frame}" stroke-width="${f(9 * s)}"/>` +
      [0, 45, 90, 135]
        .map((deg) => {
          const a = (deg * Math.PI) / 180;
          const r = 34 * s;
          return `<path d="M${f(x - r * Math.cos(a))} ${f(y - r * Math.sin(a))}L${f(x + r * Math.cos(a))} ${f(y + r * Math.sin(a))}" stroke="${frame}" stroke-width="${f(2.5 * s)}"/>`;
        })
        .join("") +
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(8 * s)}" fill="${p.primary}"/>`;
    const wy = by + 104 * s;
    const hoodCx = cx + 14 * s;
    const hoodR = 124 * s;
    const ribs = [200, 225, 250]
      .map((deg) => {
        const a = (deg * Math.PI) / 180;
        return `<path d="M${f(hoodCx)} ${f(by)}L${f(hoodCx + hoodR * Math.cos(a))} ${f(by + hoodR * Math.sin(a))}" stroke="${p.surface}" stroke-width="${f(4 * s)}" opacity="0.8"/>`;
      })
      .join("");
    const trim = `<path d="M${f(cx - 112 * s)} ${f(by)}A${f(hoodR)} ${f(hoodR)} 0 0 1 ${f(hoodCx)} ${f(by - hoodR)}" stroke="${mix(p.primary, p.ink, 0.2)}" stroke-width="${f(5 * s)}" fill="none"/>`;
    const cloudX = box.x + box.w * 0.74;
    const cloudY = box.y + box.h * 0.14;
    const c = 24 * s;
    const cloud =
      `<g fill="${p.surface}"><circle cx="${f(cloudX)}" cy="${f(cloudY)}" r="${f(c)}"/><circle cx="${f(cloudX + c)}" cy="${f(cloudY + c * 0.3)}" r="${f(c * 0.75)}"/><circle cx="${f(cloudX - c)}" cy="${f(cloudY + c * 0.35)}" r="${f(c * 0.65)}"/><rect x="${f(cloudX - c * 1.6)}" y="${f(cloudY + c * 0.3)}" width="${f(c * 3.4)}" height="${f(c * 0.7)}" rx="${f(c * 0.35)}"/></g>` +
      `<path d="M${f(cloudX - c * 0.45)} ${f(cloudY + c * 0.35)}q${f(c * 0.2)} ${f(c * 0.2)} ${f(c * 0.4)} 0M${f(cloudX + c * 0.15)} ${f(cloudY + c * 0.35)}q${f(c * 0.2)} ${f(c * 0.2)} ${f(c * 0.4)} 0" stroke="${p.accent}" stroke-width="${f(2 * s)}" stroke-linecap="round" fill="none"/>`;
    const stars: string[] = [];
    for (let i = 0; i < 30 && stars.length < 7; i++) {
      const x = box.x + 14 + ((box.w - 28) * (stars.length + between(rng, 0, 1))) / 7;
      const y = between(rng, box.y + 12, box.y + box.h * 0.3);
      if (Math.abs(x - cloudX) < c * 2.4 && Math.abs(y - cloudY) < c * 2) continue;
      stars.push(`<polygon points="${starPoints(x, y, between(rng, 6, 11) * s, 3 * s)}" fill="${pick(rng, [p.primary, p.secondary])}"/>`);
    }
    return (
      `<ellipse cx="${f(cx + 30 * s)}" cy="${f(wy + 40 * s)}" rx="${f(150 * s)}" ry="${f(12 * s)}" fill="${p.ink}" opacity="0.1"/>` +
      cloud +
      stars.join("") +
      `<path d="M${f(cx + 100 * s)} ${f(by + 6 * s)}L${f(cx + 168 * s)} ${f(by - 88 * s)}" stroke="${frame}" stroke-width="${f(8 * s)}" stroke-linecap="round"/>` +
      `<path d="M${f(cx + 156 * s)} ${f(by - 92 * s)}H${f(cx + 184 * s)}" stroke="${p.primary}" stroke-width="${f(12 * s)}" stroke-linecap="round"/>` +
      `<path d="M${f(cx - 60 * s)} ${f(by + 60 * s)}L${f(cx - 70 * s)} ${f(wy)}M${f(cx + 60 * s)} ${f(by + 60 * s)}L${f(cx + 70 * s)} ${f(wy)}M${f(cx - 70 * s)} ${f(wy)}L${f(cx + 70 * s)} ${f(wy)}" stroke="${frame}" stroke-width="${f(6 * s)}" stroke-linecap="round"/>` +
      `<path d="M${f(cx - 112 * s)} ${f(by)}H${f(cx + 112 * s)}A${f(112 * s)} ${f(86 * s)} 0 0 1 ${f(cx - 112 * s)} ${f(by)}Z" fill="${p.secondary}"/>` +
      `<path d="M${f(cx + 40 * s)} ${f(by + 10 * s)}A${f(112 * s)} ${f(86 * s)} 0 0 1 ${f(cx - 60 * s)} ${f(by + 70 * s)}A${f(96 * s)} ${f(70 * s)} 0 0 0 ${f(cx + 100 * s)} ${f(by + 10 * s)}Z" fill="${p.ink}" opacity="0.08"/>` +
      `<path d="M${f(cx - 112 * s)} ${f(by)}A${f(hoodR)} ${f(hoodR)} 0 0 1 ${f(hoodCx)} ${f(by - hoodR)}V${f(by)}Z" fill="${p.primary}"/>` +
      ribs +
      trim +
      `<rect x="${f(cx - 120 * s)}" y="${f(by - 8 * s)}" width="${f(240 * s)}" height="${f(16 * s)}" rx="${f(8 * s)}" fill="${frame}"/>` +
      `<circle cx="${f(cx + 48 * s)}" cy="${f(by + 40 * s)}" r="${f(10 * s)}" fill="${p.surface}" opacity="0.85"/>` +
      wheel(cx - 70 * s, wy) +
      wheel(cx + 70 * s, wy)
    );
  },
};
