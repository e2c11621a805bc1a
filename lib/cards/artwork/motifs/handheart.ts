import { mix } from "../color";
import { between } from "../random";
import { heartPath, sparkle } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

const SKIN = "#F2C4A0";

/** Two open hands side by side, palms out and fingers up, cupping a heart between them. */
export const handheart: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w, box.h) / 390;
    const cx = box.x + box.w / 2;
    const k = s * 0.92;
    const wristY = box.y + box.h - 40 * k;
    const outline = mix(SKIN, p.ink, 0.45);
    const crease = mix(SKIN, "#B9775A", 0.45);
    const stroke = `stroke="${outline}" stroke-width="2.6" stroke-linejoin="round"`;
    // A left hand in its own frame, wrist at the origin, thumb on the outer (left) side;
    // the right hand is its mirror image.
    const hand = (mirror: boolean) => {
      const lengths = [62, 74, 66, 44];
      const fingers = lengths
        .map((len, i) => {
          const x = -52 + i * 26;
          const top = -110 - len;
          return `<rect x="${x}" y="${top}" width="26" height="${len + 40}" rx="13" fill="${SKIN}" ${stroke}/>`;
        })
        .join("");
      const thumb = `<path d="M-48 -44C-70 -56 -92 -80 -100 -100C-106 -114 -90 -124 -80 -112C-70 -98 -56 -84 -40 -78Z" fill="${SKIN}" ${stroke}/>`;
      const palm = `<path d="M-46 0C-50 -40 -54 -80 -52 -112H52C54 -80 50 -40 46 0Z" fill="${SKIN}" ${stroke}/>`;
      const lines = `<path d="M-22 -110V-98M4 -110V-96M30 -110V-98M-30 -60C-18 -44 -16 -28 -22 -14" stroke="${crease}" stroke-width="2.4" stroke-linecap="round" fill="none"/>`;
      const cuff = `<rect x="-56" y="-6" width="112" height="60" rx="10" fill="${p.primary}"/><rect x="-56" y="-10" width="112" height="16" rx="8" fill="${mix(p.primary, p.surface, 0.5)}"/>`;
      const x = cx + (mirror ? 1 : -1) * 58 * k;
      return `<g transform="translate(${f(x)} ${f(wristY)}) scale(${mirror ? -1 : 1} 1) rotate(-10) scale(${k.toFixed(3)})">${thumb}${fingers}${palm}${lines}${cuff}</g>`;
    };
    const hs = box.w * 0.19;
    const heartY = wristY - 170 * k - hs * 0.1;
    const glow = [2.1, 1.6]
      .map((r, i) => `<circle cx="${f(cx)}" cy="${f(heartY)}" r="${f(hs * r)}" fill="${p.secondary}" opacity="${f(0.25 + i * 0.2)}"/>`)
      .join("");
    const glints: string[] = [];
    for (let i = 0; i < 6; i++) {
      const a = -Math.PI + (i + 0.5) * (Math.PI / 6) + between(rng, -0.12, 0.12);
      const r = hs * between(rng, 1.7, 2.1);
      glints.push(sparkle(cx + Math.cos(a) * r * 1.2, heartY + Math.sin(a) * r * 0.85, between(rng, 6, 11) * s, i % 2 === 0 ? p.primary : p.accent));
    }
    return (
      glow +
      glints.join("") +
      `<path d="${heartPath(cx, heartY, hs)}" fill="${p.primary}"/>` +
      `<path d="${heartPath(cx, heartY + hs * 0.08, hs * 0.62)}" fill="${mix(p.primary, "#FFFFFF", 0.2)}"/>` +
      `<ellipse cx="${f(cx - hs * 0.45)}" cy="${f(heartY - hs * 0.5)}" rx="${f(hs * 0.18)}" ry="${f(hs * 0.1)}" fill="#FFFFFF" opacity="0.5" transform="rotate(-35 ${f(cx - hs * 0.45)} ${f(heartY - hs * 0.5)})"/>` +
      hand(false) +
      hand(true)
    );
  },
};
