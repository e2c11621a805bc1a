import { z } from "zod";

// Field schemas that every domain's response schema (lib/<domain>/response.ts) and the OpenAPI
// document write alike.

export const dateTime = () => z.iso.datetime().meta({ description: "ISO 8601, UTC.", example: "2026-03-14T09:30:00.000Z" });
export const nullableText = () => z.string().nullable();
export const dollars = (description: string, example: number) => z.number().meta({ description: `${description} In dollars, rounded to the cent.`, example });

/** The `next_cursor` of a page that answers `{ data, next_cursor }`. */
export const nextCursor = () => z.string().nullable().meta({ description: "null on the last page." });

/** A postal address below the name, as orders and the account's shipping address write it. */
export const mailingAddressFields = () => ({
  company: nullableText(),
  address: nullableText(),
  apt: nullableText(),
  city: nullableText(),
  state: nullableText(),
  zip: nullableText(),
  country: nullableText(),
});
