import { pick } from "../random";
import { f } from "../svg";
import type { MotifDrawing } from "./types";

export const geometric: MotifDrawing = {
  kind: "scene",
  draw({ rng, p, box }) {
    const colors = [p.primary, p.secondary, p.accent, p.surface];
    const cols = 4;
    const rows = Math.max(3, Math.round((cols * box.h) / box.w));
    const size = Math.min(box.w / cols, box.h / rows);
    const ox = box.x + (box.w - size * cols) / 2;
    const oy = box.y + (box.h - size * rows) / 2;
    const parts: string[] = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const x = ox + c * size;
        const y = oy + r * size;
        const bg = pick(rng, colors);
        const fg = pick(rng, colors.filter((color) => color !== bg));
        parts.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(size)}" height="${f(size)}" fill="${bg}"/>`);
        const shape = Math.floor(rng() * 6);
        const corner = Math.floor(rng() * 4);
        const cxs = [x, x + size, x + size, x];
        const cys = [y, y, y + size, y + size];
        if (shape === 0) {
          parts.push(`<circle cx="${f(x + size / 2)}" cy="${f(y + size / 2)}" r="${f(size * 0.34)}" fill="${fg}"/>`);
        } else if (shape === 1) {
          const qx = cxs[corner]!;
          const qy = cys[corner]!;
          const sx = corner === 0 || corner === 3 ? 1 : -1;
          const sy = corner < 2 ? 1 : -1;
          parts.push(
            `<path d="M${f(qx)} ${f(qy)}L${f(qx + sx * size)} ${f(qy)}A${f(size)} ${f(size)} 0 0 ${sx * sy > 0 ? 1 : 0} ${f(qx)} ${f(qy + sy * size)}Z" fill="${fg}"/>`,
          );
        } else if (shape === 2) {
          parts.push(`<path d="M${f(x)} ${f(y + size)}A${f(size / 2)} ${f(size / 2)} 0 0 1 ${f(x + size)} ${f(y + size)}Z" fill="${fg}"/>`);
        } else if (shape === 3) {
          parts.push(`<path d="M${f(cxs[corner]!)} ${f(cys[corner]!)}L${f(cxs[(corner + 1) % 4]!)} ${f(cys[(corner + 1) % 4]!)}L${f(cxs[(corner + 3) % 4]!)} ${f(cys[(corner + 3) % 4]!)}Z" fill="${fg}"/>`);
        } else if (shape === 4) {
          parts.push(
            `<rect x="${f(x + size * 0.3)}" y="${f(y + size * 0.3)}" width="${f(size * 0.4)}" height="${f(size * 0.4)}" fill="${fg}" transform="rotate(45 ${f(x + size / 2)} ${f(y + size / 2)})"/>`,
          );
        } else {
          parts.push(`<circle cx="${f(x + size / 2)}" cy="${f(y + size / 2)}" r="${f(size * 0.3)}" fill="none" stroke="${fg}" stroke-width="${f(size * 0.1)}"/>`);
        }
      }
    }
    return `<g>${parts.join("")}</g><rect x="${f(ox)}" y="${f(oy)}" width="${f(size * cols)}" height="${f(size * rows)}" fill="none" stroke="${p.ink}" stroke-opacity="0.15" stroke-width="2"/>`;
  },
};
