import { z } from "zod";
import { childSchema, createContactSchema, MAX_CHILDREN } from "@/lib/contacts/schema";
import { cursorQuery, perPageQuery } from "@/lib/paging";
import { optionalText, requiredText } from "@/lib/validation";
import { ADDRESS_SUBMISSION_STATUSES } from "@/db/schema/address-requests";
import { ADDRESS_REQUEST_MESSAGE_MAX } from "./limits";

export { ADDRESS_SUBMISSION_STATUSES, type AddressSubmissionStatus } from "@/db/schema/address-requests";

export { ADDRESS_REQUEST_MESSAGE_MAX, SUBMISSIONS_PER_CLIENT_PER_HOUR, SUBMISSIONS_PER_LINK } from "./limits";

const message = optionalText(ADDRESS_REQUEST_MESSAGE_MAX).meta({
  description: `What the page at the link says above its form (at most ${ADDRESS_REQUEST_MESSAGE_MAX} characters); null or "" for none.`,
  example: "We're sending holiday cards this year. Where should yours go?",
});

export const createAddressRequestSchema = z.object({ message });
export type CreateAddressRequestInput = z.infer<typeof createAddressRequestSchema>;

/** PATCH: the message, and `open` (false closes the link: its page and its submit answer 404). */
export const updateAddressRequestSchema = z.object({
  message,
  open: z.boolean().optional().meta({ description: "false closes the link; true opens it again." }),
});
export type UpdateAddressRequestInput = z.infer<typeof updateAddressRequestSchema>;

export const listAddressRequestsQuerySchema = z.object({ cursor: cursorQuery(), per_page: perPageQuery() });
export type ListAddressRequestsQuery = z.infer<typeof listAddressRequestsQuerySchema>;

export const listSubmissionsQuerySchema = z.object({
  cursor: cursorQuery(),
  per_page: perPageQuery(),
  status: z.enum(ADDRESS_SUBMISSION_STATUSES, { error: "The status must be pending, accepted or rejected." }).optional().meta({ description: "Only the submissions in this state." }),
});
export type ListSubmissionsQuery = z.infer<typeof listSubmissionsQuerySchema>;

/** The Contact's fields a friend may fill in, in the Contact's order. */
export const SUBMITTED_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "address",
  "apt",
  "city",
  "state",
  "zip",
  "country",
  "spouse_first_name",
  "spouse_last_name",
  "birth_month",
  "birth_day",
  "birth_year",
  "anniversary_month",
  "anniversary_day",
  "anniversary_year",
  "spouse_birth_month",
  "spouse_birth_day",
  "spouse_birth_year",
] as const;
export type SubmittedField = (typeof SUBMITTED_FIELDS)[number];

const contactShape = createContactSchema.shape;

/** The name of the hidden field people never see: a value in it marks the sender as a robot. */
export const HONEYPOT_FIELD = "website";

/**
 * What the public page sends: the Contact's own fields and rules, with the mailing address
 * required as a recipient's is (its parts then checked like a recipient's, by the service).
 * Anything else sent is ignored.
 */
export const addressSubmissionSchema = z.object({
  first_name: contactShape.first_name,
  last_name: contactShape.last_name,
  email: contactShape.email,
  address: requiredText(255),
  apt: contactShape.apt,
  city: requiredText(100),
  state: contactShape.state,
  zip: requiredText(20),
  country: contactShape.country,
  spouse_first_name: contactShape.spouse_first_name,
  spouse_last_name: contactShape.spouse_last_name,
  birth_month: contactShape.birth_month,
  birth_day: contactShape.birth_day,
  birth_year: contactShape.birth_year,
  anniversary_month: contactShape.anniversary_month,
  anniversary_day: contactShape.anniversary_day,
  anniversary_year: contactShape.anniversary_year,
  spouse_birth_month: contactShape.spouse_birth_month,
  spouse_birth_day: contactShape.spouse_birth_day,
  spouse_birth_year: contactShape.spouse_birth_year,
  children: z.array(childSchema).max(MAX_CHILDREN).nullable().optional(),
  [HONEYPOT_FIELD]: z.unknown().optional().meta({ description: "Leave out or empty: a form field people never see. Anything in it and the submission is answered 201 and kept nowhere." }),
});
export type AddressSubmissionInput = z.infer<typeof addressSubmissionSchema>;
