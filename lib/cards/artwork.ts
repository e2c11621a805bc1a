/**
 * Greeting-card artwork drawn as SVG from a card's data: the front, the opened inside and a
 * thumbnail. Output is deterministic (same card, same bytes) and self-contained: no fonts,
 * images or links are fetched, so the catalog works offline.
 */

export const CARD_ART_VIEWS = ["front", "inside", "thumbnail"] as const;
export type CardArtView = (typeof CARD_ART_VIEWS)[number];

export const MOTIFS = [
  "balloons",
  "confetti",
  "hearts",
  "snowflakes",
  "flowers",
  "stars",
  "leaves",
  "cake",
  "waves",
  "geometric",
  "ornaments",
  "menorah",
  "fireworks",
  "mountains",
  "rings",
  "moon",
  "gradcap",
] as const;
export type Motif = (typeof MOTIFS)[number];

export const TYPEFACES = ["serif", "sans", "script"] as const;
export type Typeface = (typeof TYPEFACES)[number];

export type Palette = {
  /** The card stock behind the art. */
  background: string;
  primary: string;
  secondary: string;
  accent: string;
  /** Text on the background. */
  ink: string;
  /** The paper inside the card and behind text plaques. */
  surface: string;
};

/** What the `cards.artwork` column holds (as JSON). */
export type CardArtwork = {
  motif: Motif;
  palette: Palette;
  headline: string;
  subline?: string;
  /** The line printed inside the card. */
  greeting: string;
  typeface?: Typeface;
};

export type ArtworkCard = {
  slug: string;
  name: string;
  isVertical: boolean;
  isPostcard: boolean;
  artistName: string;
  /** The `cards.artwork` JSON text, or an already parsed value. */
  artwork: string | Partial<CardArtwork> | null;
};

const FALLBACK_PALETTES: Palette[] = [
  { background: "#FFF4D6", primary: "#F2A541", secondary: "#E4572E", accent: "#29A19C", ink: "#3D2C2E", surface: "#FFFDF6" },
  { background: "#E3F2F3", primary: "#2E86AB", secondary: "#7FC8D6", accent: "#F6AE2D", ink: "#12355B", surface: "#F7FCFC" },
  { background: "#EFE9F7", primary: "#9B7EDE", secondary: "#F6C6EA", accent: "#5E4B8B", ink: "#3E2F5B", surface: "#FCFAFF" },
  { background: "#E8EFE4", primary: "#87A878", secondary: "#C9D8B6", accent: "#5B7553", ink: "#33443A", surface: "#FAFCF8" },
];

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * Reads the stored artwork, filling anything missing or malformed from the slug, so a card
 * created without artwork (or with a typo in it) still gets a consistent, valid image.
 */
export function parseArtwork(raw: ArtworkCard["artwork"], card: { slug: string; name: string }): CardArtwork {
  let value: Partial<CardArtwork> = {};
  if (typeof raw === "string") {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === "object") value = parsed as Partial<CardArtwork>;
    } catch {
      value = {};
    }
  } else if (raw && typeof raw === "object") {
    value = raw;
  }
  const seed = hashString(card.slug);
  const fallback = FALLBACK_PALETTES[seed % FALLBACK_PALETTES.length]!;
  const given = (value.palette ?? {}) as Partial<Palette>;
  const palette = Object.fromEntries(
    (Object.keys(fallback) as (keyof Palette)[]).map((key) => {
      const color = given[key];
      return [key, typeof color === "string" && HEX.test(color) ? color : fallback[key]];
    }),
  ) as Palette;
  const motif = MOTIFS.includes(value.motif as Motif) ? (value.motif as Motif) : MOTIFS[seed % MOTIFS.length]!;
  const typeface = TYPEFACES.includes(value.typeface as Typeface) ? (value.typeface as Typeface) : "serif";
  const text = (v: unknown, max: number) => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : undefined);
  return {
    motif,
    palette,
    headline: text(value.headline, 80) ?? card.name,
    subline: text(value.subline, 60),
    greeting: text(value.greeting, 240) ?? "Thinking of you.",
    typeface,
  };
}

export function renderCardArt(card: ArtworkCard, view: CardArtView): string {
  if (view === "inside") return renderCardInside(card);
  if (view === "thumbnail") return renderCardThumbnail(card);
  return renderCardFront(card);
}

// ---------------------------------------------------------------------------------------------
// Small helpers

