import { z } from "zod";
import { nextCursor } from "@/lib/response-fields";

/*
 * A catalog card as the API writes it: the mapper's type (z.infer) and the OpenAPI document's
 * Card (lib/openapi/responses.ts names these very schemas).
 */

export const CARD_IMAGE_TYPES = ["front", "inside", "back", "thumbnail"] as const;
export type CardImageType = (typeof CARD_IMAGE_TYPES)[number];

const catalogRef = (example: { id: number; name: string; slug: string }) =>
  z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string() }).meta({ example });

export const cardSchema = z.strictObject({
  id: z.number().int().meta({ example: 7 }),
  name: z.string().meta({ example: "Birthday Balloons" }),
  slug: z.string().meta({ example: "birthday-balloons" }),
  description: z.string().meta({ description: "\"\" when the card has none." }),
  price: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .meta({ description: "Price of one mailed card in dollars, a decimal string with two decimals.", example: "3.99" }),
  is_vertical: z.boolean(),
  artist: catalogRef({ id: 3, name: "Mira Castillo", slug: "mira-castillo" }),
  categories: z.array(catalogRef({ id: 2, name: "Birthday", slug: "birthday" })),
  occasions: z.array(catalogRef({ id: 5, name: "Birthday", slug: "birthday" })),
  tags: z.array(z.string()),
  images: z
    .array(
      z.strictObject({
        type: z.enum(CARD_IMAGE_TYPES),
        url: z.url().meta({ description: "Absolute URL under the service's configured origin (`APP_URL`).", example: "https://cardmail.example/card-art/birthday-balloons/front.svg" }),
      }),
    )
    .meta({
      description:
        "In the order front, inside, back, thumbnail. `back` is the rear of a folded or boxed card; a postcard's `inside` and `back` are both its address side, the same picture.",
    }),
  customization_type: z.strictObject({ id: z.number().int(), name: z.string() }).meta({ example: { id: 1, name: "Flat card" } }),
});

export const cardsPageSchema = z.strictObject({ data: z.array(cardSchema), next_cursor: nextCursor() });
export const cardDataSchema = z.strictObject({ data: cardSchema });

export type CardJson = z.infer<typeof cardSchema>;
