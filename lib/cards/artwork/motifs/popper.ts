import { mix } from "../color";
import { between, pick } from "../random";
import { starPoints } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const popper: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w / 400, box.h / 390);
    const colors = [p.primary, p.secondary, p.accent];
    const tip = { x: box.x + box.w * 0.2, y: box.y + box.h * 0.94 };
    const L = 176 * s;
    const R = 54 * s;
    const tilt = 36;
    const dir = ((tilt - 90) * Math.PI) / 180;
    const mouth = { x: tip.x + Math.cos(dir) * L, y: tip.y + Math.sin(dir) * L };
    const bands = Array.from({ length: 5 }, (_, i) => {
      const t0 = i / 5;
      const t1 = (i + 1) / 5;
      return `<polygon points="${f(-R * t0)},${f(-L * t0)} ${f(R * t0)},${f(-L * t0)} ${f(R * t1)},${f(-L * t1)} ${f(-R * t1)},${f(-L * t1)}" fill="${i % 2 === 0 ? p.primary : p.accent}"/>`;
    }).join("");
    const cone =
      `<g transform="translate(${f(tip.x)} ${f(tip.y)}) rotate(${tilt})">` +
      bands +
      `<polygon points="0,0 ${f(R)},${f(-L)} ${f(R * 0.45)},${f(-L)}" fill="${p.ink}" opacity="0.12"/>` +
      `<ellipse cx="0" cy="${f(-L)}" rx="${f(R)}" ry="${f(R * 0.34)}" fill="${p.secondary}"/>` +
      `<ellipse cx="0" cy="${f(-L)}" rx="${f(R)}" ry="${f(R * 0.34)}" fill="none" stroke="${mix(p.accent, p.ink, 0.2)}" stroke-width="${f(4 * s)}"/>` +
      `</g>`;
    // Streamers fly out in a fan around the cone's axis, each a ribbon that wiggles as it goes.
    const streamers = Array.from({ length: 7 }, (_, i) => {
      const a = dir + ((i - 3) * 0.26 + between(rng, -0.06, 0.06));
      const len = between(rng, 190, 270) * s;
      const amp = between(rng, 10, 16) * s;
      const waves = between(rng, 2.2, 3.2);
      const phase = between(rng, 0, Math.PI);
      const pts: string[] = [];
      for (let k = 0; k <= 28; k++) {
        const d = (k / 28) * len;
        const off = Math.sin((k / 28) * waves * Math.PI * 2 + phase) * amp * (k / 28);
        const x = mouth.x + Math.cos(a) * (d + 8) - Math.sin(a) * off;
        const y = mouth.y + Math.sin(a) * (d + 8) + Math.cos(a) * off;
        // A streamer that reaches the edge of the art box ends there rather than running along it.
        if (x < box.x + 6 || x > box.x + box.w - 6 || y < box.y + 6) break;
        pts.push(`${f(x)} ${f(y)}`);
      }
      if (pts.length < 2) return "";
      return `<path d="M${pts.join("L")}" stroke="${colors[i % 3]}" stroke-width="${f(7 * s)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
    }).join("");
    const bits: string[] = [];
    for (let i = 0; i < 60 && bits.length < 34; i++) {
      const a = dir + between(rng, -1.1, 1.1);
      const d = between(rng, 40, 270) * s;
      const x = mouth.x + Math.cos(a) * d;
      const y = mouth.y + Math.sin(a) * d;
      if (x < box.x + 8 || x > box.x + box.w - 8 || y < box.y + 8 || y > box.y + box.h - 8) continue;
      const color = pick(rng, colors);
      const kind = rng();
      bits.push(
        kind < 0.4
          ? `<rect x="${f(x - 6 * s)}" y="${f(y - 3 * s)}" width="${f(12 * s)}" height="${f(6 * s)}" rx="1.5" fill="${color}" transform="rotate(${f(between(rng, 0, 180))} ${f(x)} ${f(y)})"/>`
          : kind < 0.75
            ? `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 3, 6) * s)}" fill="${color}"/>`
            : `<polygon points="${starPoints(x, y, between(rng, 7, 12) * s, 3.5 * s)}" fill="${color}"/>`,
      );
    }
    const flash = Array.from({ length: 5 }, (_, i) => {
      const a = dir + (i - 2) * 0.4;
      return `<path d="M${f(mouth.x + Math.cos(a) * 22 * s)} ${f(mouth.y + Math.sin(a) * 22 * s)}L${f(mouth.x + Math.cos(a) * 40 * s)} ${f(mouth.y + Math.sin(a) * 40 * s)}" stroke="${p.accent}" stroke-width="${f(4 * s)}" stroke-linecap="round"/>`;
    }).join("");
    return streamers + bits.join("") + flash + cone;
  },
};
