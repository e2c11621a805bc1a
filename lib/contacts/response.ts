import { z } from "zod";
import { FIELDS_AFTER_FAMILY, FIELDS_BEFORE_FAMILY, responseShape } from "./fields";

/*
 * The spec's Contact as the API writes it, field for field: the mapper's type (z.infer) and the
 * OpenAPI document's Contact (lib/openapi/responses.ts names these very schemas).
 */

const dateTime = () => z.iso.datetime().meta({ description: "ISO 8601, UTC.", example: "2026-03-14T09:30:00.000Z" });
const month = () => z.number().int().min(1).max(12).nullable();
const day = () => z.number().int().min(1).max(31).nullable();
const year = () => z.number().int().nullable();

export const childResponseSchema = z.strictObject({ first_name: z.string(), birth_month: month(), birth_day: day(), birth_year: year() });

export const petResponseSchema = z.strictObject({
  name: z.string(),
  birth_month: month(),
  birth_day: day(),
  birth_year: year(),
  secondary_type: z.string().nullable().meta({ description: "Kind of pet, for example a dog or a cat.", example: "dog" }),
});

export const contactResponseSchema = z
  .strictObject({
    uuid: z.uuid().meta({ example: "6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10" }),
    ...responseShape(FIELDS_BEFORE_FAMILY),
    children: z.array(childResponseSchema),
    pets: z.array(petResponseSchema),
    ...responseShape(FIELDS_AFTER_FAMILY),
    created_at: dateTime(),
    updated_at: dateTime(),
  })
  .meta({ description: "Every field is present; an unset one is null (children and pets are empty arrays)." });

export type ChildJson = z.infer<typeof childResponseSchema>;
export type PetJson = z.infer<typeof petResponseSchema>;
export type ContactJson = z.infer<typeof contactResponseSchema>;

/** A Contact's postal address below the name; orders copy it at checkout, the account's shipping address has it too. */
export type MailingAddressJson = Pick<ContactJson, "company" | "address" | "apt" | "city" | "state" | "zip" | "country">;
