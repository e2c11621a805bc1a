import { mix } from "../color";
import { between } from "../random";
import { sparkle } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

/** A clock at the stroke of midnight above two champagne flutes clinking. */
export const toast: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, dark }) {
    const s = Math.min(box.w, box.h) / 320;
    const cx = box.x + box.w / 2;
    const cr = Math.min(box.w * 0.3, box.h * 0.2);
    const cy = box.y + cr * 1.08 + 8 * s;
    const rim = p.primary;
    const face = p.surface;
    const hand = dark ? p.background : p.ink;
    const ticks = Array.from({ length: 12 }, (_, k) => {
      const a = (k * Math.PI) / 6;
      const long = k % 3 === 0;
      const r0 = cr * (long ? 0.7 : 0.78);
      const r1 = cr * 0.86;
      return `<path d="M${f(cx + Math.sin(a) * r0)} ${f(cy - Math.cos(a) * r0)}L${f(cx + Math.sin(a) * r1)} ${f(cy - Math.cos(a) * r1)}" stroke="${hand}" stroke-width="${f((long ? 4.5 : 2.2) * s)}" stroke-linecap="round"/>`;
    }).join("");
    const clock =
      `<circle cx="${f(cx + 5)}" cy="${f(cy + 6)}" r="${f(cr * 1.08)}" fill="#000000" opacity="0.18"/>` +
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(cr * 1.08)}" fill="${rim}"/>` +
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(cr * 0.96)}" fill="${face}"/>` +
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(cr * 0.96)}" fill="none" stroke="${mix(face, rim, 0.5)}" stroke-width="${f(3 * s)}"/>` +
      ticks +
      // Both hands on twelve: the minute hand just a hair past, so the two read as two.
      `<path d="M${f(cx)} ${f(cy + cr * 0.1)}L${f(cx)} ${f(cy - cr * 0.48)}" stroke="${hand}" stroke-width="${f(7 * s)}" stroke-linecap="round"/>` +
      `<path d="M${f(cx)} ${f(cy + cr * 0.14)}L${f(cx + cr * 0.05)} ${f(cy - cr * 0.72)}" stroke="${p.secondary}" stroke-width="${f(4 * s)}" stroke-linecap="round"/>` +
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(5 * s)}" fill="${hand}"/>` +
      `<path d="M${f(cx + Math.cos(-2.5) * cr * 1.02)} ${f(cy + Math.sin(-2.5) * cr * 1.02)}A${f(cr * 1.02)} ${f(cr * 1.02)} 0 0 1 ${f(cx + Math.cos(-1.85) * cr * 1.02)} ${f(cy + Math.sin(-1.85) * cr * 1.02)}" stroke="#FFFFFF" stroke-opacity="0.55" stroke-width="${f(3 * s)}" stroke-linecap="round" fill="none"/>`;

    const glassTop = box.y + box.h * 0.56;
    const fh = box.h * 0.42;
    const fw = Math.min(box.w * 0.17, fh * 0.3);
    const meet = { x: cx, y: glassTop + fh * 0.08 };
    // Glass reads as a pale edge on a dark card and as a soft grey one on a light card.
    const glassLine = dark ? mix(p.surface, p.background, 0.2) : mix(p.ink, p.background, 0.55);
    // A flute upright at the origin: bowl, stem and foot, tilted about its foot by the caller.
    const flute = (bx: number, by: number, angle: number) => {
      const bowlH = fh * 0.55;
      const liquidTop = bowlH * 0.16;
      const bowl = `M${f(-fw / 2)} 0C${f(-fw / 2)} ${f(bowlH * 0.55)} ${f(-fw * 0.22)} ${f(bowlH)} 0 ${f(bowlH)}C${f(fw * 0.22)} ${f(bowlH)} ${f(fw / 2)} ${f(bowlH * 0.55)} ${f(fw / 2)} 0Z`;
      const liquid = `M${f(-fw * 0.47)} ${f(liquidTop)}C${f(-fw * 0.46)} ${f(bowlH * 0.6)} ${f(-fw * 0.2)} ${f(bowlH * 0.95)} 0 ${f(bowlH * 0.95)}C${f(fw * 0.2)} ${f(bowlH * 0.95)} ${f(fw * 0.46)} ${f(bowlH * 0.6)} ${f(fw * 0.47)} ${f(liquidTop)}Z`;
      const bubbles = [0.4, 0.55, 0.7, 0.82]
        .map((t, k) => `<circle cx="${f((k % 2 === 0 ? -1 : 1) * fw * 0.12)}" cy="${f(bowlH * t)}" r="${f(1.8 * s + k * 0.3)}" fill="${p.surface}" opacity="0.8"/>`)
        .join("");
      return (
        `<g transform="translate(${f(bx)} ${f(by)}) rotate(${f(angle)} 0 ${f(fh)})">` +
        `<path d="${bowl}" fill="${p.surface}" opacity="0.14"/>` +
        `<path d="${liquid}" fill="${p.primary}"/>` +
        `<path d="M${f(-fw * 0.47)} ${f(liquidTop)}C${f(-fw * 0.2)} ${f(liquidTop + 5)} ${f(fw * 0.2)} ${f(liquidTop + 5)} ${f(fw * 0.47)} ${f(liquidTop)}" stroke="${mix(p.primary, "#FFFFFF", 0.5)}" stroke-width="${f(3 * s)}" fill="none"/>` +
        bubbles +
        `<path d="${bowl}" fill="none" stroke="${glassLine}" stroke-width="${f(3 * s)}" stroke-linejoin="round"/>` +
        `<path d="M${f(-fw * 0.3)} ${f(bowlH * 0.15)}C${f(-fw * 0.3)} ${f(bowlH * 0.5)} ${f(-fw * 0.2)} ${f(bowlH * 0.7)} ${f(-fw * 0.1)} ${f(bowlH * 0.8)}" stroke="#FFFFFF" stroke-opacity="0.6" stroke-width="${f(2.5 * s)}" stroke-linecap="round" fill="none"/>` +
        `<path d="M0 ${f(bowlH)}V${f(fh - 3)}" stroke="${glassLine}" stroke-width="${f(4 * s)}"/>` +
        `<ellipse cx="0" cy="${f(fh)}" rx="${f(fw * 0.48)}" ry="${f(fw * 0.12)}" fill="${glassLine}"/>` +
        `</g>`
      );
    };
    const tilt = 17;
    const lean = Math.sin((tilt * Math.PI) / 180) * fh;
    const left = flute(meet.x - fw * 0.5 - lean * 0.95, glassTop, tilt);
    const right = flute(meet.x + fw * 0.5 + lean * 0.95, glassTop, -tilt);
    const burst = [0, 1, 2, 3, 4, 5, 6]
      .map((k) => {
        const a = (-150 + k * 20) * (Math.PI / 180);
        const r0 = 14 * s;
        const r1 = (k % 2 === 0 ? 34 : 26) * s;
        return `<path d="M${f(meet.x + Math.cos(a) * r0)} ${f(meet.y + Math.sin(a) * r0)}L${f(meet.x + Math.cos(a) * r1)} ${f(meet.y + Math.sin(a) * r1)}" stroke="${p.secondary}" stroke-width="${f(3 * s)}" stroke-linecap="round"/>`;
      })
      .join("");
    const glints: string[] = [];
    for (let i = 0; i < 7; i++) {
      const x = between(rng, box.x + 10, box.x + box.w - 10);
      const y = between(rng, box.y + 10, box.y + box.h - 10);
      if (Math.hypot(x - cx, y - cy) < cr * 1.3 || (y > glassTop - 20 && Math.abs(x - cx) < box.w * 0.36)) continue;
      glints.push(sparkle(x, y, between(rng, 6, 11) * s, i % 2 === 0 ? p.accent : p.primary));
    }
    return clock + burst + left + right + glints.join("");
  },
};
