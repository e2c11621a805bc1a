import { z } from "zod";
import { hashString } from "./random";
import { MOTIFS, TYPEFACES, type ArtworkCard, type CardArtwork, type Palette } from "./types";

const FALLBACK_PALETTES: Palette[] = [
  { background: "#FFF4D6", primary: "#F2A541", secondary: "#E4572E", accent: "#29A19C", ink: "#3D2C2E", surface: "#FFFDF6" },
  { background: "#E3F2F3", primary: "#2E86AB", secondary: "#7FC8D6", accent: "#F6AE2D", ink: "#12355B", surface: "#F7FCFC" },
  { background: "#EFE9F7", primary: "#9B7EDE", secondary: "#F6C6EA", accent: "#5E4B8B", ink: "#3E2F5B", surface: "#FCFAFF" },
  { background: "#E8EFE4", primary: "#87A878", secondary: "#C9D8B6", accent: "#5B7553", ink: "#33443A", surface: "#FAFCF8" },
];

// Every field falls back on its own: one typo must not cost a card the rest of its design.
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/).optional().catch(undefined);
const trimmedText = (maxLength: number) =>
  z
    .string()
    .trim()
    .min(1)
    .transform((value) => value.slice(0, maxLength))
    .optional()
    .catch(undefined);

const storedPaletteSchema = z
  .object({ background: hexColor, primary: hexColor, secondary: hexColor, accent: hexColor, ink: hexColor, surface: hexColor })
  .catch({});

function parseJsonOrUndefined(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/**
 * The `cards.artwork` column, as JSON text or already parsed. Never fails: what is missing or
 * malformed comes out `undefined`, for `parseArtwork` to fill from the card.
 */
const storedArtworkSchema = z
  .preprocess(
    (raw) => (typeof raw === "string" ? parseJsonOrUndefined(raw) : raw),
    z.object({
      motif: z.enum(MOTIFS).optional().catch(undefined),
      palette: storedPaletteSchema,
      headline: trimmedText(80),
      subline: trimmedText(60),
      greeting: trimmedText(240),
      typeface: z.enum(TYPEFACES).optional().catch(undefined),
    }),
  )
  .catch({ palette: {} });

/**
 * The motifs a card without one is drawn with: the first release's, a fixed list, so that adding
 * motifs never changes the picture of a card an admin created without artwork.
 */
const FALLBACK_MOTIFS = MOTIFS.slice(0, MOTIFS.indexOf("gradcap") + 1);

/**
 * Reads the stored artwork, filling anything missing or malformed from the slug, so a card
 * created without artwork (or with a typo in it) still gets a consistent, valid image.
 */
export function parseArtwork(raw: ArtworkCard["artwork"], card: { slug: string; name: string }): CardArtwork {
  const stored = storedArtworkSchema.parse(raw);
  const seed = hashString(card.slug);
  const fallback = FALLBACK_PALETTES[seed % FALLBACK_PALETTES.length]!;
  const palette = Object.fromEntries(
    (Object.keys(fallback) as (keyof Palette)[]).map((key) => [key, stored.palette[key] ?? fallback[key]]),
  ) as Palette;
  return {
    motif: stored.motif ?? FALLBACK_MOTIFS[seed % FALLBACK_MOTIFS.length]!,
    palette,
    headline: stored.headline ?? card.name,
    subline: stored.subline,
    greeting: stored.greeting ?? "Thinking of you.",
    typeface: stored.typeface ?? "serif",
  };
}