type Box = { x: number; y: number; w: number; h: number };
type Rng = () => number;

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** Numbers with at most one decimal keep the markup small and the output stable. */
function f(n: number): string {
  const rounded = Math.round(n * 10) / 10;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa.map((v, i) => Math.round(v + (pb[i]! - v) * t).toString(16).padStart(2, "0")).join("")}`;
}

const inside = (x: number, y: number, box: Box | undefined, pad = 0) =>
  !!box && x > box.x - pad && x < box.x + box.w + pad && y > box.y - pad && y < box.y + box.h + pad;

const FONTS: Record<Typeface | "label", { family: string; weight: number; width: number; style?: string }> = {
  serif: { family: "Georgia, 'Iowan Old Style', 'Palatino Linotype', 'Times New Roman', serif", weight: 700, width: 0.56 },
  sans: { family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif", weight: 800, width: 0.6 },
  script: { family: "'Snell Roundhand', 'Segoe Script', 'Apple Chancery', 'Brush Script MT', cursive", weight: 400, width: 0.5, style: "italic" },
  label: { family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif", weight: 600, width: 0.62 },
};

function fontAttrs(face: Typeface | "label", size: number): string {
  const font = FONTS[face];
  return `font-family="${font.family}" font-size="${f(size)}" font-weight="${font.weight}"${font.style ? ` font-style="${font.style}"` : ""}`;
}

/** Splits text into the lines (at most `maxLines`) that allow the largest font in the box. */
function fitLines(text: string, box: { w: number; h: number }, face: Typeface | "label", maxSize: number, maxLines = 3) {
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

function textLines(lines: string[], cx: number, firstBaseline: number, size: number, lineHeight: number, attrs: string): string {
  return lines
    .map((line, i) => `<text x="${f(cx)}" y="${f(firstBaseline + i * lineHeight)}" text-anchor="middle" ${attrs}>${esc(line)}</text>`)
    .join("");
}

// ---------------------------------------------------------------------------------------------
// Shapes

function heartPath(cx: number, cy: number, s: number): string {
  const pts = [
    [0, 0.9],
    [-0.15, 0.78, -1, 0.3, -1, -0.3],
    [-1, -0.75, -0.6, -1, -0.3, -0.95],
    [-0.15, -0.93, -0.05, -0.82, 0, -0.7],
    [0.05, -0.82, 0.15, -0.93, 0.3, -0.95],
    [0.6, -1, 1, -0.75, 1, -0.3],
    [1, 0.3, 0.15, 0.78, 0, 0.9],
  ];
  const xy = (values: number[]) => values.map((v, i) => f(i % 2 === 0 ? cx + v * s : cy + v * s)).join(" ");
  return `M${xy(pts[0]!)}${pts
    .slice(1)
    .map((p) => `C${xy(p)}`)
    .join("")}Z`;
}

function starPoints(cx: number, cy: number, outer: number, inner: number, points = 5, rotation = -90): string {
  const result: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = ((rotation + (i * 180) / points) * Math.PI) / 180;
    result.push(`${f(cx + r * Math.cos(angle))},${f(cy + r * Math.sin(angle))}`);
  }
  return result.join(" ");
}

function sparkle(cx: number, cy: number, r: number, color: string): string {
  const k = r * 0.22;
  return `<path d="M${f(cx)} ${f(cy - r)}Q${f(cx + k)} ${f(cy - k)} ${f(cx + r)} ${f(cy)}Q${f(cx + k)} ${f(cy + k)} ${f(cx)} ${f(cy + r)}Q${f(cx - k)} ${f(cy + k)} ${f(cx - r)} ${f(cy)}Q${f(cx - k)} ${f(cy - k)} ${f(cx)} ${f(cy - r)}Z" fill="${color}"/>`;
}

function flame(cx: number, baseY: number, h: number): string {
  const w = h * 0.36;
  return (
    `<path d="M${f(cx)} ${f(baseY - h)}C${f(cx + w)} ${f(baseY - h * 0.45)} ${f(cx + w)} ${f(baseY)} ${f(cx)} ${f(baseY)}C${f(cx - w)} ${f(baseY)} ${f(cx - w)} ${f(baseY - h * 0.45)} ${f(cx)} ${f(baseY - h)}Z" fill="#F6B93B"/>` +
    `<path d="M${f(cx)} ${f(baseY - h * 0.55)}C${f(cx + w * 0.5)} ${f(baseY - h * 0.25)} ${f(cx + w * 0.45)} ${f(baseY)} ${f(cx)} ${f(baseY)}C${f(cx - w * 0.45)} ${f(baseY)} ${f(cx - w * 0.5)} ${f(baseY - h * 0.25)} ${f(cx)} ${f(baseY - h * 0.55)}Z" fill="#FFF1B5"/>`
  );
}

function leafShape(cx: number, cy: number, len: number, angle: number, fill: string, vein: string): string {
  const l = len / 2;
  return (
    `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(angle)})">` +
    `<path d="M0 ${f(-l)}C${f(l * 0.62)} ${f(-l * 0.55)} ${f(l * 0.5)} ${f(l * 0.45)} 0 ${f(l)}C${f(-l * 0.5)} ${f(l * 0.45)} ${f(-l * 0.62)} ${f(-l * 0.55)} 0 ${f(-l)}Z" fill="${fill}"/>` +
    `<path d="M0 ${f(-l * 0.8)}V${f(l * 1.25)}" stroke="${vein}" stroke-width="${f(Math.max(1.2, len * 0.035))}" stroke-linecap="round" fill="none" opacity="0.7"/>` +
    `</g>`
  );
}

// ---------------------------------------------------------------------------------------------
// Motifs. Scene motifs draw inside the art box; scatter motifs cover the card around a text plaque.

type DrawContext = { rng: Rng; p: Palette; box: Box; avoid?: Box; uid: string; dark: boolean };
type MotifDef = { kind: "scene" | "scatter"; draw(ctx: DrawContext): string };

