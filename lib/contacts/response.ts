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

const importFieldErrors = z.record(z.string(), z.array(z.string())).meta({ description: "Messages by Contact field (`row` for the row as a whole)." });

export const contactImportSchema = z.strictObject({
  data: z.strictObject({
    created: count("Rows that became new contacts."),
    updated: count("Rows that changed one of your contacts (or filled an earlier row of the same person)."),
    unchanged: count("Rows that matched one of your contacts and changed nothing."),
    skipped: z
      .array(z.strictObject({ row: z.number().int().min(1), name: z.string(), errors: importFieldErrors }))
      .meta({ description: "With `on_invalid=skip`: the rows not imported, with why. `name` is the best the row gives (its name, full name, company or email)." }),
    date_order: z.enum(["mdy", "dmy"]).meta({ description: "How slashed dates were read: `mdy` month first, `dmy` day first." }),
    date_order_matters: z.boolean().meta({ description: "Whether the file has any slashed date (M/D/YYYY or D/M/YYYY), so that `date_order` changed something." }),
    groups_created: z.array(z.string()).meta({ description: "Groups this import creates, by name, from Google's `Labels`, Outlook's `Categories` or vCard `CATEGORIES`." }),
    rows: z
      .array(
        z.strictObject({
          row: z.number().int().min(1),
          action: z.enum(["create", "update", "unchanged", "skip"]),
          name: z.string().meta({ description: '"First Last" as it will be stored, or the best the file gives for a skipped row.' }),
          contact_uuid: z.string().nullable().meta({ description: "The contact an update or unchanged row matched." }),
          contact_name: z.string().nullable(),
          matched_by: z.enum(["uuid", "internal_id", "email", "phone"]).nullable(),
          warnings: z.array(z.enum(["missing_address", "possible_duplicate"])),
        }),
      )
      .optional()
      .meta({ description: "Dry run only: what each of the first 1,000 rows would do." }),
    columns: z
      .strictObject({
        mapped: z.array(z.strictObject({ column: z.string(), field: z.string() })),
        unmapped: z.array(z.string()),
      })
      .optional()
      .meta({ description: "Dry run only: the file's columns read into a field (CSV headers; vCard properties) and those not read." }),
  }),
});

export const duplicateGroupSchema = z.strictObject({
  reason: duplicateReasonSchema,
  contacts: z.array(contactResponseSchema).min(2).meta({ description: "Two or more contacts, the oldest first." }),
});

export const contactDuplicatesSchema = z.strictObject({ data: z.array(duplicateGroupSchema) });

export type ContactPageJson = z.infer<typeof contactsPageSchema>;
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;
