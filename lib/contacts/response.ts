import { z } from "zod";
import { FIELDS_AFTER_FAMILY, FIELDS_BEFORE_FAMILY, responseShape } from "./fields";
import { duplicateReasonSchema } from "./merge-schema";

/*
 * The spec's Contact, its pages and the address book's answers as the API writes them, field for
 * field: the mapper's types (z.infer) and the OpenAPI document's schemas (lib/openapi/responses.ts
 * names these very schemas).
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

export const contactsPageSchema = z.strictObject({
  data: z.array(contactResponseSchema),
  links: z.strictObject({
    first: z.url().meta({ example: "https://cardmail.example/api/v1/contacts?per_page=15" }),
    prev: z.url().nullable().meta({ description: "null on the first page." }),
    next: z.url().nullable().meta({ description: "null on the last page." }),
  }),
  meta: z.strictObject({
    path: z.url().meta({ example: "https://cardmail.example/api/v1/contacts" }),
    per_page: z.number().int().min(1).max(100),
    next_cursor: z.string().nullable(),
    prev_cursor: z.string().nullable(),
  }),
});

export const contactDataSchema = z.strictObject({ data: contactResponseSchema });

const count = (description: string) => z.number().int().min(0).meta({ description });

export const contactImportSchema = z.strictObject({
  data: z.strictObject({
    created: count("Rows that became new contacts."),
    updated: count("Rows that changed one of your contacts."),
    unchanged: count("Rows that named one of your contacts and changed nothing."),
  }),
});

export const duplicateGroupSchema = z.strictObject({
  reason: duplicateReasonSchema,
  contacts: z.array(contactResponseSchema).min(2).meta({ description: "Two or more contacts, the oldest first." }),
});

export const contactDuplicatesSchema = z.strictObject({ data: z.array(duplicateGroupSchema) });

export type ContactPageJson = z.infer<typeof contactsPageSchema>;
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;
