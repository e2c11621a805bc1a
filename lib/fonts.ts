import { z } from "zod";

/*
 * The typefaces a card's message can be printed in: open-licensed faces shipped with the app as
 * npm packages (@fontsource/*), drawn by the web preview from the same files the proofs embed.
 * Imported by client components too: plain data only.
 */

export type MessageFontStyle = "handwriting" | "print";

export type MessageFont = {
  id: string;
  name: string;
  style: MessageFontStyle;
  licence: string;
  /** The CSS family the package's @font-face declares, with fallbacks while it loads. */
  cssFamily: string;
  /**
   * The face's size as a share of the format's message size: faces of the same nominal size
   * set text of very different widths (Caveat is narrow, Homemade Apple wide), and a message
   * the format accepts must fit its box in every face.
   */
  scale: number;
};

const OFL = "SIL Open Font License 1.1";

export const MESSAGE_FONTS = [
  { id: "lora", name: "Lora", style: "print", licence: OFL, cssFamily: "Lora, Georgia, serif", scale: 1 },
  { id: "inter", name: "Inter", style: "print", licence: OFL, cssFamily: "Inter, system-ui, sans-serif", scale: 0.95 },
  { id: "caveat", name: "Caveat", style: "handwriting", licence: OFL, cssFamily: "Caveat, cursive", scale: 1.12 },
  { id: "dancing-script", name: "Dancing Script", style: "handwriting", licence: OFL, cssFamily: "'Dancing Script', cursive", scale: 1.08 },
  { id: "homemade-apple", name: "Homemade Apple", style: "handwriting", licence: OFL, cssFamily: "'Homemade Apple', cursive", scale: 0.85 },
] as const satisfies readonly MessageFont[];

export type MessageFontId = (typeof MESSAGE_FONTS)[number]["id"];

export const MESSAGE_FONT_IDS = MESSAGE_FONTS.map((font) => font.id) as [MessageFontId, ...MessageFontId[]];

/** A print face: what every project and automation had before faces could be chosen. */
export const DEFAULT_MESSAGE_FONT: MessageFontId = "lora";

export const messageFontSchema = z
  .enum(MESSAGE_FONT_IDS, { error: `The message font must be one of ${MESSAGE_FONT_IDS.join(", ")}.` })
  .meta({ description: `The typeface the message is printed in, one of \`GET /fonts\`: ${MESSAGE_FONT_IDS.join(", ")}.`, example: "caveat" });

/** The font of an id as stored; an id no longer offered prints in the default face. */
export function messageFont(id: string | null | undefined): (typeof MESSAGE_FONTS)[number] {
  return MESSAGE_FONTS.find((font) => font.id === id) ?? MESSAGE_FONTS[0];
}

export const fontSchema = z
  .strictObject({
    id: messageFontSchema,
    name: z.string().meta({ example: "Caveat" }),
    style: z.enum(["handwriting", "print"]).meta({ description: "A handwriting face, or a print face." }),
    licence: z.string().meta({ description: "The licence the face is shipped under.", example: OFL }),
  })
  .meta({ description: "Extension: a typeface a card's message can be printed in." });
export const fontsResponseSchema = z.strictObject({ data: z.array(fontSchema) });
export type FontsJson = z.infer<typeof fontsResponseSchema>;

export const toFontsJson = (): FontsJson => ({ data: MESSAGE_FONTS.map(({ id, name, style, licence }) => ({ id, name, style, licence })) });
