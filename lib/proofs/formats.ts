import { cardFormat, type CardFormat } from "@/lib/cards/message-fit";

/*
 * The printed sizes, in PDF points (72 a inch). A folded card and a postcard are 5 x 7 in, a box
 * set's card 4.25 x 5.5 in, each turned by the card's orientation; printed pages carry 1/8 in of
 * bleed on every side beyond the trim. Folded cards go in an A7 envelope (7.25 x 5.25 in), box
 * cards in an A2 (5.75 x 4.375 in); a postcard is its own envelope.
 */

export const POINTS_PER_INCH = 72;
export const BLEED = POINTS_PER_INCH / 8;

const TRIM: Record<CardFormat, { short: number; long: number }> = {
  folded: { short: 5 * POINTS_PER_INCH, long: 7 * POINTS_PER_INCH },
  postcard: { short: 5 * POINTS_PER_INCH, long: 7 * POINTS_PER_INCH },
  box: { short: 4.25 * POINTS_PER_INCH, long: 5.5 * POINTS_PER_INCH },
};

const ENVELOPES: Record<Exclude<CardFormat, "postcard">, { width: number; height: number }> = {
  folded: { width: 7.25 * POINTS_PER_INCH, height: 5.25 * POINTS_PER_INCH },
  box: { width: 5.75 * POINTS_PER_INCH, height: 4.375 * POINTS_PER_INCH },
};

export type Size = { width: number; height: number };

export function trimSize(card: { isPostcard: boolean; isBox: boolean; isVertical: boolean }): Size {
  const { short, long } = TRIM[cardFormat(card)];
  return card.isVertical ? { width: short, height: long } : { width: long, height: short };
}

/** The envelope a card is mailed in; null for a postcard, whose back carries the address. */
export function envelopeSize(card: { isPostcard: boolean; isBox: boolean }): Size | null {
  const format = cardFormat(card);
  return format === "postcard" ? null : ENVELOPES[format];
}
