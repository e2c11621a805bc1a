import { z } from "zod";
import { contactResponseSchema } from "@/lib/contacts/response";
import { messageFontSchema } from "@/lib/fonts";
import { dateTime, nextCursor, nullableText as text } from "@/lib/response-fields";

/*
 * Projects, their recipients and the add-recipients answer as the API writes them: the mapper's
 * types (z.infer) and the OpenAPI document's schemas (lib/openapi/responses.ts names these very schemas).
 */

export const addressWarningSchema = z
  .strictObject({
    field: z.enum(["address", "city", "state", "zip", "country"]).meta({ description: "The Contact field to fix." }),
    message: z.string().meta({ description: "What is wrong, for a person to read.", example: "This ZIP code is in Oregon, not Georgia" }),
  })
  .meta({ description: "Extension: one problem of a recipient's mailing address." });

export const projectRecipientSchema = z
  .strictObject({
    ...contactResponseSchema.shape,
    override_message: text().meta({ description: "The message for this recipient, replacing the project's automation_message." }),
    address_warnings: z
      .array(addressWarningSchema)
      .meta({
        description:
          "Extension: what may keep the card from arriving, checked offline against the contact's current address: a missing street, city, state or ZIP; a US ZIP code that does not exist or lies in another state; a postal code not in its country's format; a country that is neither an ISO 3166 code nor a country's name (an unset country is the US). Empty when the address looks deliverable. Warnings only: checkout mails every recipient as before.",
        "x-extension": true,
      }),
  })
  .meta({ description: "A Contact on a project, with its own message if it has one." });

const projectFields = {
  uuid: z.uuid(),
  card_id: z.number().int(),
  name: z.string().meta({ example: "Holiday cards 2026" }),
  created_at: dateTime(),
  updated_at: dateTime(),
  is_box: z.boolean(),
  is_postcard: z.boolean(),
  category_id: z.number().int().nullable().meta({ description: "Taken from the card when the project is created." }),
  occasion_id: z.number().int().nullable().meta({ description: "Taken from the card when the project is created." }),
  image_url: z.url().nullable().meta({ description: "The card's front image." }),
  thumbnail_url: z.url().nullable(),
  automation_message: text().meta({ description: "The message printed in every card of the project; at most 450 characters on a folded card, 300 on a boxed card, 280 on a postcard.", example: "Warm wishes for the holidays!" }),
  automation_signoff: text().meta({ example: "The Smiths" }),
  message_font: messageFontSchema.meta({ description: "Extension: the typeface the message and sign-off print in, an `id` of `GET /fonts`.", example: "caveat", "x-extension": true }),
};

export const projectSchema = z.strictObject(projectFields);

export const projectDetailSchema = z.strictObject({
  ...projectFields,
  recipients: z
    .array(projectRecipientSchema)
    .meta({ description: "The first page of recipients: at most 100, by last name, first name, then uuid. `GET /projects/{uuid}/recipients` reads the rest." }),
  recipients_count: z.number().int().min(0).meta({ description: "Extension: how many recipients the project has, on every page.", example: 1, "x-extension": true }),
  recipients_next_cursor: z
    .string()
    .nullable()
    .meta({
      description: "Extension: the `cursor` of `GET /projects/{uuid}/recipients` that reads on after `recipients`; null when they are all there.",
      example: null,
      "x-extension": true,
    }),
});

export const projectRecipientsPageSchema = z.strictObject({
  data: z.array(projectRecipientSchema).meta({ description: "By last name, first name, then uuid." }),
  next_cursor: nextCursor(),
});

export const projectsPageSchema = z.strictObject({ data: z.array(projectSchema), next_cursor: nextCursor() });
export const projectDataSchema = z.strictObject({ data: projectSchema });
export const projectDetailDataSchema = z.strictObject({ data: projectDetailSchema });

export const addRecipientsResultSchema = z.strictObject({
  data: z.strictObject({
    message: z.literal("Recipients added to project"),
    contacts_updated: z.number().int().min(0).meta({ description: "Recipients whose internal_id matched one of your contacts." }),
    contacts_created: z.number().int().min(0),
  }),
});

export type ProjectJson = z.infer<typeof projectSchema>;
/** `address_warnings` (extension): what may keep the card from arriving, checked before paying. */
export type ProjectRecipientJson = z.infer<typeof projectRecipientSchema>;
/** The first page of recipients, with their count and the cursor of the next page (extension fields). */
export type ProjectDetailJson = z.infer<typeof projectDetailSchema>;
export type AddRecipientsJson = z.infer<typeof addRecipientsResultSchema>;