function isDark(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

const MOTIF_DEFS: Record<Motif, MotifDef> = {
  balloons: {
    kind: "scene",
    draw({ rng, p, box }) {
      const colors = [p.primary, p.secondary, p.accent, p.primary, p.secondary];
      const rx = box.w * 0.1;
      const ry = rx * 1.22;
      const knot = { x: box.x + box.w / 2, y: box.y + box.h * 0.94 };
      const balloons = colors.map((color, i) => ({
        color,
        cx: box.x + box.w * (0.17 + (0.66 * i) / (colors.length - 1)) + between(rng, -12, 12),
        cy: box.y + box.h * (i % 2 === 0 ? 0.24 : 0.38) + between(rng, -18, 18),
      }));
      const strings = balloons
        .map(
          (b) =>
            `<path d="M${f(b.cx)} ${f(b.cy + ry + 6)}Q${f(b.cx + between(rng, -20, 20))} ${f((b.cy + ry + knot.y) / 2)} ${f(knot.x)} ${f(knot.y)}" stroke="${p.ink}" stroke-opacity="0.45" stroke-width="1.6" fill="none"/>`,
        )
        .join("");
      const shapes = balloons
        .sort((a, b) => a.cy - b.cy)
        .map(
          (b) =>
            `<ellipse cx="${f(b.cx)}" cy="${f(b.cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${b.color}"/>` +
            `<path d="M${f(b.cx - 6)} ${f(b.cy + ry + 8)}L${f(b.cx + 6)} ${f(b.cy + ry + 8)}L${f(b.cx)} ${f(b.cy + ry - 2)}Z" fill="${b.color}"/>` +
            `<ellipse cx="${f(b.cx - rx * 0.38)}" cy="${f(b.cy - ry * 0.42)}" rx="${f(rx * 0.2)}" ry="${f(ry * 0.3)}" fill="#FFFFFF" opacity="0.4" transform="rotate(-22 ${f(b.cx - rx * 0.38)} ${f(b.cy - ry * 0.42)})"/>`,
        )
        .join("");
      const bow = `<path d="M${f(knot.x)} ${f(knot.y)}l-16 -9v18zM${f(knot.x)} ${f(knot.y)}l16 -9v18z" fill="${p.accent}"/><circle cx="${f(knot.x)}" cy="${f(knot.y)}" r="4" fill="${p.accent}"/>`;
      return strings + shapes + bow;
    },
  },

  confetti: {
    kind: "scatter",
    draw({ rng, p, box, avoid }) {
      const colors = [p.primary, p.secondary, p.accent];
      const parts: string[] = [];
      for (let i = 0; i < 130; i++) {
        const x = between(rng, box.x + 6, box.x + box.w - 6);
        const y = between(rng, box.y + 6, box.y + box.h - 6);
        const color = pick(rng, colors);
        const kind = rng();
        const angle = between(rng, 0, 180);
        if (inside(x, y, avoid, 14)) continue;
        if (kind < 0.45) {
          const w = between(rng, 7, 14);
          const h = between(rng, 3, 6);
          parts.push(`<rect x="${f(x - w / 2)}" y="${f(y - h / 2)}" width="${f(w)}" height="${f(h)}" rx="1.5" fill="${color}" transform="rotate(${f(angle)} ${f(x)} ${f(y)})"/>`);
        } else if (kind < 0.8) {
          parts.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 2.5, 5.5))}" fill="${color}"/>`);
        } else {
          parts.push(
            `<path d="M${f(x - 9)} ${f(y)}q4.5 -7 9 0t9 0" stroke="${color}" stroke-width="3" stroke-linecap="round" fill="none" transform="rotate(${f(angle)} ${f(x)} ${f(y)})"/>`,
          );
        }
      }
      return parts.join("");
    },
  },

  hearts: {
    kind: "scene",
    draw({ rng, p, box }) {
      const cx = box.x + box.w / 2;
      const cy = box.y + box.h / 2 + 6;
      const s = Math.min(box.w, box.h) * 0.34;
      const small: string[] = [];
      for (let i = 0; i < 40 && small.length < 12; i++) {
        const x = between(rng, box.x + 18, box.x + box.w - 18);
        const y = between(rng, box.y + 18, box.y + box.h - 18);
        if (Math.hypot((x - cx) / 1.15, y - cy) < s * 1.25) continue;
        small.push(`<path d="${heartPath(x, y, between(rng, 9, 20))}" fill="${pick(rng, [p.secondary, p.accent, p.primary])}" opacity="${f(between(rng, 0.7, 1))}"/>`);
      }
      return (
        small.join("") +
        `<path d="${heartPath(cx + 8, cy + 8, s)}" fill="${p.ink}" opacity="0.12"/>` +
        `<path d="${heartPath(cx, cy, s)}" fill="${p.primary}"/>` +
        `<path d="${heartPath(cx, cy, s * 0.8)}" fill="none" stroke="${p.surface}" stroke-width="2.5" stroke-dasharray="2 7" stroke-linecap="round" opacity="0.85"/>` +
        `<ellipse cx="${f(cx - s * 0.5)}" cy="${f(cy - s * 0.55)}" rx="${f(s * 0.16)}" ry="${f(s * 0.09)}" fill="#FFFFFF" opacity="0.35" transform="rotate(-35 ${f(cx - s * 0.5)} ${f(cy - s * 0.55)})"/>`
      );
    },
  },

  snowflakes: {
    kind: "scatter",
    draw({ rng, p, box, avoid, dark }) {
      const colors = dark ? [p.ink, p.secondary, p.accent] : [p.primary, p.accent, p.secondary];
      const parts: string[] = [];
      for (let i = 0; i < 70; i++) {
        const x = between(rng, box.x + 6, box.x + box.w - 6);
        const y = between(rng, box.y + 6, box.y + box.h - 6);
        if (inside(x, y, avoid, 8)) continue;
        parts.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 1.2, 3))}" fill="${colors[0]}" opacity="${f(between(rng, 0.35, 0.8))}"/>`);
      }
      let placed = 0;
      for (let i = 0; i < 120 && placed < 20; i++) {
        const r = between(rng, 10, 30);
        const x = between(rng, box.x + r, box.x + box.w - r);
        const y = between(rng, box.y + r, box.y + box.h - r);
        if (inside(x, y, avoid, r + 6)) continue;
        placed++;
        const color = pick(rng, colors);
        const arm = `M0 0V${f(-r)}M0 ${f(-r * 0.55)}L${f(-r * 0.24)} ${f(-r * 0.78)}M0 ${f(-r * 0.55)}L${f(r * 0.24)} ${f(-r * 0.78)}M0 ${f(-r * 0.3)}L${f(-r * 0.14)} ${f(-r * 0.44)}M0 ${f(-r * 0.3)}L${f(r * 0.14)} ${f(-r * 0.44)}`;
        const arms = [0, 60, 120, 180, 240, 300].map((a) => `<path d="${arm}" transform="rotate(${a})"/>`).join("");
        parts.push(
          `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(between(rng, 0, 60))})" stroke="${color}" stroke-width="${f(Math.max(1.6, r * 0.09))}" stroke-linecap="round" fill="none">${arms}</g>`,
        );
      }
      return parts.join("");
    },
  },

  flowers: {
    kind: "scene",
    draw({ rng, p, box }) {
      const count = 3 + Math.floor(rng() * 3);
      const baseY = box.y + box.h;
      const stemColor = mix(p.accent, "#2F6B3A", 0.5);
      const parts: string[] = [];
      const heads: string[] = [];
      for (let i = 0; i < count; i++) {
        const hx = box.x + box.w * (0.14 + (0.72 * i) / (count - 1)) + between(rng, -14, 14);
        const hy = box.y + box.h * between(rng, 0.2, 0.5);
        const sx = box.x + box.w / 2 + (hx - box.x - box.w / 2) * 0.25;
        parts.push(
          `<path d="M${f(sx)} ${f(baseY)}Q${f((sx + hx) / 2 + between(rng, -30, 30))} ${f((baseY + hy) / 2)} ${f(hx)} ${f(hy)}" stroke="${stemColor}" stroke-width="4" stroke-linecap="round" fill="none"/>`,
        );
        const ly = hy + (baseY - hy) * between(rng, 0.45, 0.65);
        const lx = sx + (hx - sx) * ((ly - baseY) / (hy - baseY));
        parts.push(leafShape(lx + 14, ly, 34, 60, mix(stemColor, "#FFFFFF", 0.15), mix(stemColor, "#000000", 0.2)));
        parts.push(leafShape(lx - 14, ly + 16, 30, -60, stemColor, mix(stemColor, "#000000", 0.2)));
        const petals = 5 + Math.floor(rng() * 4);
        const r = between(rng, 28, 44);
        const color = i % 2 === 0 ? p.primary : p.secondary;
        const rot = between(rng, 0, 90);
        const petalsSvg = Array.from({ length: petals }, (_, k) => {
          const a = rot + (k * 360) / petals;
          return `<ellipse cx="0" cy="${f(-r * 0.55)}" rx="${f(r * 0.32)}" ry="${f(r * 0.55)}" transform="rotate(${f(a)})"/>`;
        }).join("");
        heads.push(
          `<g transform="translate(${f(hx)} ${f(hy)})"><g fill="${color}">${petalsSvg}</g><circle r="${f(r * 0.3)}" fill="${p.accent}"/><circle r="${f(r * 0.14)}" fill="${mix(p.accent, "#FFFFFF", 0.35)}"/></g>`,
        );
      }
      for (let i = 0; i < 14; i++) {
        heads.push(
          `<circle cx="${f(between(rng, box.x, box.x + box.w))}" cy="${f(between(rng, box.y, box.y + box.h * 0.75))}" r="${f(between(rng, 2, 4.5))}" fill="${pick(rng, [p.primary, p.secondary, p.accent])}" opacity="0.6"/>`,
        );
      }
      return parts.join("") + heads.join("");
    },
  },

  stars: {
    kind: "scatter",
    draw({ rng, p, box, avoid, dark }) {
      const colors = dark ? [p.primary, p.ink, p.secondary] : [p.primary, p.secondary, p.accent];
      const parts: string[] = [];
      for (let i = 0; i < 60; i++) {
        const x = between(rng, box.x + 4, box.x + box.w - 4);
        const y = between(rng, box.y + 4, box.y + box.h - 4);
        if (inside(x, y, avoid, 6)) continue;
        parts.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 1, 2.4))}" fill="${colors[1]}" opacity="${f(between(rng, 0.4, 0.9))}"/>`);
      }
      let placed = 0;
      for (let i = 0; i < 140 && placed < 26; i++) {
        const r = placed < 3 ? between(rng, 22, 34) : between(rng, 6, 17);
        const x = between(rng, box.x + r, box.x + box.w - r);
        const y = between(rng, box.y + r, box.y + box.h - r);
        if (inside(x, y, avoid, r + 6)) continue;
        placed++;
        const color = pick(rng, colors);
        parts.push(
          rng() < 0.25 ? sparkle(x, y, r, color) : `<polygon points="${starPoints(x, y, r, r * 0.45, 5, -90 + between(rng, -15, 15))}" fill="${color}"/>`,
        );
      }
      return parts.join("");
    },
  },

  leaves: {
    kind: "scene",
    draw({ rng, p, box }) {
      const colors = [p.primary, p.secondary, p.accent, mix(p.primary, p.secondary, 0.5)];
      const parts: string[] = [];
      const cols = 4;
      const rows = 4;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          if (rng() < 0.15) continue;
          const x = box.x + ((c + 0.5) * box.w) / cols + between(rng, -18, 18);
          const y = box.y + ((r + 0.5) * box.h) / rows + between(rng, -18, 18);
          const color = pick(rng, colors);
          parts.push(leafShape(x, y, between(rng, 40, 66), between(rng, -70, 70), color, mix(color, "#000000", 0.3)));
        }
      }
      for (let i = 0; i < 10; i++) {
        parts.push(
          `<circle cx="${f(between(rng, box.x, box.x + box.w))}" cy="${f(between(rng, box.y, box.y + box.h))}" r="${f(between(rng, 2, 4))}" fill="${pick(rng, colors)}" opacity="0.55"/>`,
        );
      }
      return parts.join("");
    },
  },

  cake: {
    kind: "scene",
    draw({ rng, p, box }) {
      const cx = box.x + box.w / 2;
      const plateY = box.y + box.h * 0.92;
      const bottom = { w: box.w * 0.64, h: box.h * 0.24 };
      const top = { w: box.w * 0.44, h: box.h * 0.2 };
      const bottomY = plateY - 8 - bottom.h;
      const topY = bottomY - top.h;
      const frosting = (x: number, y: number, w: number, color: string) => {
        const n = 6;
        const step = w / n;
        let d = `M${f(x)} ${f(y)}H${f(x + w)}V${f(y + 12)}`;
        for (let i = n; i > 0; i--) {
          const depth = i % 2 === 0 ? 22 : 12;
          d += `Q${f(x + (i - 0.5) * step)} ${f(y + 12 + depth)} ${f(x + (i - 1) * step)} ${f(y + 12)}`;
        }
        return `<path d="${d}Z" fill="${color}"/>`;
      };
      const sprinkles = Array.from({ length: 18 }, () => {
        const x = between(rng, cx - bottom.w / 2 + 10, cx + bottom.w / 2 - 10);
        const y = between(rng, bottomY + 34, bottomY + bottom.h - 10);
        return `<rect x="${f(x)}" y="${f(y)}" width="8" height="3" rx="1.5" fill="${pick(rng, [p.accent, p.surface, p.secondary])}" transform="rotate(${f(between(rng, 0, 180))} ${f(x + 4)} ${f(y + 1.5)})"/>`;
      }).join("");
      const candles = [-2, -1, 0, 1, 2]
        .map((k) => {
          const x = cx + k * (top.w / 6);
          const h = 38;
          return (
            `<rect x="${f(x - 4)}" y="${f(topY - h)}" width="8" height="${h}" rx="2" fill="${k % 2 === 0 ? p.accent : p.surface}"/>` +
            `<path d="M${f(x - 4)} ${f(topY - h + 10)}l8 -5M${f(x - 4)} ${f(topY - h + 22)}l8 -5M${f(x - 4)} ${f(topY - h + 34)}l8 -5" stroke="${p.primary}" stroke-width="2"/>` +
            flame(x, topY - h - 3, 20)
          );
        })
        .join("");
      return (
        `<ellipse cx="${f(cx)}" cy="${f(plateY)}" rx="${f(box.w * 0.42)}" ry="14" fill="${p.surface}" stroke="${p.ink}" stroke-opacity="0.25" stroke-width="2"/>` +
        `<rect x="${f(cx - bottom.w / 2)}" y="${f(bottomY)}" width="${f(bottom.w)}" height="${f(bottom.h + 6)}" rx="8" fill="${p.primary}"/>` +
        frosting(cx - bottom.w / 2, bottomY, bottom.w, p.surface) +
        sprinkles +
        `<rect x="${f(cx - top.w / 2)}" y="${f(topY)}" width="${f(top.w)}" height="${f(top.h + 4)}" rx="8" fill="${p.secondary}"/>` +
        frosting(cx - top.w / 2, topY, top.w, p.surface) +
        candles
      );
    },
  },

  waves: {
    kind: "scene",
    draw({ rng, p, box, uid }) {
      const clip = `${uid}-waves`;
      const sunX = box.x + box.w * between(rng, 0.62, 0.78);
      const sunY = box.y + box.h * 0.3;
      const colors = [p.secondary, mix(p.secondary, p.primary, 0.5), p.primary, mix(p.primary, p.ink, 0.35)];
      const bands = colors
        .map((color, i) => {
          const y = box.y + box.h * (0.5 + i * 0.12);
          const amp = 10 + i * 3;
          const waves = 2 + (i % 2);
          const step = box.w / waves;
          const phase = between(rng, -step / 2, 0);
          let d = `M${f(box.x - step + phase)} ${f(y)}`;
          for (let k = -1; k <= waves + 1; k++) {
            const x0 = box.x + k * step + phase;
            d += `Q${f(x0 + step / 4)} ${f(y - amp)} ${f(x0 + step / 2)} ${f(y)}T${f(x0 + step)} ${f(y)}`;
          }
          d += `V${f(box.y + box.h + 2)}H${f(box.x - step)}Z`;
          return `<path d="${d}" fill="${color}"/>`;
        })
        .join("");
      const birds = [0, 1, 2]
        .map((i) => {
          const x = box.x + box.w * (0.18 + i * 0.09) + between(rng, -6, 6);
          const y = box.y + box.h * (0.18 + (i % 2) * 0.06);
          return `<path d="M${f(x - 9)} ${f(y)}q4.5 -6 9 0q4.5 -6 9 0" stroke="${p.ink}" stroke-opacity="0.55" stroke-width="2" fill="none" stroke-linecap="round"/>`;
        })
        .join("");
      return (
        `<defs><clipPath id="${clip}"><rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" rx="14"/></clipPath></defs>` +
        `<g clip-path="url(#${clip})"><rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" fill="${mix(p.background, p.surface, 0.5)}"/>` +
        `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(box.w * 0.13)}" fill="${p.accent}"/>` +
        `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(box.w * 0.19)}" fill="${p.accent}" opacity="0.2"/>` +
        birds +
        bands +
        `</g>`
      );
    },
  },

  geometric: {
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
  },

  ornaments: {
    kind: "scene",
    draw({ rng, p, box }) {
      const count = 4;
      const parts: string[] = [
        `<path d="M${f(box.x - 10)} ${f(box.y + 6)}Q${f(box.x + box.w / 2)} ${f(box.y + 40)} ${f(box.x + box.w + 10)} ${f(box.y + 6)}" stroke="${p.secondary}" stroke-width="10" stroke-linecap="round" fill="none"/>`,
      ];
      const sagAt = (x: number) => {
        const t = (x - box.x + 10) / (box.w + 20);
        return box.y + 6 + 2 * t * (1 - t) * 34;
      };
      for (let i = 0; i < count; i++) {
        const x = box.x + box.w * (0.14 + (0.72 * i) / (count - 1)) + between(rng, -8, 8);
        const r = between(rng, 34, 50);
        const cy = box.y + box.h * (i % 2 === 0 ? 0.42 : 0.64) + between(rng, -20, 20);
        const color = i % 2 === 0 ? p.primary : p.accent;
        const band = i % 2 === 0 ? p.accent : p.primary;
        parts.push(
          `<path d="M${f(x)} ${f(sagAt(x))}V${f(cy - r - 10)}" stroke="${p.ink}" stroke-opacity="0.5" stroke-width="1.5"/>` +
            `<rect x="${f(x - 9)}" y="${f(cy - r - 12)}" width="18" height="14" rx="3" fill="#D4AF37"/>` +
            `<circle cx="${f(x)}" cy="${f(cy)}" r="${f(r)}" fill="${color}"/>` +
            `<ellipse cx="${f(x)}" cy="${f(cy)}" rx="${f(r * 0.98)}" ry="${f(r * 0.22)}" fill="none" stroke="${band}" stroke-width="5"/>` +
            `<ellipse cx="${f(x)}" cy="${f(cy - r * 0.45)}" rx="${f(r * 0.86)}" ry="${f(r * 0.14)}" fill="none" stroke="${band}" stroke-width="2.5"/>` +
            `<circle cx="${f(x - r * 0.38)}" cy="${f(cy - r * 0.38)}" r="${f(r * 0.16)}" fill="#FFFFFF" opacity="0.45"/>`,
        );
      }
      for (let i = 0; i < 8; i++) {
        parts.push(sparkle(between(rng, box.x, box.x + box.w), between(rng, box.y + box.h * 0.2, box.y + box.h), between(rng, 5, 10), p.surface));
      }
      return parts.join("");
    },
  },

  menorah: {
    kind: "scene",
    draw({ rng, p, box }) {
      const cx = box.x + box.w / 2;
      const cupY = box.y + box.h * 0.52;
      const dx = (box.w * 0.84) / 8;
      const metal = p.primary;
      const parts: string[] = [];
      for (let k = 1; k <= 4; k++) {
        parts.push(`<path d="M${f(cx - k * dx)} ${f(cupY)}A${f(k * dx)} ${f(k * dx * 0.85)} 0 0 0 ${f(cx + k * dx)} ${f(cupY)}" stroke="${metal}" stroke-width="6" fill="none"/>`);
      }
      const baseY = box.y + box.h * 0.93;
      parts.push(`<path d="M${f(cx)} ${f(cupY - 30)}V${f(baseY - 14)}" stroke="${metal}" stroke-width="9"/>`);
      parts.push(`<path d="M${f(cx - 60)} ${f(baseY)}Q${f(cx)} ${f(baseY - 40)} ${f(cx + 60)} ${f(baseY)}Z" fill="${metal}"/>`);
      for (let k = -4; k <= 4; k++) {
        const x = cx + k * dx;
        const top = k === 0 ? cupY - 30 : cupY;
        const h = 42;
        parts.push(`<rect x="${f(x - 11)}" y="${f(top - 8)}" width="22" height="9" rx="3" fill="${metal}"/>`);
        parts.push(`<rect x="${f(x - 5)}" y="${f(top - 8 - h)}" width="10" height="${h}" rx="2" fill="${k === 0 ? p.surface : p.secondary}"/>`);
        parts.push(flame(x, top - 8 - h - 3, 22));
      }
      for (let i = 0; i < 16; i++) {
        const x = between(rng, box.x, box.x + box.w);
        const y = between(rng, box.y, box.y + box.h * 0.28);
        parts.push(`<polygon points="${starPoints(x, y, between(rng, 4, 8), 2, 6)}" fill="${p.secondary}" opacity="0.7"/>`);
      }
      return parts.join("");
    },
  },

  fireworks: {
    kind: "scene",
    draw({ rng, p, box }) {
      const colors = [p.primary, p.secondary, p.accent];
      const bursts = [
        { x: 0.3, y: 0.3, r: 0.26 },
        { x: 0.72, y: 0.24, r: 0.2 },
        { x: 0.62, y: 0.66, r: 0.24 },
        { x: 0.24, y: 0.74, r: 0.14 },
      ];
      const parts: string[] = [];
      bursts.forEach((b, i) => {
        const cx = box.x + box.w * b.x + between(rng, -10, 10);
        const cy = box.y + box.h * b.y + between(rng, -10, 10);
        const R = Math.min(box.w, box.h) * b.r;
        const rays = 14 + Math.floor(rng() * 8);
        const color = colors[i % colors.length]!;
        const rot = between(rng, 0, 30);
        for (let k = 0; k < rays; k++) {
          const a = ((rot + (k * 360) / rays) * Math.PI) / 180;
          const r0 = R * 0.28;
          const r1 = R * (k % 2 === 0 ? 1 : 0.82);
          parts.push(
            `<path d="M${f(cx + r0 * Math.cos(a))} ${f(cy + r0 * Math.sin(a))}L${f(cx + r1 * Math.cos(a))} ${f(cy + r1 * Math.sin(a))}" stroke="${color}" stroke-width="3" stroke-linecap="round"/>` +
              `<circle cx="${f(cx + (r1 + 7) * Math.cos(a))}" cy="${f(cy + (r1 + 7) * Math.sin(a))}" r="2.6" fill="${color}"/>`,
          );
        }
        parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.12)}" fill="${color}" opacity="0.6"/>`);
      });
      for (let i = 0; i < 12; i++) {
        parts.push(sparkle(between(rng, box.x, box.x + box.w), between(rng, box.y, box.y + box.h), between(rng, 4, 9), pick(rng, colors)));
      }
      return parts.join("");
    },
  },

  mountains: {
    kind: "scene",
    draw({ rng, p, box, uid }) {
      const clip = `${uid}-mountains`;
      const b = box;
      const ground = b.y + b.h;
      const peak = (x: number, y: number, half: number, color: string, snow: boolean) => {
        const sx = half * 0.3;
        const sy = (ground - y) * 0.3;
        return (
          `<path d="M${f(x - half)} ${f(ground)}L${f(x)} ${f(y)}L${f(x + half)} ${f(ground)}Z" fill="${color}"/>` +
          (snow
            ? `<path d="M${f(x - sx)} ${f(y + sy)}L${f(x)} ${f(y)}L${f(x + sx)} ${f(y + sy)}L${f(x + sx * 0.4)} ${f(y + sy * 0.8)}L${f(x)} ${f(y + sy * 1.05)}L${f(x - sx * 0.45)} ${f(y + sy * 0.8)}Z" fill="${p.surface}"/>`
            : "")
        );
      };
      return (
        `<defs><clipPath id="${clip}"><rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.w)}" height="${f(b.h)}" rx="14"/></clipPath></defs>` +
        `<g clip-path="url(#${clip})"><rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.w)}" height="${f(b.h)}" fill="${mix(p.background, p.surface, 0.55)}"/>` +
        `<circle cx="${f(b.x + b.w * between(rng, 0.6, 0.75))}" cy="${f(b.y + b.h * 0.3)}" r="${f(b.w * 0.12)}" fill="${p.accent}"/>` +
        peak(b.x + b.w * 0.22, b.y + b.h * 0.36, b.w * 0.42, p.secondary, false) +
        peak(b.x + b.w * 0.8, b.y + b.h * 0.4, b.w * 0.4, mix(p.secondary, p.primary, 0.4), false) +
        peak(b.x + b.w * 0.5, b.y + b.h * 0.22, b.w * 0.5, p.primary, true) +
        `<path d="M${f(b.x)} ${f(ground - b.h * 0.1)}Q${f(b.x + b.w * 0.5)} ${f(ground - b.h * 0.2)} ${f(b.x + b.w)} ${f(ground - b.h * 0.08)}V${f(ground)}H${f(b.x)}Z" fill="${mix(p.primary, p.ink, 0.35)}"/>` +
        [0.16, 0.3, 0.84]
          .map((t) => {
            const x = b.x + b.w * t;
            const y = ground - b.h * 0.12;
            return `<path d="M${f(x)} ${f(y - 34)}L${f(x + 13)} ${f(y)}H${f(x - 13)}Z" fill="${mix(p.primary, p.ink, 0.55)}"/>`;
          })
          .join("") +
        `</g>`
      );
    },
  },

  rings: {
    kind: "scene",
    draw({ rng, p, box }) {
      const cx = box.x + box.w / 2;
      const cy = box.y + box.h * 0.56;
      const r = Math.min(box.w, box.h) * 0.22;
      const ring = (x: number, y: number) =>
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="none" stroke="${p.primary}" stroke-width="16"/>` +
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="none" stroke="${p.secondary}" stroke-width="3" stroke-dasharray="${f(r * 1.2)} ${f(r * 5)}" stroke-linecap="round"/>`;
      const left = { x: cx - r * 0.55, y: cy + 8 };
      const right = { x: cx + r * 0.55, y: cy - 8 };
      const gemY = left.y - r - 8;
      const parts = [
        ring(left.x, left.y),
        ring(right.x, right.y),
        `<path d="M${f(right.x - r * 0.55)} ${f(right.y + r * 0.85)}A${f(r)} ${f(r)} 0 0 1 ${f(right.x - r)} ${f(right.y)}" stroke="${p.primary}" stroke-width="16" fill="none"/>`,
        `<polygon points="${f(left.x - 16)},${f(gemY)} ${f(left.x - 8)},${f(gemY - 12)} ${f(left.x + 8)},${f(gemY - 12)} ${f(left.x + 16)},${f(gemY)} ${f(left.x)},${f(gemY + 16)}" fill="${p.surface}" stroke="${p.accent}" stroke-width="2"/>`,
        sparkle(left.x + 28, gemY - 22, 10, p.accent),
      ];
      for (let i = 0; i < 10; i++) {
        const x = between(rng, box.x + 10, box.x + box.w - 10);
        const y = between(rng, box.y + 10, box.y + box.h - 10);
        if (Math.hypot(x - cx, y - cy) < r * 1.9) continue;
        parts.push(rng() < 0.5 ? sparkle(x, y, between(rng, 5, 11), p.accent) : `<path d="${heartPath(x, y, between(rng, 7, 12))}" fill="${p.secondary}"/>`);
      }
      return parts.join("");
    },
  },

  moon: {
    kind: "scene",
    draw({ rng, p, box }) {
      const r = Math.min(box.w, box.h) * 0.26;
      const cx = box.x + box.w * 0.46;
      const cy = box.y + box.h * 0.42;
      const cloud = (x: number, y: number, s: number) =>
        `<g fill="${p.surface}"><circle cx="${f(x)}" cy="${f(y)}" r="${f(s)}"/><circle cx="${f(x + s * 1.1)}" cy="${f(y + s * 0.2)}" r="${f(s * 0.8)}"/><circle cx="${f(x - s * 1.05)}" cy="${f(y + s * 0.3)}" r="${f(s * 0.7)}"/><rect x="${f(x - s * 1.75)}" y="${f(y + s * 0.3)}" width="${f(s * 3.7)}" height="${f(s * 0.7)}" rx="${f(s * 0.35)}"/></g>`;
      const parts = [
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 1.35)}" fill="${p.primary}" opacity="0.15"/>`,
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${p.primary}"/>`,
        `<circle cx="${f(cx + r * 0.45)}" cy="${f(cy - r * 0.25)}" r="${f(r * 0.88)}" fill="${p.background}"/>`,
      ];
      for (let i = 0; i < 30 && parts.length < 17; i++) {
        const x = between(rng, box.x + 10, box.x + box.w - 10);
        const y = between(rng, box.y + 10, box.y + box.h * 0.75);
        if (Math.hypot(x - cx, y - cy) < r * 1.5) continue;
        parts.push(`<polygon points="${starPoints(x, y, between(rng, 5, 12), 2.5)}" fill="${pick(rng, [p.secondary, p.accent])}"/>`);
      }
      parts.push(cloud(box.x + box.w * 0.3, box.y + box.h * 0.82, 26), cloud(box.x + box.w * 0.74, box.y + box.h * 0.72, 20));
      return parts.join("");
    },
  },

  gradcap: {
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
  },
};

