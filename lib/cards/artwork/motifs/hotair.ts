import { mix } from "../color";
import { between } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const hotair: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, uid }) {
    const clip = `${uid}-hotair`;
    const R = Math.min(box.w, box.h) * 0.27;
    const cx = box.x + box.w * 0.55;
    const cy = box.y + box.h * 0.29;
    const envelope = (x: number, y: number, r: number) =>
      `M${f(x)} ${f(y - r)}C${f(x + r * 0.55)} ${f(y - r)} ${f(x + r)} ${f(y - r * 0.6)} ${f(x + r)} ${f(y - r * 0.05)}` +
      `C${f(x + r)} ${f(y + r * 0.45)} ${f(x + r * 0.45)} ${f(y + r * 0.8)} ${f(x + r * 0.3)} ${f(y + r * 1.15)}H${f(x - r * 0.3)}` +
      `C${f(x - r * 0.45)} ${f(y + r * 0.8)} ${f(x - r)} ${f(y + r * 0.45)} ${f(x - r)} ${f(y - r * 0.05)}C${f(x - r)} ${f(y - r * 0.6)} ${f(x - r * 0.55)} ${f(y - r)} ${f(x)} ${f(y - r)}Z`;
    const shape = envelope(cx, cy, R);
    // Narrower copies of the envelope, stacked, read as the balloon's panels (gores).
    const gores = [0.72, 0.42, 0.14]
      .map((k, i) => `<path d="${shape}" fill="${i % 2 === 0 ? p.surface : p.primary}" transform="translate(${f(cx)} 0) scale(${k} 1) translate(${f(-cx)} 0)"/>`)
      .join("");
    const bandY = cy + R * 0.32;
    const pennants = Array.from({ length: 9 }, (_, i) => {
      const x = cx - R + (i * 2 * R) / 8;
      return `<polygon points="${f(x - R * 0.11)},${f(bandY + R * 0.12)} ${f(x + R * 0.11)},${f(bandY + R * 0.12)} ${f(x)},${f(bandY + R * 0.3)}" fill="${p.accent}"/>`;
    }).join("");
    const basketY = cy + R * 1.5;
    const bw = R * 0.42;
    const bh = R * 0.3;
    const wicker = mix("#A8713A", p.accent, 0.2);
    const cloud = (x: number, y: number, r: number, color: string) =>
      `<g fill="${color}"><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}"/><circle cx="${f(x + r * 1.1)}" cy="${f(y + r * 0.3)}" r="${f(r * 0.78)}"/><circle cx="${f(x - r * 1.05)}" cy="${f(y + r * 0.35)}" r="${f(r * 0.7)}"/><rect x="${f(x - r * 1.75)}" y="${f(y + r * 0.3)}" width="${f(r * 3.7)}" height="${f(r * 0.75)}" rx="${f(r * 0.37)}"/></g>`;
    const smallX = box.x + box.w * 0.18;
    const smallY = box.y + box.h * 0.2;
    const r2 = R * 0.3;
    const birds = [0, 1]
      .map((i) => {
        const x = box.x + box.w * (0.2 + i * 0.1);
        const y = box.y + box.h * (0.48 + i * 0.04);
        return `<path d="M${f(x - 8)} ${f(y)}q4 -6 8 0q4 -6 8 0" stroke="${p.ink}" stroke-opacity="0.5" stroke-width="2" fill="none" stroke-linecap="round"/>`;
      })
      .join("");
    return (
      `<defs><clipPath id="${clip}"><path d="${shape}"/></clipPath></defs>` +
      `<circle cx="${f(box.x + box.w * 0.5)}" cy="${f(box.y + box.h * 0.46)}" r="${f(Math.min(box.w, box.h) * 0.48)}" fill="${p.surface}" opacity="0.6"/>` +
      `<path d="${envelope(smallX, smallY, r2)}" fill="${p.secondary}"/>` +
      `<path d="M${f(smallX - r2 * 0.25)} ${f(smallY + r2 * 1.15)}l${f(r2 * 0.05)} ${f(r2 * 0.3)}h${f(r2 * 0.4)}l${f(r2 * 0.05)} ${f(r2 * -0.3)}" stroke="${p.secondary}" stroke-width="1.5" fill="none"/>` +
      `<rect x="${f(smallX - r2 * 0.18)}" y="${f(smallY + r2 * 1.45)}" width="${f(r2 * 0.36)}" height="${f(r2 * 0.26)}" fill="${p.secondary}"/>` +
      birds +
      cloud(box.x + box.w * 0.86, box.y + box.h * 0.12, R * 0.2, p.surface) +
      `<path d="${shape}" fill="${p.primary}"/>` +
      gores +
      `<g clip-path="url(#${clip})"><rect x="${f(cx - R)}" y="${f(bandY)}" width="${f(R * 2)}" height="${f(R * 0.12)}" fill="${p.accent}"/>${pennants}` +
      `<path d="M${f(cx + R * 0.35)} ${f(cy - R)}C${f(cx + R * 1.05)} ${f(cy - R * 0.5)} ${f(cx + R)} ${f(cy + R * 0.7)} ${f(cx + R * 0.2)} ${f(cy + R * 1.2)}H${f(cx + R * 1.2)}V${f(cy - R)}Z" fill="${p.ink}" opacity="0.12"/></g>` +
      `<rect x="${f(cx - R * 0.32)}" y="${f(cy + R * 1.1)}" width="${f(R * 0.64)}" height="${f(R * 0.1)}" rx="${f(R * 0.04)}" fill="${p.accent}"/>` +
      `<path d="M${f(cx - R * 0.3)} ${f(cy + R * 1.2)}L${f(cx - bw / 2)} ${f(basketY)}M${f(cx + R * 0.3)} ${f(cy + R * 1.2)}L${f(cx + bw / 2)} ${f(basketY)}M${f(cx - R * 0.1)} ${f(cy + R * 1.2)}L${f(cx - bw * 0.18)} ${f(basketY)}M${f(cx + R * 0.1)} ${f(cy + R * 1.2)}L${f(cx + bw * 0.18)} ${f(basketY)}" stroke="${p.ink}" stroke-opacity="0.6" stroke-width="1.8"/>` +
      `<path d="M${f(cx - bw / 2)} ${f(basketY)}H${f(cx + bw / 2)}L${f(cx + bw * 0.42)} ${f(basketY + bh)}H${f(cx - bw * 0.42)}Z" fill="${wicker}"/>` +
      `<path d="M${f(cx - bw / 2)} ${f(basketY + bh * 0.35)}H${f(cx + bw / 2)}M${f(cx - bw * 0.46)} ${f(basketY + bh * 0.7)}H${f(cx + bw * 0.46)}" stroke="${mix(wicker, "#000000", 0.3)}" stroke-width="2"/>` +
      `<rect x="${f(cx - bw * 0.56)}" y="${f(basketY - 4)}" width="${f(bw * 1.12)}" height="8" rx="4" fill="${mix(wicker, "#000000", 0.25)}"/>` +
      cloud(box.x + box.w * 0.22, box.y + box.h * 0.86, R * 0.34, p.secondary) +
      cloud(box.x + box.w * 0.72, box.y + box.h * 0.9, R * 0.4, mix(p.secondary, p.surface, 0.5)) +
      cloud(box.x + box.w * 0.44, box.y + box.h * 0.94, R * 0.3, p.surface) +
      cloud(box.x + box.w * between(rng, 0.06, 0.12), box.y + box.h * 0.66, R * 0.16, p.surface)
    );
  },
};
