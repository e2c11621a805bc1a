import type { Rng } from "../random";
import type { Box } from "../svg";
import type { Palette } from "../types";

/** `avoid`: the text plaque a scatter motif leaves clear; `uid`: the card's prefix for the ids a motif defines. */
export type DrawContext = { rng: Rng; p: Palette; box: Box; avoid?: Box; uid: string; dark: boolean };

/** A scene draws inside the art box beside the text; a scatter covers the card around a text plaque. */
export type MotifDrawing = { kind: "scene" | "scatter"; draw(ctx: DrawContext): string };
