import { z } from "zod";
import { contactOptionalFields } from "@/lib/contacts/schema";
import { DEFAULT_MESSAGE_FONT, messageFontSchema } from "@/lib/fonts";
import { cursorQuery, perPageQuery } from "@/lib/paging";
import { optionalText, requiredText } from "@/lib/validation";

const PROJECT_NAME_MAX = 255;
const AUTOMATION_MESSAGE_MAX = 5000;
const AUTOMATION_SIGNOFF_MAX = 500;
const OVERRIDE_MESSAGE_MAX = 5000;
export const MAX_RECIPIENTS_PER_REQUEST = 1000;
export const DEFAULT_COUNTRY = "US";

export const listProjectsQuerySchema = z.object({
  per_page: perPageQuery(),
  cursor: cursorQuery(),
});
export type ListProjectsQuery = z.infer<typeof listProjectsQuerySchema>;

/** Recipients come 100 at a time: the first page in the project's detail, the rest by cursor. */
export const PROJECT_RECIPIENTS_PER_PAGE = 100;
export const listProjectRecipientsQuerySchema = z.object({
  per_page: perPageQuery(PROJECT_RECIPIENTS_PER_PAGE),
  cursor: cursorQuery(),
});
export type ListProjectRecipientsQuery = z.infer<typeof listProjectRecipientsQuerySchema>;

const MESSAGE_FIT =
  "Must fit the card's text box: at most 450 characters on a folded card, 300 on a boxed card, 280 on a postcard (else 422: `This message is 140 characters too long for this card`). `{first_name}` and `{last_name}` become each recipient's at checkout.";

export const createProjectSchema = z.object({
  card_id: z.number().int(),
  name: requiredText(PROJECT_NAME_MAX),
  automation_message: optionalText(AUTOMATION_MESSAGE_MAX).meta({ description: MESSAGE_FIT }),
  automation_signoff: optionalText(AUTOMATION_SIGNOFF_MAX).meta({ description: "At most 80 characters on every card." }),
  message_font: messageFontSchema.optional().meta({ description: `Extension: the typeface the message and sign-off print in, an \`id\` of \`GET /fonts\`; ${DEFAULT_MESSAGE_FONT} when left out.`, "x-extension": true }),
});
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

/** Any subset; a message or sign-off sent as null or "" is cleared, the name can't be. */
export const updateProjectSchema = createProjectSchema.omit({ card_id: true }).partial();
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;

/**
 * A recipient of add-recipients: a mailing address plus, optionally, any other Contact field
 * (so a partner can sync its CRM), validated exactly like the address book's.
 */
export const recipientSchema = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  ...contactOptionalFields,
  address: requiredText(255),
  city: requiredText(100),
  state: requiredText(100),
  zip: requiredText(20),
  override_message: optionalText(OVERRIDE_MESSAGE_MAX).meta({ description: `Replaces the project's message for this recipient. ${MESSAGE_FIT}` }),
});
export type RecipientInput = z.infer<typeof recipientSchema>;

export const addRecipientsSchema = z.object({
  recipients: z
    .array(recipientSchema)
    .min(1)
    .max(MAX_RECIPIENTS_PER_REQUEST)
    .superRefine((recipients, ctx) => {
      // One request can't say two different things about the same contact.
      const seen = new Set<string>();
      recipients.forEach((recipient, index) => {
        const id = recipient.internal_id;
        if (id == null) return;
        if (seen.has(id)) ctx.addIssue({ code: "custom", path: [index, "internal_id"], message: "The internal id appears more than once in this request." });
        seen.add(id);
      });
    }),
});
export type AddRecipientsInput = z.infer<typeof addRecipientsSchema>;

/** Contacts picked in the web app, added to a project at once. */
export const addContactsToProjectSchema = z.object({
  contact_ids: z.array(z.uuid()).min(1).max(MAX_RECIPIENTS_PER_REQUEST),
});
export type AddContactsToProjectInput = z.infer<typeof addContactsToProjectSchema>;
