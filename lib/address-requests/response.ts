import { z } from "zod";
import { ADDRESS_SUBMISSION_STATUSES } from "@/db/schema/address-requests";
import { childResponseSchema, contactResponseSchema } from "@/lib/contacts/response";
import { CONTACT_FIELDS } from "@/lib/contacts/fields";
import { dateTime, nextCursor } from "@/lib/response-fields";
import { SUBMITTED_FIELDS, type SubmittedField } from "./schema";

/*
 * Address requests and their submissions as the API writes them: the mapper's types (z.infer)
 * and the OpenAPI document's schemas (lib/openapi/responses.ts names these very schemas).
 */

export const addressRequestSchema = z.strictObject({
  id: z.number().int().meta({ example: 12 }),
  url: z
    .url()
    .nullable()
    .meta({
      description: "The page to share: `APP_URL/address/{secret}`. null only if the server's AUTH_SECRET changed since the link was made (the link still works; make a new one to share).",
      example: "https://cardmail.example/address/Zq3v0m8yJ1bq4T9dXo2kLw5Hc7sNfP6aRuGiEeY0tVw",
    }),
  message: z.string().nullable().meta({ example: "We're sending holiday cards this year. Where should yours go?" }),
  open: z.boolean().meta({ description: "A closed link's page and submit answer 404." }),
  submissions_pending: z.number().int().min(0).meta({ description: "Extension: submissions waiting for a decision." }),
  created_at: dateTime(),
  updated_at: dateTime(),
});

const submittedShape = Object.fromEntries(SUBMITTED_FIELDS.map((name) => [name, CONTACT_FIELDS[name].response])) as {
  [F in SubmittedField]: (typeof CONTACT_FIELDS)[F]["response"];
};

/** What was sent, in the Contact's names; every field present, unset ones null. */
export const submittedContactSchema = z.strictObject({ ...submittedShape, children: z.array(childResponseSchema) });

export const submissionMatchSchema = z
  .strictObject({
    contact_uuid: z.uuid().meta({ description: "Your contact with the same email (ignoring case): the oldest, if several." }),
    fills: z.array(z.string()).meta({
      description:
        "The Contact fields accepting would fill: only empty ones, a part at a time (the mailing address, each date and the spouse's name are filled whole, and only where the contact has none of their fields; children only where it has none).",
      example: ["address", "apt", "city", "state", "zip", "country", "birth_month", "birth_day"],
    }),
  })
  .nullable()
  .meta({ description: "For a pending submission with an email one of your contacts has: what accepting would change. null otherwise (accepting creates a contact)." });

export const addressSubmissionSchema = z.strictObject({
  id: z.number().int().meta({ example: 301 }),
  address_request_id: z.number().int(),
  status: z.enum(ADDRESS_SUBMISSION_STATUSES).meta({ description: "`pending` until accepted or rejected." }),
  submitted: submittedContactSchema,
  match: submissionMatchSchema,
  contact_uuid: z.uuid().nullable().meta({ description: "The contact accepting created or filled; null before (or once it is deleted)." }),
  created_at: dateTime(),
  decided_at: dateTime().nullable(),
});

export const contactSubmittedDataSchema = z.strictObject({
  address_request_id: z.number().int().meta({ description: "The link it came through." }),
  submission_id: z.number().int().meta({ description: "Read it with `GET /address-requests/{id}/submissions`." }),
});

export const addressRequestDataSchema = z.strictObject({ data: addressRequestSchema });
export const addressRequestsPageSchema = z.strictObject({ data: z.array(addressRequestSchema), next_cursor: nextCursor() });
export const addressSubmissionDataSchema = z.strictObject({ data: addressSubmissionSchema });
export const addressSubmissionsPageSchema = z.strictObject({ data: z.array(addressSubmissionSchema), next_cursor: nextCursor() });
export const acceptedSubmissionSchema = z.strictObject({ data: z.strictObject({ submission: addressSubmissionSchema, contact: contactResponseSchema }) });
export const submissionReceivedSchema = z.strictObject({
  data: z.strictObject({ received: z.literal(true).meta({ description: "It waits for the link's owner; nothing of it is sent back." }) }),
});

export type AddressRequestJson = z.infer<typeof addressRequestSchema>;
export type SubmittedContactJson = z.infer<typeof submittedContactSchema>;
export type AddressSubmissionJson = z.infer<typeof addressSubmissionSchema>;
export type ContactSubmittedData = z.infer<typeof contactSubmittedDataSchema>;