// ---------------------------------------------------------------------------------------------
// Views

type Layout = { w: number; h: number; art: Box; text: Box; scatter: boolean };

function frontLayout(vertical: boolean, scatter: boolean): Layout {
  if (vertical) {
    return scatter
      ? { w: 500, h: 700, art: { x: 24, y: 24, w: 452, h: 652 }, text: { x: 62, y: 250, w: 376, h: 200 }, scatter }
      : { w: 500, h: 700, art: { x: 50, y: 56, w: 400, h: 390 }, text: { x: 50, y: 466, w: 400, h: 178 }, scatter };
  }
  return scatter
    ? { w: 700, h: 500, art: { x: 24, y: 24, w: 652, h: 452 }, text: { x: 120, y: 150, w: 460, h: 200 }, scatter }
    : { w: 700, h: 500, art: { x: 44, y: 50, w: 320, h: 400 }, text: { x: 386, y: 70, w: 276, h: 360 }, scatter };
}

function headlineBlock(art: CardArtwork, box: Box, color: string, accent: string): string {
  const face = art.typeface ?? "serif";
  const subSize = art.subline ? Math.min(17, (box.w * 0.9) / (art.subline.length * FONTS.label.width * 1.12)) : 0;
  const subSpace = art.subline ? subSize + 34 : 0;
  const maxSize = face === "script" ? 76 : 64;
  const fit = fitLines(art.headline, { w: box.w, h: box.h * 0.86 - subSpace }, face, maxSize);
  const lineHeight = fit.size * 1.12;
  const blockHeight = fit.lines.length * lineHeight + subSpace;
  const top = box.y + (box.h - blockHeight) / 2;
  const cx = box.x + box.w / 2;
  let svg = textLines(fit.lines, cx, top + fit.size * 0.9, fit.size, lineHeight, `${fontAttrs(face, fit.size)} fill="${color}"`);
  if (art.subline) {
    const dividerY = top + fit.lines.length * lineHeight + 12;
    svg +=
      `<path d="M${f(cx - 34)} ${f(dividerY)}H${f(cx - 8)}M${f(cx + 8)} ${f(dividerY)}H${f(cx + 34)}" stroke="${accent}" stroke-width="2" stroke-linecap="round"/>` +
      `<circle cx="${f(cx)}" cy="${f(dividerY)}" r="3" fill="${accent}"/>` +
      `<text x="${f(cx)}" y="${f(dividerY + 14 + subSize)}" text-anchor="middle" ${fontAttrs("label", subSize)} letter-spacing="${f(subSize * 0.12)}" fill="${color}" opacity="0.85">${esc(art.subline.toUpperCase())}</text>`;
  }
  return svg;
}

