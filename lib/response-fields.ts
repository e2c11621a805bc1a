import { z } from "zod";

// Field schemas that every domain's response schema (lib/<domain>/response.ts) and the OpenAPI
// document write alike.

export const dateTime = () => z.iso.datetime().meta({ description: "ISO 8601, UTC.", example: "2026-03-14T09:30:00.000Z" });
export const nullableText = () => z.string().nullable();
export const dollars = (description: string, example: number) => z.number().meta({ description: `${description} In dollars, rounded to the cent.`, example });
