import { mix } from "../color";
import { between, pick } from "../random";
import { starPoints } from "../shapes";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const gradcap: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h * 0.38;
    const w = box.w * 0.36;
    const board = p.secondary;
    const shade = mix(board, "#000000", 0.3);
    const parts = [
      `<path d="M${f(cx - w * 0.55)} ${f(cy + 8)}V${f(cy + w * 0.42)}Q${f(cx)} ${f(cy + w * 0.62)} ${f(cx + w * 0.55)} ${f(cy + w * 0.42)}V${f(cy + 8)}Z" fill="${shade}"/>`,
      `<polygon points="${f(cx)},${f(cy - w * 0.42)} ${f(cx + w)},${f(cy)} ${f(cx)},${f(cy + w * 0.42)} ${f(cx - w)},${f(cy)}" fill="${board}"/>`,
      `<path d="M${f(cx)} ${f(cy)}L${f(cx + w * 0.78)} ${f(cy + w * 0.08)}V${f(cy + w * 0.55)}" stroke="${p.primary}" stroke-width="4" fill="none"/>`,
      `<rect x="${f(cx + w * 0.78 - 7)}" y="${f(cy + w * 0.55)}" width="14" height="30" rx="3" fill="${p.primary}"/>`,
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="6" fill="${p.primary}"/>`,
    ];
    const dy = box.y + box.h * 0.8;
    parts.push(
      `<rect x="${f(cx - w * 0.7)}" y="${f(dy - 16)}" width="${f(w * 1.4)}" height="32" rx="16" fill="${p.surface}" transform="rotate(-8 ${f(cx)} ${f(dy)})"/>`,
      `<rect x="${f(cx - 10)}" y="${f(dy - 18)}" width="20" height="36" fill="${p.primary}" transform="rotate(-8 ${f(cx)} ${f(dy)})"/>`,
    );
    for (let i = 0; i < 14; i++) {
      const x = between(rng, box.x + 8, box.x + box.w - 8);
      const y = between(rng, box.y + 8, box.y + box.h - 8);
      if (Math.abs(x - cx) < w * 1.05 && y > cy - w * 0.6 && y < dy + 30) continue;
      parts.push(`<polygon points="${starPoints(x, y, between(rng, 6, 13), 3)}" fill="${pick(rng, [p.primary, p.accent])}"/>`);
    }
    return parts.join("");
  },
};