function svgOpen(w: number, h: number, title: string, size?: { width: number; height: number }): string {
  const width = size?.width ?? w;
  const height = size?.height ?? h;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${f(width)}" height="${f(height)}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>`;
}

function paperDefs(uid: string, p: Palette): string {
  return (
    `<defs><radialGradient id="${uid}-sheen" cx="0.3" cy="0.2" r="0.95"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.28"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${uid}-fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.ink}" stop-opacity="0"/><stop offset="1" stop-color="${p.ink}" stop-opacity="0.1"/></linearGradient></defs>`
  );
}

function front(card: ArtworkCard, size?: { width: number }): string {
  const art = parseArtwork(card.artwork, card);
  const def = MOTIF_DEFS[art.motif];
  const layout = frontLayout(card.isVertical, def.kind === "scatter");
  const { w, h, text } = layout;
  const p = art.palette;
  const uid = `c${hashString(card.slug).toString(36)}`;
  const dark = isDark(p.background);
  const rng = createRng(hashString(`${card.slug}:${art.motif}`));
  const motif = def.draw({ rng, p, box: layout.art, avoid: layout.scatter ? text : undefined, uid, dark });
  const plaque = layout.scatter
    ? `<rect x="${text.x + 6}" y="${text.y + 6}" width="${text.w}" height="${text.h}" rx="14" fill="${p.ink}" opacity="0.12"/>` +
      `<rect x="${text.x}" y="${text.y}" width="${text.w}" height="${text.h}" rx="14" fill="${p.surface}"/>` +
      `<rect x="${text.x + 8}" y="${text.y + 8}" width="${text.w - 16}" height="${text.h - 16}" rx="9" fill="none" stroke="${p.primary}" stroke-width="1.5" opacity="0.7"/>`
    : "";
  // Text on the plaque must contrast with the plaque, whatever the card's own ink is.
  const textColor = !layout.scatter ? p.ink : isDark(p.surface) ? "#FFFFFF" : isDark(p.ink) ? p.ink : p.background;
  const pad = layout.scatter ? 18 : 0;
  const textBox = { x: text.x + pad, y: text.y + pad, w: text.w - pad * 2, h: text.h - pad * 2 };
  const scaled = size ? { width: size.width, height: (size.width * h) / w } : undefined;
  return (
    svgOpen(w, h, `${card.name} — front`, scaled) +
    paperDefs(uid, p) +
    `<rect width="${w}" height="${h}" rx="6" fill="${p.background}"/>` +
    motif +
    plaque +
    headlineBlock(art, textBox, textColor, p.primary) +
    `<rect width="${w}" height="${h}" rx="6" fill="url(#${uid}-sheen)"/>` +
    `<rect x="14" y="14" width="${w - 28}" height="${h - 28}" rx="3" fill="none" stroke="${p.ink}" stroke-opacity="0.18" stroke-width="1.5"/>` +
    `<rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" rx="6" fill="none" stroke="#000000" stroke-opacity="0.12"/>` +
    `</svg>`
  );
}

