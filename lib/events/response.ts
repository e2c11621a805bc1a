import { z } from "zod";

/*
 * A contact's event of a month as the API writes it: the mapper's type (z.infer) and the OpenAPI
 * document's ContactEvent (lib/openapi/responses.ts names these very schemas).
 */

export const contactEventSchema = z.strictObject({
  title: z.string().meta({ description: "The event's date, formatted.", example: "March 14, 2026" }),
  text: z.string().meta({ description: "Whose event it is and, when the year is known, the age or the number of years.", example: "Jane Smith's birthday (turns 41)" }),
  event_date: z.iso.datetime({ offset: true }).meta({ description: "Midnight UTC of the event's day, with its offset.", example: "2026-03-14T00:00:00+00:00" }),
  uuid: z.uuid().meta({ description: "The contact the event belongs to." }),
});

export const contactEventsSchema = z.array(contactEventSchema);

export type ContactEventJson = z.infer<typeof contactEventSchema>;
