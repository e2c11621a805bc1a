import { mix } from "../color";
import { between } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

/** A small sailboat on still water as the sun sets, its light laid across the water in streaks. */
export const sailboat: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box, uid }) {
    const clip = `${uid}-sail`;
    const sky = `${uid}-sky`;
    const b = box;
    const s = Math.min(b.w, b.h) / 320;
    const horizon = b.y + b.h * 0.6;
    const sunX = b.x + b.w * 0.6;
    const sunR = b.w * 0.2;
    const warm = mix(p.accent, "#E4572E", 0.35);
    const water = p.primary;
    const streaks = Array.from({ length: 7 }, (_, k) => {
      const y = horizon + 10 * s + k * ((b.y + b.h - horizon) / 7.5);
      const w = sunR * (1.7 - k * 0.16) * between(rng, 0.85, 1.1);
      return `<rect x="${f(sunX - w / 2 + between(rng, -8, 8))}" y="${f(y)}" width="${f(w)}" height="${f(4 * s)}" rx="${f(2 * s)}" fill="${p.accent}" opacity="${f(0.85 - k * 0.08)}"/>`;
    }).join("");
    const boatX = b.x + b.w * 0.34;
    const hullY = horizon + b.h * 0.12;
    const hullW = b.w * 0.36;
    const mastH = b.h * 0.42;
    const hull = `M${f(boatX - hullW / 2)} ${f(hullY)}H${f(boatX + hullW / 2)}L${f(boatX + hullW * 0.36)} ${f(hullY + 18 * s)}H${f(boatX - hullW * 0.4)}Z`;
    const boat =
      `<path d="M${f(boatX)} ${f(hullY)}V${f(hullY - mastH)}" stroke="${p.ink}" stroke-width="${f(3 * s)}"/>` +
      `<path d="M${f(boatX + 3 * s)} ${f(hullY - mastH)}Q${f(boatX + hullW * 0.5)} ${f(hullY - mastH * 0.45)} ${f(boatX + hullW * 0.46)} ${f(hullY - 10 * s)}H${f(boatX + 3 * s)}Z" fill="${p.surface}"/>` +
      `<path d="M${f(boatX + 3 * s)} ${f(hullY - mastH)}Q${f(boatX + hullW * 0.5)} ${f(hullY - mastH * 0.45)} ${f(boatX + hullW * 0.46)} ${f(hullY - 10 * s)}H${f(boatX + hullW * 0.3)}Q${f(boatX + hullW * 0.3)} ${f(hullY - mastH * 0.5)} ${f(boatX + 3 * s)} ${f(hullY - mastH)}Z" fill="${p.secondary}" opacity="0.5"/>` +
      `<path d="M${f(boatX - 3 * s)} ${f(hullY - mastH * 0.86)}L${f(boatX - hullW * 0.42)} ${f(hullY - 10 * s)}H${f(boatX - 3 * s)}Z" fill="${mix(p.surface, warm, 0.35)}"/>` +
      `<path d="M${f(boatX)} ${f(hullY - mastH)}l${f(14 * s)} ${f(5 * s)}l${f(-14 * s)} ${f(5 * s)}Z" fill="${warm}"/>` +
      `<path d="${hull}" fill="${p.ink}"/>` +
      `<path d="M${f(boatX - hullW / 2)} ${f(hullY + 4 * s)}H${f(boatX + hullW / 2)}" stroke="${p.surface}" stroke-width="${f(2.5 * s)}" opacity="0.8"/>`;
    const reflection = `<g transform="translate(0 ${f(hullY * 2 + 36 * s)}) scale(1 -1)" opacity="0.25"><path d="${hull}" fill="${p.ink}"/><path d="M${f(boatX)} ${f(hullY)}V${f(hullY - mastH * 0.5)}" stroke="${p.ink}" stroke-width="${f(3 * s)}"/></g>`;
    const ripples = [0.2, 0.5, 0.82]
      .map((t, k) => {
        const x = b.x + b.w * t;
        const y = horizon + b.h * (0.22 + k * 0.06);
        return `<path d="M${f(x - 20 * s)} ${f(y)}q${f(10 * s)} ${f(-5 * s)} ${f(20 * s)} 0t${f(20 * s)} 0" stroke="${p.secondary}" stroke-width="${f(2.5 * s)}" stroke-linecap="round" fill="none" opacity="0.7"/>`;
      })
      .join("");
    const cloud = (x: number, y: number, w: number) => `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(7 * s)}" rx="${f(3.5 * s)}" fill="${p.surface}" opacity="0.6"/>`;
    return (
      `<defs><clipPath id="${clip}"><rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.w)}" height="${f(b.h)}" rx="14"/></clipPath>` +
      `<linearGradient id="${sky}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.secondary, p.surface, 0.3)}"/><stop offset="0.6" stop-color="${mix(p.accent, p.surface, 0.55)}"/><stop offset="1" stop-color="${mix(warm, p.surface, 0.3)}"/></linearGradient></defs>` +
      `<g clip-path="url(#${clip})">` +
      `<rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.w)}" height="${f(horizon - b.y)}" fill="url(#${sky})"/>` +
      `<circle cx="${f(sunX)}" cy="${f(horizon)}" r="${f(sunR * 1.35)}" fill="${p.accent}" opacity="0.25"/>` +
      `<circle cx="${f(sunX)}" cy="${f(horizon)}" r="${f(sunR)}" fill="${warm}"/>` +
      cloud(b.x + b.w * 0.46, horizon - sunR * 0.55, b.w * 0.34) +
      cloud(b.x + b.w * 0.62, horizon - sunR * 0.3, b.w * 0.4) +
      cloud(b.x + b.w * 0.08, b.y + b.h * 0.2, b.w * 0.26) +
      `<rect x="${f(b.x)}" y="${f(horizon)}" width="${f(b.w)}" height="${f(b.y + b.h - horizon)}" fill="${water}"/>` +
      `<rect x="${f(b.x)}" y="${f(horizon)}" width="${f(b.w)}" height="${f(6 * s)}" fill="${mix(water, p.surface, 0.3)}"/>` +
      streaks +
      ripples +
      reflection +
      boat +
      `</g>`
    );
  },
};