export function renderCardFront(card: ArtworkCard): string {
  return front(card);
}

/** The front at 240 px wide: the catalog grid shows many at once. */
export function renderCardThumbnail(card: ArtworkCard): string {
  return front(card, { width: 240 });
}

function credit(card: ArtworkCard, x: number, y: number, color: string, anchor: "middle" | "start" = "middle"): string {
  return (
    `<text x="${f(x)}" y="${f(y)}" text-anchor="${anchor}" ${fontAttrs("label", 12)} fill="${color}" opacity="0.75">${esc(`Design by ${card.artistName}`)}</text>` +
    `<text x="${f(x)}" y="${f(y + 17)}" text-anchor="${anchor}" ${fontAttrs("label", 10)} letter-spacing="1.5" fill="${color}" opacity="0.55">${esc(`${card.name.toUpperCase()} · CARDMAIL`)}</text>`
  );
}

function emblem(art: CardArtwork, cx: number, cy: number): string {
  const p = art.palette;
  const inner =
    art.motif === "hearts" || art.motif === "rings"
      ? `<path d="${heartPath(cx, cy, 13)}" fill="${p.primary}"/>`
      : art.motif === "snowflakes" || art.motif === "stars" || art.motif === "moon" || art.motif === "gradcap"
        ? `<polygon points="${starPoints(cx, cy, 15, 6.5)}" fill="${p.primary}"/>`
        : art.motif === "flowers" || art.motif === "leaves"
          ? leafShape(cx, cy, 28, 35, p.primary, p.surface)
          : sparkle(cx, cy, 15, p.primary);
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="30" fill="${p.background}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="36" fill="none" stroke="${p.primary}" stroke-opacity="0.4" stroke-width="1.5"/>${inner}`;
}

