import { mix } from "../color";
import { between, pick } from "../random";
import { leafShape } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const willow: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w / 400, box.h / 390);
    const cx = box.x + box.w / 2;
    const ground = box.y + box.h * 0.9;
    const crownY = box.y + box.h * 0.2;
    const crownR = box.w * 0.36;
    const bark = mix(p.ink, "#6B5440", 0.55);
    // Each frond leaves the crown, arcs out a little and hangs straight down to near the grass.
    const frond = (angle: number, color: string, width: number) => {
      const a = (angle * Math.PI) / 180;
      const x0 = cx + Math.cos(a) * crownR * 0.85;
      const y0 = crownY + box.h * 0.08 + Math.sin(a) * crownR * 0.45;
      const out = Math.cos(a) * 26 * s;
      // Fronds in front of the trunk stop short so the trunk shows through the curtain.
      const middle = 1 - Math.abs(Math.cos(a));
      const end = ground - box.h * (between(rng, 0.04, 0.16) + middle * between(rng, 0.1, 0.22));
      const d = `M${f(x0)} ${f(y0)}Q${f(x0 + out * 1.6)} ${f(y0 + 10)} ${f(x0 + out)} ${f((y0 + end) / 2)}T${f(x0 + out * 0.7)} ${f(end)}`;
      return `<path d="${d}" stroke="${color}" stroke-width="${f(width * s)}" stroke-linecap="round" stroke-dasharray="${f(9 * s)} ${f(3 * s)}" fill="none"/>`;
    };
    const layer = (count: number, color: () => string, width: number) =>
      Array.from({ length: count }, (_, i) => frond(190 + (160 * (i + between(rng, 0, 0.9))) / count, color(), width)).join("");
    const trunk =
      `<path d="M${f(cx - 30 * s)} ${f(ground)}C${f(cx - 10 * s)} ${f(ground - box.h * 0.2)} ${f(cx - 22 * s)} ${f(crownY + box.h * 0.35)} ${f(cx - 8 * s)} ${f(crownY + box.h * 0.18)}` +
      `L${f(cx + 10 * s)} ${f(crownY + box.h * 0.18)}C${f(cx + 18 * s)} ${f(crownY + box.h * 0.35)} ${f(cx + 12 * s)} ${f(ground - box.h * 0.2)} ${f(cx + 32 * s)} ${f(ground)}Z" fill="${bark}"/>` +
      [-1, 1]
        .map(
          (side) =>
            `<path d="M${f(cx)} ${f(crownY + box.h * 0.22)}Q${f(cx + side * crownR * 0.3)} ${f(crownY)} ${f(cx + side * crownR * 0.8)} ${f(crownY + box.h * 0.06)}" stroke="${bark}" stroke-width="${f(8 * s)}" stroke-linecap="round" fill="none"/>`,
        )
        .join("");
    const falling = Array.from({ length: 6 }, () => {
      const x = between(rng, box.x + 16, box.x + box.w - 16);
      const y = between(rng, ground - box.h * 0.25, ground - 8);
      if (Math.abs(x - cx) < crownR * 0.95) return "";
      return leafShape(x, y, 14 * s, between(rng, -80, 80), pick(rng, [p.primary, p.accent]), p.surface);
    }).join("");
    return (
      `<circle cx="${f(cx)}" cy="${f(box.y + box.h * 0.45)}" r="${f(box.w * 0.47)}" fill="${p.surface}" opacity="0.7"/>` +
      `<ellipse cx="${f(cx)}" cy="${f(ground + 6)}" rx="${f(box.w * 0.46)}" ry="${f(box.h * 0.07)}" fill="${p.secondary}"/>` +
      `<ellipse cx="${f(cx)}" cy="${f(crownY + box.h * 0.06)}" rx="${f(crownR)}" ry="${f(crownR * 0.42)}" fill="${mix(p.accent, p.primary, 0.3)}"/>` +
      [-0.55, -0.2, 0.2, 0.55].map((k) => `<circle cx="${f(cx + k * crownR)}" cy="${f(crownY + Math.abs(k) * 18 * s)}" r="${f(crownR * (0.5 - Math.abs(k) * 0.2))}" fill="${mix(p.accent, p.primary, 0.3)}"/>`).join("") +
      layer(20, () => mix(p.accent, p.ink, 0.15), 7) +
      trunk +
      layer(22, () => pick(rng, [p.primary, mix(p.primary, p.accent, 0.4)]), 6) +
      layer(10, () => mix(p.primary, p.secondary, 0.5), 4) +
      [-0.4, 0, 0.4].map((k) => `<circle cx="${f(cx + k * crownR)}" cy="${f(crownY - 8 * s + Math.abs(k) * 20 * s)}" r="${f(crownR * 0.26)}" fill="${p.primary}" opacity="0.85"/>`).join("") +
      falling
    );
  },
};
