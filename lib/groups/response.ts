import { z } from "zod";
import { contactResponseSchema } from "@/lib/contacts/response";
import { dateTime, nullableText as text } from "@/lib/response-fields";

/*
 * A group as the API writes it: the mapper's type (z.infer) and the OpenAPI document's Group
 * (lib/openapi/responses.ts names these very schemas).
 */

export const groupSchema = z.strictObject({
  id: z.number().int().meta({ example: 12 }),
  name: z.string().meta({ example: "Family" }),
  description: text().meta({ example: "Everyone who gets a holiday card" }),
  created_at: dateTime(),
  updated_at: dateTime(),
});

export const groupsSchema = z.array(groupSchema);
export const groupContactsSchema = z.array(contactResponseSchema);

export type GroupJson = z.infer<typeof groupSchema>;
