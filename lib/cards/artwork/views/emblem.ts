import type { Motif } from "../types";

export type EmblemShape = "heart" | "star" | "leaf" | "sparkle";

/** The small mark inside a card and on a postcard's stamp, echoing what its front shows. */
const EMBLEM_OF_MOTIF: Partial<Record<Motif, EmblemShape>> = {
  hearts: "heart",
  rings: "heart",
  handheart: "heart",
  lovebirds: "heart",
  bells: "heart",
  loveletter: "heart",
  constellation: "heart",
  snowflakes: "star",
  stars: "star",
  moon: "star",
  gradcap: "star",
  rosette: "star",
  tree: "star",
  dove: "star",
  mobile: "star",
  pram: "star",
  flowers: "leaf",
  leaves: "leaf",
  peonies: "leaf",
  tulips: "leaf",
  willow: "leaf",
  lavender: "leaf",
  pumpkins: "leaf",
};

export function emblemShape(motif: Motif): EmblemShape {
  return EMBLEM_OF_MOTIF[motif] ?? "sparkle";
}
