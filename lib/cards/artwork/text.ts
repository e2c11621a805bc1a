import { escapeXml, f } from "./svg";
import type { Typeface } from "./types";

/** `width`: the average glyph width as a share of the font size, to estimate line lengths without measuring. */
export const FONTS: Record<Typeface | "label", { family: string; weight: number; width: number; style?: string }> = {
  serif: { family: "Georgia, 'Iowan Old Style', 'Palatino Linotype', 'Times New Roman', serif", weight: 700, width: 0.56 },
  sans: { family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif", weight: 800, width: 0.6 },
  script: { family: "'Snell Roundhand', 'Segoe Script', 'Apple Chancery', 'Brush Script MT', cursive", weight: 400, width: 0.5, style: "italic" },
  label: { family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif", weight: 600, width: 0.62 },
};

export function fontAttrs(face: Typeface | "label", size: number): string {
  const font = FONTS[face];
  return `font-family="${font.family}" font-size="${f(size)}" font-weight="${font.weight}"${font.style ? ` font-style="${font.style}"` : ""}`;
}

/** Splits text into the lines (at most `maxLines`) that allow the largest font in the box. */
export function fitLines(text: string, box: { w: number; h: number }, face: Typeface | "label", maxSize: number, maxLines = 3) {
  const width = FONTS[face].width;
  const sizeFor = (lines: string[]) => {
    const longest = Math.max(...lines.map((l) => l.length), 1);
    return Math.min(maxSize, (box.w * 0.92) / (longest * width), box.h / (lines.length * 1.18));
  };
  if (text.includes("\n")) {
    const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
    return { lines, size: sizeFor(lines) };
  }
  const words = text.split(/\s+/).filter(Boolean);
  let best = { lines: [words.join(" ")], size: sizeFor([words.join(" ")]) };
  for (let n = 2; n <= Math.min(maxLines, words.length); n++) {
    const lines = balancedLines(words, n);
    const size = sizeFor(lines);
    // A bigger font wins; between near-equal sizes, fewer lines read better.
    if (size > best.size * 1.04) best = { lines, size };
  }
  return best;
}

/** Breaks words into exactly n lines whose longest line is as short as possible. */
function balancedLines(words: string[], n: number): string[] {
  const m = words.length;
  const span = (i: number, j: number) => words.slice(i, j).join(" ").length;
  // longest[k][j]: the shortest possible longest line when the first j words fill k lines.
  const longest: number[][] = Array.from({ length: n + 1 }, () => Array<number>(m + 1).fill(Infinity));
  const cut: number[][] = Array.from({ length: n + 1 }, () => Array<number>(m + 1).fill(0));
  longest[0]![0] = 0;
  for (let k = 1; k <= n; k++) {
    for (let j = k; j <= m; j++) {
      for (let i = k - 1; i < j; i++) {
        const value = Math.max(longest[k - 1]![i]!, span(i, j));
        if (value < longest[k]![j]!) {
          longest[k]![j] = value;
          cut[k]![j] = i;
        }
      }
    }
  }
  const lines: string[] = [];
  for (let k = n, j = m; k > 0; k--) {
    const i = cut[k]![j]!;
    lines.unshift(words.slice(i, j).join(" "));
    j = i;
  }
  return lines;
}

export function textLines(lines: string[], cx: number, firstBaseline: number, size: number, lineHeight: number, attrs: string): string {
  return lines
    .map((line, i) => `<text x="${f(cx)}" y="${f(firstBaseline + i * lineHeight)}" text-anchor="middle" ${attrs}>${escapeXml(line)}</text>`)
    .join("");
}
