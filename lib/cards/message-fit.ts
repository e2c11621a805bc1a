/*
 * How much text the inside of each card format holds. One rule for the API, the forms and the
 * preview: the preview draws the message in the same text box at the same size, so a message
 * the API accepts is one the preview (and the printer) fits. Imported by client components too.
 */

/** A folded card (5 x 7 in), a postcard (its message half of the back) or a box set's smaller folded card (4.25 x 5.5 in). */
export type CardFormat = "folded" | "postcard" | "box";

export const CARD_FORMAT_NAMES: Record<CardFormat, string> = { folded: "folded card", postcard: "postcard", box: "boxed card" };

export function cardFormat(card: { isPostcard: boolean; isBox: boolean }): CardFormat {
  if (card.isPostcard) return "postcard";
  return card.isBox ? "box" : "folded";
}

/**
 * The message's text box on a 500-unit-wide portrait panel and on a 700-unit-wide landscape
 * one, and the font size in the same units (line height 1.45). A box card's panel is smaller
 * paper, so the same printed size is a larger share of it.
 */
export type MessageBox = { x: number; y: number; w: number; h: number; fontSize: number };
export const MESSAGE_BOXES: Record<CardFormat, { portrait: MessageBox; landscape: MessageBox }> = {
  folded: { portrait: { x: 55, y: 80, w: 390, h: 520, fontSize: 21 }, landscape: { x: 70, y: 60, w: 560, h: 360, fontSize: 21 } },
  box: { portrait: { x: 50, y: 70, w: 400, h: 540, fontSize: 26 }, landscape: { x: 60, y: 55, w: 580, h: 370, fontSize: 26 } },
  postcard: { portrait: { x: 40, y: 40, w: 420, h: 270, fontSize: 18 }, landscape: { x: 34, y: 40, w: 340, h: 400, fontSize: 18 } },
};
export const MESSAGE_LINE_HEIGHT = 1.45;

/**
 * The most characters of message each format prints. Measured in Chromium with the preview's
 * fonts (e2e/sending.spec.ts keeps a message at the limit, in every typeface, inside its box
 * with the sign-off below it); rounded down to a number people can remember.
 */
export const MESSAGE_LIMITS: Record<CardFormat, number> = { folded: 450, box: 300, postcard: 280 };
/** A sign-off is one or two short lines under the message, on every format. */
export const SIGNOFF_LIMIT = 80;

/** Characters as people count them: an emoji is one, not the two UTF-16 units of `length`. */
export const textLength = (text: string | null | undefined): number => (text ? [...text].length : 0);

const characters = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "character" : "characters"}`;

/** How far `text` is over what `format` prints (0 when it fits). */
export function messageOverflow(text: string | null | undefined, format: CardFormat): number {
  return Math.max(0, textLength(text) - MESSAGE_LIMITS[format]);
}

export function signoffOverflow(text: string | null | undefined): number {
  return Math.max(0, textLength(text) - SIGNOFF_LIMIT);
}

export const messageTooLong = (over: number) => `This message is ${characters(over)} too long for this card`;
export const signoffTooLong = (over: number) => `This sign-off is ${characters(over)} too long for this card`;

/** The message fields that do not fit `format`, keyed by `fields` (their names in the caller's input). */
export function messageFitErrors(
  format: CardFormat,
  text: { message?: string | null; signoff?: string | null },
  fields: { message: string; signoff?: string },
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const overMessage = messageOverflow(text.message, format);
  if (overMessage > 0) errors[fields.message] = [messageTooLong(overMessage)];
  const overSignoff = signoffOverflow(text.signoff);
  if (fields.signoff && overSignoff > 0) errors[fields.signoff] = [signoffTooLong(overSignoff)];
  return errors;
}

