import { mix } from "../color";
import { between } from "../random";
import { heartPath, starPoints } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const mobile: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w / 320, box.h / 400);
    const cx = box.x + box.w / 2;
    const hookY = box.y + 6 * s;
    const ringY = box.y + box.h * 0.2;
    const rx = box.w * 0.4;
    const ry = 16 * s;
    const string = mix(p.ink, p.background, 0.45);
    const crescent = (x: number, y: number, r: number) =>
      `<path d="M${f(x + r * 0.2)} ${f(y - r)}A${f(r)} ${f(r)} 0 1 0 ${f(x + r * 0.2)} ${f(y + r)}A${f(r * 1.25)} ${f(r * 1.25)} 0 0 1 ${f(x + r * 0.2)} ${f(y - r)}Z" fill="${p.secondary}"/>` +
      `<circle cx="${f(x - r * 0.45)}" cy="${f(y - r * 0.05)}" r="${f(r * 0.08)}" fill="${p.ink}"/>` +
      `<circle cx="${f(x - r * 0.5)}" cy="${f(y + r * 0.2)}" r="${f(r * 0.1)}" fill="${p.primary}" opacity="0.8"/>`;
    const star = (x: number, y: number, r: number, color: string) =>
      `<polygon points="${starPoints(x, y, r, r * 0.5)}" fill="${color}" stroke="${mix(color, p.ink, 0.25)}" stroke-width="${f(2 * s)}" stroke-linejoin="round"/>`;
    const cloud = (x: number, y: number, r: number) =>
      `<g fill="${p.surface}" stroke="${mix(p.primary, p.ink, 0.2)}" stroke-width="${f(2 * s)}"><path d="M${f(x - r * 1.5)} ${f(y + r * 0.5)}A${f(r * 0.6)} ${f(r * 0.6)} 0 0 1 ${f(x - r * 0.8)} ${f(y - r * 0.2)}A${f(r * 0.8)} ${f(r * 0.8)} 0 0 1 ${f(x + r * 0.6)} ${f(y - r * 0.3)}A${f(r * 0.6)} ${f(r * 0.6)} 0 0 1 ${f(x + r * 1.5)} ${f(y + r * 0.5)}Z"/></g>`;
    // Hung from the front and back of the ring; the back ones sit higher and are drawn first.
    const hangers = [
      { a: 200, len: 0.28, kind: "star", r: 22 },
      { a: 270, len: 0.18, kind: "heart", r: 18 },
      { a: 340, len: 0.3, kind: "star", r: 20 },
      { a: 20, len: 0.46, kind: "cloud", r: 26 },
      { a: 90, len: 0.34, kind: "moon", r: 42 },
      { a: 160, len: 0.44, kind: "star", r: 26 },
    ].map((h) => {
      const rad = (h.a * Math.PI) / 180;
      const x = cx + Math.cos(rad) * rx;
      const top = ringY + Math.sin(rad) * ry;
      return { ...h, x, top, y: top + box.h * h.len * between(rng, 0.95, 1.05) };
    });
    const hanging = (h: (typeof hangers)[number], i: number) => {
      const r = h.r * s * 1.25;
      const cord = `<path d="M${f(h.x)} ${f(h.top)}V${f(h.y - r * 0.9)}" stroke="${string}" stroke-width="${f(1.6 * s)}"/>`;
      const shape =
        h.kind === "moon"
          ? crescent(h.x, h.y, r)
          : h.kind === "cloud"
            ? cloud(h.x, h.y, r)
            : h.kind === "heart"
              ? `<path d="${heartPath(h.x, h.y, r)}" fill="${p.primary}"/>`
              : star(h.x, h.y, r, i % 2 === 0 ? p.primary : p.secondary);
      return cord + shape;
    };
    const back = hangers.filter((h) => h.a > 180);
    const front = hangers.filter((h) => h.a <= 180);
    const railY = box.y + box.h * 0.88;
    const slats = Array.from({ length: 9 }, (_, i) => {
      const x = box.x + (box.w * (i + 0.5)) / 9;
      return `<rect x="${f(x - 5 * s)}" y="${f(railY)}" width="${f(10 * s)}" height="${f(box.h * 0.14)}" rx="${f(4 * s)}" fill="${mix(p.accent, p.background, 0.45)}"/>`;
    }).join("");
    return (
      `<circle cx="${f(cx)}" cy="${f(box.y + box.h * 0.45)}" r="${f(box.w * 0.46)}" fill="${p.surface}" opacity="0.55"/>` +
      `<path d="M${f(cx)} ${f(hookY)}V${f(ringY - 46 * s)}" stroke="${string}" stroke-width="${f(2 * s)}"/>` +
      `<circle cx="${f(cx)}" cy="${f(ringY - 52 * s)}" r="${f(7 * s)}" fill="none" stroke="${p.accent}" stroke-width="${f(3 * s)}"/>` +
      [-1, -0.4, 0.4, 1].map((k) => `<path d="M${f(cx)} ${f(ringY - 46 * s)}L${f(cx + k * rx)} ${f(ringY)}" stroke="${string}" stroke-width="${f(1.4 * s)}"/>`).join("") +
      `<path d="M${f(cx - rx)} ${f(ringY)}A${f(rx)} ${f(ry)} 0 0 1 ${f(cx + rx)} ${f(ringY)}" stroke="${p.accent}" stroke-width="${f(7 * s)}" fill="none"/>` +
      back.map(hanging).join("") +
      `<path d="M${f(cx - rx)} ${f(ringY)}A${f(rx)} ${f(ry)} 0 0 0 ${f(cx + rx)} ${f(ringY)}" stroke="${p.accent}" stroke-width="${f(7 * s)}" fill="none"/>` +
      front.map(hanging).join("") +
      slats +
      `<rect x="${f(box.x - 2)}" y="${f(railY - 8 * s)}" width="${f(box.w + 4)}" height="${f(14 * s)}" rx="${f(7 * s)}" fill="${p.accent}"/>`
    );
  },
};
