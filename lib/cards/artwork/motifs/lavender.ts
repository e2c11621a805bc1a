import { mix } from "../color";
import { between, pick } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const lavender: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const s = Math.min(box.w / 400, box.h / 390);
    const cx = box.x + box.w / 2;
    const tie = { x: cx, y: box.y + box.h * 0.7 };
    const stem = mix("#6E8B5A", p.accent, 0.15);
    const budColors = [p.primary, mix(p.primary, p.accent, 0.45), mix(p.primary, p.surface, 0.25)];
    const count = 9;
    const sprigs: string[] = [];
    const heads: string[] = [];
    for (let i = 0; i < count; i++) {
      const angle = ((-30 + (60 * i) / (count - 1) + between(rng, -3, 3)) * Math.PI) / 180;
      const len = box.h * between(rng, 0.56, 0.66);
      const below = box.h * between(rng, 0.2, 0.26);
      const dx = Math.sin(angle);
      const dy = -Math.cos(angle);
      const top = { x: tie.x + dx * len, y: tie.y + dy * len };
      const end = { x: tie.x - dx * below * 0.8, y: tie.y - dy * below };
      sprigs.push(`<path d="M${f(end.x)} ${f(end.y)}L${f(top.x)} ${f(top.y)}" stroke="${stem}" stroke-width="${f(3.2 * s)}" stroke-linecap="round"/>`);
      // Buds come in pairs up the last third of the stem, shrinking toward the tip.
      const pairs = 9;
      for (let k = 0; k < pairs; k++) {
        const t = 0.6 + (0.4 * k) / pairs;
        const x = tie.x + dx * len * t;
        const y = tie.y + dy * len * t;
        const size = (1 - k / (pairs + 3)) * 8 * s;
        const deg = (angle * 180) / Math.PI;
        for (const side of [-1, 1]) {
          const bx = x + Math.cos(angle) * side * size * 0.55;
          const by = y + Math.sin(angle) * side * size * 0.55;
          heads.push(
            `<ellipse cx="${f(bx)}" cy="${f(by)}" rx="${f(size * 0.62)}" ry="${f(size)}" fill="${pick(rng, budColors)}" transform="rotate(${f(deg + side * 30)} ${f(bx)} ${f(by)})"/>`,
          );
        }
      }
      heads.push(`<ellipse cx="${f(top.x)}" cy="${f(top.y)}" rx="${f(3.5 * s)}" ry="${f(6 * s)}" fill="${p.primary}" transform="rotate(${f((angle * 180) / Math.PI)} ${f(top.x)} ${f(top.y)})"/>`);
    }
    const leaves = [-1, 1]
      .map(
        (side) =>
          `<path d="M${f(tie.x)} ${f(tie.y - 20 * s)}Q${f(tie.x + side * 40 * s)} ${f(tie.y - 70 * s)} ${f(tie.x + side * 56 * s)} ${f(tie.y - 120 * s)}Q${f(tie.x + side * 24 * s)} ${f(tie.y - 70 * s)} ${f(tie.x)} ${f(tie.y - 20 * s)}Z" fill="${mix(stem, p.surface, 0.15)}"/>`,
      )
      .join("");
    const twine = mix("#C9A47A", p.ink, 0.1);
    const twineDark = mix("#C9A47A", p.ink, 0.35);
    const wraps = [-8, 0, 8].map((o) => `<path d="M${f(tie.x - 20 * s)} ${f(tie.y + o * s - 3 * s)}Q${f(tie.x)} ${f(tie.y + o * s + 5 * s)} ${f(tie.x + 20 * s)} ${f(tie.y + o * s - 3 * s)}" stroke="${twine}" stroke-width="${f(4.5 * s)}" stroke-linecap="round" fill="none"/>`).join("");
    const bow =
      `<g transform="translate(${f(tie.x)} ${f(tie.y)}) scale(${f(s * 1.3)})" fill="none" stroke-linecap="round">` +
      `<path d="M0 0C-22 -26 -52 -14 -40 4C-32 14 -14 8 0 0Z" stroke="${twine}" stroke-width="5"/>` +
      `<path d="M0 0C22 -26 52 -14 40 4C32 14 14 8 0 0Z" stroke="${twine}" stroke-width="5"/>` +
      `<path d="M0 2Q-14 30 -30 52M0 2Q10 34 24 58" stroke="${twineDark}" stroke-width="4"/>` +
      `<circle cx="0" cy="0" r="6" fill="${twineDark}" stroke="none"/>` +
      `</g>`;
    const loose = Array.from({ length: 9 }, () => {
      const x = between(rng, box.x + 10, box.x + box.w - 10);
      const y = between(rng, box.y + box.h * 0.5, box.y + box.h - 8);
      if (Math.abs(x - cx) < box.w * 0.2) return "";
      return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(3 * s)}" ry="${f(5 * s)}" fill="${pick(rng, budColors)}" transform="rotate(${f(between(rng, 0, 180))} ${f(x)} ${f(y)})"/>`;
    }).join("");
    return (
      `<ellipse cx="${f(cx)}" cy="${f(box.y + box.h * 0.46)}" rx="${f(box.w * 0.44)}" ry="${f(box.h * 0.46)}" fill="${p.surface}" opacity="0.75"/>` +
      loose +
      leaves +
      sprigs.join("") +
      heads.join("") +
      wraps +
      bow
    );
  },
};