function greetingBlock(art: CardArtwork, box: Box): string {
  const face = art.typeface === "script" ? "script" : "serif";
  const fit = fitLines(art.greeting, box, face, 34, 5);
  const lineHeight = fit.size * 1.3;
  const top = box.y + (box.h - fit.lines.length * lineHeight) / 2 + fit.size;
  const attrs = `${fontAttrs(face, fit.size).replace(/font-weight="\d+"/, 'font-weight="400"')} fill="${art.palette.ink}"`;
  return textLines(fit.lines, box.x + box.w / 2, top, fit.size, lineHeight, attrs);
}

/** The card opened flat: folded cards show two panels, a postcard shows its message side. */
export function renderCardInside(card: ArtworkCard): string {
  const art = parseArtwork(card.artwork, card);
  const p = art.palette;
  const uid = `c${hashString(card.slug).toString(36)}i`;
  const paper = isDark(p.surface) ? "#FBF8F2" : p.surface;
  // Printed on light paper: dark palettes' light ink would vanish, so borrow their dark background.
  const paperInk = isDark(p.ink) ? p.ink : isDark(p.background) ? p.background : "#2B2B2B";
  const paperArt = { ...art, palette: { ...p, ink: paperInk } };
  if (card.isPostcard) return postcardBack(card, paperArt, paper, uid);

  const panelW = card.isVertical ? 500 : 700;
  const panelH = card.isVertical ? 700 : 500;
  const w = card.isVertical ? panelW * 2 : panelW;
  const h = card.isVertical ? panelH : panelH * 2;
  // The greeting panel: the right one of a side fold, the lower one of a top fold.
  const second = card.isVertical ? { x: panelW, y: 0 } : { x: 0, y: panelH };
  const ink = paperArt.palette.ink;
  const foldShade = card.isVertical
    ? `<rect x="${panelW - 60}" y="0" width="60" height="${h}" fill="url(#${uid}-fold)"/><rect x="${panelW}" y="0" width="40" height="${h}" fill="url(#${uid}-fold)" transform="rotate(180 ${panelW + 20} ${h / 2})"/>`
    : `<rect x="0" y="${panelH - 60}" width="${w}" height="60" fill="url(#${uid}-foldv)"/><rect x="0" y="${panelH}" width="${w}" height="40" fill="url(#${uid}-foldv)" transform="rotate(180 ${w / 2} ${panelH + 20})"/>`;
  const foldLine = card.isVertical ? `M${panelW} 0V${h}` : `M0 ${panelH}H${w}`;
  const greetingBox = { x: second.x + 60, y: second.y + panelH * 0.16, w: panelW - 120, h: panelH * 0.34 };
  const lines = Array.from({ length: 3 }, (_, i) => {
    const y = greetingBox.y + greetingBox.h + 70 + i * 44;
    return `<path d="M${second.x + 90} ${f(y)}H${second.x + panelW - 90}" stroke="${ink}" stroke-opacity="0.1" stroke-width="1.2"/>`;
  }).join("");
  const band = card.isVertical
    ? `<rect x="${second.x}" y="0" width="${panelW}" height="16" fill="${p.background}"/><rect x="${second.x}" y="16" width="${panelW}" height="4" fill="${p.primary}"/>`
    : `<rect x="0" y="${second.y + panelH - 16}" width="${w}" height="16" fill="${p.background}"/><rect x="0" y="${second.y + panelH - 20}" width="${w}" height="4" fill="${p.primary}"/>`;
  return (
    svgOpen(w, h, `${card.name} — inside`) +
    paperDefs(uid, p) +
    `<defs><linearGradient id="${uid}-foldv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ink}" stop-opacity="0"/><stop offset="1" stop-color="${ink}" stop-opacity="0.1"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" rx="6" fill="${paper}"/>` +
    band +
    emblem(art, panelW / 2, panelH * 0.58) +
    credit(card, panelW / 2, panelH - 56, ink) +
    greetingBlock(paperArt, greetingBox) +
    `<path d="M${f(second.x + panelW / 2 - 24)} ${f(greetingBox.y + greetingBox.h + 22)}H${f(second.x + panelW / 2 + 24)}" stroke="${p.primary}" stroke-width="2.5" stroke-linecap="round"/>` +
    lines +
    foldShade +
    `<path d="${foldLine}" stroke="${ink}" stroke-opacity="0.18" stroke-width="1.5"/>` +
    `<rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" rx="6" fill="none" stroke="#000000" stroke-opacity="0.15"/>` +
    `</svg>`
  );
}

