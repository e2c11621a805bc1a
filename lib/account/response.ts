import { z } from "zod";
import { contactResponseSchema } from "@/lib/contacts/response";
import { dateTime, mailingAddressFields, nullableText as text } from "@/lib/response-fields";

/*
 * The account and its calendar feed as the API writes them: the mapper's types (z.infer) and the
 * OpenAPI document's schemas (lib/openapi/responses.ts names these very schemas).
 */

export const accountSchema = z
  .strictObject({
    id: z.number().int(),
    email: z.email(),
    account_type: z.literal([1, 2, 3]),
    username: z.string(),
    created_at: dateTime(),
    updated_at: dateTime(),
    contact: contactResponseSchema,
    shipping: z
      .strictObject({
        name: text(),
        ...mailingAddressFields(),
      })
      .meta({ description: "Where boxed orders are shipped; every part null until it is set." }),
    reminder_window: z.union([z.literal("off"), z.literal(7), z.literal(14), z.literal(30)]),
  })
  .meta({
    description:
      "The current user. `contact` is the account's own contact (the return address printed on cards): until it is filled in, first_name is the username, last_name is \"\" and email is the account's; internal_id is always null.",
  });

export const calendarFeedSchema = z.strictObject({
  data: z.strictObject({
    url: z.url().meta({ description: "The feed's absolute URL under APP_URL, with its secret. Shown once: only a hash of the secret is kept." }),
  }),
});

export type AccountJson = z.infer<typeof accountSchema>;
export type CalendarFeedJson = z.infer<typeof calendarFeedSchema>["data"];
