import { mix } from "../color";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const teacup: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w / 400, box.h / 390);
    const sunX = box.x + box.w * 0.84;
    const sunY = box.y + box.h * 0.16;
    const sunR = 46 * s;
    const rays = Array.from({ length: 12 }, (_, i) => {
      const a = ((i * 30 + 8) * Math.PI) / 180;
      const r0 = sunR + 10 * s;
      const r1 = sunR + (i % 2 === 0 ? 30 : 20) * s;
      return `<path d="M${f(sunX + r0 * Math.cos(a))} ${f(sunY + r0 * Math.sin(a))}L${f(sunX + r1 * Math.cos(a))} ${f(sunY + r1 * Math.sin(a))}" stroke="${p.primary}" stroke-width="${f(6 * s)}" stroke-linecap="round"/>`;
    }).join("");
    const cloud = (x: number, y: number, r: number) =>
      `<g fill="${p.surface}"><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}"/><circle cx="${f(x + r)}" cy="${f(y + r * 0.25)}" r="${f(r * 0.75)}"/><circle cx="${f(x - r * 0.95)}" cy="${f(y + r * 0.3)}" r="${f(r * 0.65)}"/><rect x="${f(x - r * 1.6)}" y="${f(y + r * 0.25)}" width="${f(r * 3.3)}" height="${f(r * 0.7)}" rx="${f(r * 0.35)}"/></g>`;
    const cx = box.x + box.w * 0.46;
    const W = box.w * 0.5;
    const H = box.h * 0.3;
    const rimY = box.y + box.h * 0.5;
    const rimRy = W * 0.11;
    const cup = p.accent;
    const tea = mix(p.primary, "#6B3410", 0.45);
    const body = `M${f(cx - W / 2)} ${f(rimY)}C${f(cx - W / 2)} ${f(rimY + H * 0.85)} ${f(cx - W * 0.3)} ${f(rimY + H)} ${f(cx)} ${f(rimY + H)}C${f(cx + W * 0.3)} ${f(rimY + H)} ${f(cx + W / 2)} ${f(rimY + H * 0.85)} ${f(cx + W / 2)} ${f(rimY)}Z`;
    const dots = [-2, -1, 0, 1, 2].map((k) => `<circle cx="${f(cx + k * W * 0.17)}" cy="${f(rimY + H * 0.36 + Math.abs(k) * -3 * s)}" r="${f(7 * s)}" fill="${p.surface}"/>`).join("");
    const steam = [-1, 0, 1]
      .map((k) => {
        const x = cx + k * W * 0.22;
        const y = rimY - 20 * s;
        const h = (k === 0 ? 120 : 90) * s;
        const sway = (k === 0 ? 1 : -1) * 14 * s * (0.8 + rng() * 0.4);
        return `<path d="M${f(x)} ${f(y)}C${f(x + sway)} ${f(y - h * 0.3)} ${f(x - sway)} ${f(y - h * 0.55)} ${f(x)} ${f(y - h * 0.75)}S${f(x + sway)} ${f(y - h)} ${f(x + sway * 0.3)} ${f(y - h * 1.05)}" stroke="${mix(p.ink, p.background, 0.55)}" stroke-width="${f(6 * s)}" stroke-linecap="round" fill="none" opacity="0.6"/>`;
      })
      .join("");
    const lx = cx - W * 0.62;
    const ly = rimY + H * 0.86;
    const lr = 34 * s;
    const segments = Array.from({ length: 8 }, (_, i) => {
      const a = (i * 45 * Math.PI) / 180;
      return `<path d="M${f(lx)} ${f(ly)}L${f(lx + lr * 0.8 * Math.cos(a))} ${f(ly + lr * 0.8 * Math.sin(a))}" stroke="#FFF6C9" stroke-width="${f(2.5 * s)}"/>`;
    }).join("");
    const lemon =
      `<circle cx="${f(lx)}" cy="${f(ly)}" r="${f(lr)}" fill="#E8C12E"/>` +
      `<circle cx="${f(lx)}" cy="${f(ly)}" r="${f(lr * 0.86)}" fill="#F7DC56"/>` +
      segments +
      `<circle cx="${f(lx)}" cy="${f(ly)}" r="${f(lr * 0.14)}" fill="#FFF6C9"/>`;
    const tagX = cx + W * 0.22;
    const tag =
      `<path d="M${f(tagX)} ${f(rimY - 4)}Q${f(tagX + 14 * s)} ${f(rimY + 10 * s)} ${f(tagX + 4 * s)} ${f(rimY + H * 0.55)}" stroke="${p.surface}" stroke-width="${f(1.8 * s)}" fill="none"/>` +
      `<rect x="${f(tagX - 10 * s)}" y="${f(rimY + H * 0.55)}" width="${f(28 * s)}" height="${f(24 * s)}" rx="${f(3 * s)}" fill="${p.secondary}" transform="rotate(-6 ${f(tagX)} ${f(rimY + H * 0.6)})"/>`;
    return (
      `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR)}" fill="${p.primary}"/>` +
      rays +
      cloud(sunX - sunR * 0.9, sunY + sunR * 0.6, 26 * s) +
      steam +
      `<ellipse cx="${f(cx)}" cy="${f(rimY + H + 10 * s)}" rx="${f(W * 0.86)}" ry="${f(W * 0.17)}" fill="${p.ink}" opacity="0.12"/>` +
      `<ellipse cx="${f(cx)}" cy="${f(rimY + H + 2 * s)}" rx="${f(W * 0.82)}" ry="${f(W * 0.16)}" fill="${p.surface}" stroke="${p.ink}" stroke-opacity="0.2" stroke-width="2"/>` +
      `<ellipse cx="${f(cx)}" cy="${f(rimY + H + 2 * s)}" rx="${f(W * 0.46)}" ry="${f(W * 0.08)}" fill="${mix(p.surface, p.primary, 0.2)}"/>` +
      `<path d="M${f(cx + W * 0.44)} ${f(rimY + H * 0.15)}C${f(cx + W * 0.78)} ${f(rimY + H * 0.05)} ${f(cx + W * 0.8)} ${f(rimY + H * 0.7)} ${f(cx + W * 0.34)} ${f(rimY + H * 0.78)}" stroke="${cup}" stroke-width="${f(13 * s)}" stroke-linecap="round" fill="none"/>` +
      `<path d="${body}" fill="${cup}"/>` +
      `<path d="M${f(cx + W * 0.18)} ${f(rimY + H * 0.96)}C${f(cx + W * 0.4)} ${f(rimY + H * 0.8)} ${f(cx + W * 0.49)} ${f(rimY + H * 0.5)} ${f(cx + W * 0.5)} ${f(rimY)}H${f(cx + W * 0.4)}C${f(cx + W * 0.4)} ${f(rimY + H * 0.5)} ${f(cx + W * 0.3)} ${f(rimY + H * 0.8)} ${f(cx + W * 0.18)} ${f(rimY + H * 0.96)}Z" fill="${p.ink}" opacity="0.15"/>` +
      dots +
      `<path d="M${f(cx - W * 0.38)} ${f(rimY + H * 0.18)}Q${f(cx - W * 0.36)} ${f(rimY + H * 0.62)} ${f(cx - W * 0.2)} ${f(rimY + H * 0.82)}" stroke="#FFFFFF" stroke-width="${f(5 * s)}" stroke-linecap="round" fill="none" opacity="0.35"/>` +
      `<ellipse cx="${f(cx)}" cy="${f(rimY)}" rx="${f(W / 2)}" ry="${f(rimRy)}" fill="${mix(cup, p.surface, 0.55)}"/>` +
      `<ellipse cx="${f(cx)}" cy="${f(rimY + rimRy * 0.2)}" rx="${f(W / 2 - 7 * s)}" ry="${f(rimRy * 0.72)}" fill="${tea}"/>` +
      tag +
      lemon
    );
  },
};
