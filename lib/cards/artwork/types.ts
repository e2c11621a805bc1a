export const CARD_ART_VIEWS = ["front", "inside", "back", "thumbnail"] as const;
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
  "partyhats",
  "dove",
  "dreidels",
  "toast",
  "cocoa",
  "tree",
  "peonies",
  "necktie",
  "tulips",
  "sailboat",
  "giftbox",
  "bunting",
  "handheart",
  "rosette",
  "heron",
  "willow",
  "teacup",
  "lovebirds",
  "bells",
  "constellation",
  "popper",
  "pram",
  "mobile",
  "hotair",
  "cottage",
  "lavender",
  "beach",
  "loveletter",
  "sunburst",
  "plaid",
  "pumpkins",
  "butterflies",
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

/** What the `cards.artwork` column holds (as JSON), once read by `parseArtwork`. */
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