function postcardBack(card: ArtworkCard, art: CardArtwork, paper: string, uid: string): string {
  const w = card.isVertical ? 500 : 700;
  const h = card.isVertical ? 700 : 500;
  const p = art.palette;
  const ink = p.ink;
  if (card.isVertical) {
    // A portrait postcard: message above, address below.
    const stamp = { x: w - 118, y: h / 2 + 30, w: 80, h: 96 };
    return (
      svgOpen(w, h, `${card.name} — back`) +
      paperDefs(uid, p) +
      `<rect width="${w}" height="${h}" rx="6" fill="${paper}"/>` +
      greetingBlock(art, { x: 50, y: 60, w: w - 100, h: h / 2 - 130 }) +
      `<path d="M40 ${h / 2}H${w - 40}" stroke="${ink}" stroke-opacity="0.25" stroke-width="1.5"/>` +
      stampBox(art, stamp) +
      [0, 1, 2, 3].map((i) => `<path d="M50 ${h / 2 + 170 + i * 40}H${w - 150}" stroke="${ink}" stroke-opacity="0.2" stroke-width="1.2"/>`).join("") +
      credit(card, 40, h - 44, ink, "start") +
      `<rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" rx="6" fill="none" stroke="#000000" stroke-opacity="0.15"/></svg>`
    );
  }
  const split = w * 0.56;
  const stamp = { x: w - 118, y: 38, w: 80, h: 96 };
  return (
    svgOpen(w, h, `${card.name} — back`) +
    paperDefs(uid, p) +
    `<rect width="${w}" height="${h}" rx="6" fill="${paper}"/>` +
    greetingBlock(art, { x: 40, y: 60, w: split - 80, h: h * 0.5 }) +
    `<path d="M${f(split)} 40V${h - 40}" stroke="${ink}" stroke-opacity="0.25" stroke-width="1.5"/>` +
    stampBox(art, stamp) +
    [0, 1, 2, 3].map((i) => `<path d="M${f(split + 28)} ${220 + i * 46}H${w - 40}" stroke="${ink}" stroke-opacity="0.22" stroke-width="1.2"/>`).join("") +
    credit(card, 40, h - 52, ink, "start") +
    `<rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" rx="6" fill="none" stroke="#000000" stroke-opacity="0.15"/></svg>`
  );
}

function stampBox(art: CardArtwork, box: Box): string {
  const p = art.palette;
  return (
    `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="${p.background}" stroke="${p.ink}" stroke-opacity="0.35" stroke-width="2" stroke-dasharray="5 4"/>` +
    `<rect x="${box.x + 10}" y="${box.y + 10}" width="${box.w - 20}" height="${box.h - 20}" fill="none" stroke="${p.primary}" stroke-width="1.5"/>` +
    emblemSmall(art, box.x + box.w / 2, box.y + box.h / 2)
  );
}

function emblemSmall(art: CardArtwork, cx: number, cy: number): string {
  const p = art.palette;
  return art.motif === "hearts" ? `<path d="${heartPath(cx, cy, 16)}" fill="${p.primary}"/>` : `<polygon points="${starPoints(cx, cy, 18, 8)}" fill="${p.primary}"/>`;
}
