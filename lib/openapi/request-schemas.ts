import {
  addressSubmissionSchema,
  createAddressRequestSchema,
  listAddressRequestsQuerySchema,
  listSubmissionsQuerySchema,
  updateAddressRequestSchema,
} from "@/lib/address-requests/schema";
import { loginSchema } from "@/lib/auth/schema";
import { createAutomationSchema, listRunsQuerySchema, updateAutomationSchema, upcomingQuerySchema } from "@/lib/automations/schema";
import { listCardsQuerySchema } from "@/lib/cards/schema";
import { childSchema, createContactSchema, exportContactsQuerySchema, listContactsQuerySchema, petSchema, updateContactSchema } from "@/lib/contacts/schema";
import { importQuerySchema } from "@/lib/import/schema";
import { mergeContactsSchema, mergeQuerySchema } from "@/lib/contacts/merge-schema";
import { contactEventsQuerySchema } from "@/lib/events/schema";
import { createGroupSchema, listGroupContactsQuerySchema } from "@/lib/groups/schema";
import { cancelOrderBodySchema, checkoutBodySchema, listOrdersQuerySchema } from "@/lib/orders/schema";
import { addRecipientsSchema, createProjectSchema, listProjectRecipientsQuerySchema, listProjectsQuerySchema, recipientSchema } from "@/lib/projects/schema";
import { createWebhookSchema, listDeliveriesQuerySchema, updateWebhookSchema } from "@/lib/webhooks/schema";
import { annotated, named, queryWithBounds } from "./registry";

/*
 * The handlers' own schemas, named and annotated for the document (the instances are not copied).
 * The calls run once, at import, in this order: the metadata they merge keeps its key order,
 * which the generated document follows.
 */

named("ChildInput", childSchema);
named("PetInput", petSchema);
export const loginRequest = named("LoginRequest", loginSchema);
export const createContactRequest = named("CreateContactRequest", createContactSchema, {
  description: "first_name and last_name are required; every other Contact field is optional. Text is trimmed and \"\" is stored as null.",
});
export const updateContactRequest = named("UpdateContactRequest", updateContactSchema, {
  description: "Any subset of the Contact fields. A field sent as null or \"\" is cleared; first_name and last_name can't be cleared.",
});
export const groupRequest = named("GroupRequest", createGroupSchema, {
  description: "The same body creates (POST) and replaces (PUT) a group. id, created_at and updated_at, if sent, are ignored.",
});
export const createProjectRequest = named("CreateProjectRequest", createProjectSchema);
named("Recipient", recipientSchema, {
  description:
    "A mailing address (first_name, last_name, address, city, state and zip required; country defaults to US for a new contact), optionally any other Contact field, and override_message.",
});
export const addRecipientsRequest = named("AddRecipientsRequest", addRecipientsSchema);
export const checkoutRequest = named("CheckoutRequest", checkoutBodySchema);
export const createAutomationRequest = named("CreateAutomationRequest", createAutomationSchema, {
  description: "name, card_id, events and message are required; group_id defaults to null (every contact), days_before to 0, active to true.",
});
export const updateAutomationRequest = named("UpdateAutomationRequest", updateAutomationSchema, {
  description: "Any subset of the Automation's fields, with the same rules as create; a signoff sent as null or \"\" is cleared.",
});
export const cancelOrderRequest = named("CancelOrderRequest", cancelOrderBodySchema);
export const createWebhookRequest = named("CreateWebhookRequest", createWebhookSchema, {
  description: "url and events are required; active defaults to true.",
});
export const updateWebhookRequest = named("UpdateWebhookRequest", updateWebhookSchema, {
  description: "Any subset of url, events, description and active, with the same rules as create; a description sent as null or \"\" is cleared.",
});
export const createAddressRequestRequest = named("CreateAddressRequestRequest", createAddressRequestSchema, {
  description: "message is optional (null or \"\" for none). The body may be left out.",
});
export const updateAddressRequestRequest = named("UpdateAddressRequestRequest", updateAddressRequestSchema, {
  description: "Any subset of message and open; a message sent as null or \"\" is cleared.",
});
export const addressSubmissionRequest = named("AddressSubmissionRequest", addressSubmissionSchema, {
  description:
    "The Contact's own fields and rules: first_name, last_name, address, city and zip required, state required in the US; the address is then checked as a recipient's is (a ZIP code that does not exist or lies in another state, a postal code not shaped like its country's, an unknown country: 422 on that field). Other fields are ignored.",
});

export const contactsQuery = queryWithBounds(listContactsQuerySchema);
export const eventsQuery = queryWithBounds(contactEventsQuerySchema);
export const exportQuery = queryWithBounds(exportContactsQuerySchema);
export const importQuery = queryWithBounds(importQuerySchema);
export const mergeQuery = queryWithBounds(mergeQuerySchema);
export const mergeContactsRequest = named("MergeContactsRequest", mergeContactsSchema);
export const cardsQuery = queryWithBounds(listCardsQuerySchema);
export const projectsQuery = queryWithBounds(listProjectsQuerySchema);
export const ordersQuery = queryWithBounds(listOrdersQuerySchema);
export const groupContactsQuery = queryWithBounds(listGroupContactsQuerySchema);
export const projectRecipientsQuery = queryWithBounds(listProjectRecipientsQuerySchema);
export const upcomingQuery = queryWithBounds(upcomingQuerySchema);
export const automationRunsQuery = queryWithBounds(listRunsQuerySchema);
export const webhookDeliveriesQuery = queryWithBounds(listDeliveriesQuerySchema);
export const addressRequestsQuery = queryWithBounds(listAddressRequestsQuerySchema);
export const addressSubmissionsQuery = queryWithBounds(listSubmissionsQuerySchema);

annotated(listContactsQuerySchema.shape.query, {
  description: "Case-insensitive substring of the first, last or full name (\"Jane Smith\"), the email or the phone. A phone-like query also matches by its digits alone.",
  example: "smith",
});
annotated(listContactsQuerySchema.shape.group_id, {
  description: "Extension: only the contacts of this group (404 `Group not found` when it is not yours).",
  param: { "x-extension": true },
});
for (const shape of [
  listContactsQuerySchema.shape,
  listCardsQuerySchema.shape,
  listProjectsQuerySchema.shape,
  listOrdersQuerySchema.shape,
  listRunsQuerySchema.shape,
  listAddressRequestsQuerySchema.shape,
  listSubmissionsQuerySchema.shape,
]) {
  annotated(shape.per_page, { description: "Items per page, 1 to 100 (out of range is 422, not clamped)." });
  annotated(shape.cursor, { description: "The opaque cursor of a previous page (`next_cursor`); a tampered or foreign cursor is 422 on `cursor`." });
}
annotated(listProjectRecipientsQuerySchema.shape.per_page, { description: "Recipients per page, 1 to 100, default 100 (out of range is 422, not clamped)." });
annotated(listProjectRecipientsQuerySchema.shape.cursor, {
  description: "`recipients_next_cursor` of `GET /projects/{uuid}`, or `next_cursor` of a previous page of this project; a tampered cursor or another list's is 422 on `cursor`.",
});
annotated(listGroupContactsQuerySchema.shape.per_page, {
  description: "Extension: contacts per response, 1 to 1000, default 1000 (out of range is 422, not clamped).",
  param: { "x-extension": true },
});
annotated(listGroupContactsQuerySchema.shape.cursor, {
  description: "Extension: the cursor named by the `Link` header of the previous response; a tampered cursor or another list's is 422 on `cursor`.",
  param: { "x-extension": true },
});
annotated(listCardsQuerySchema.shape.occasion_id, { description: "Only cards of this occasion." });
annotated(listCardsQuerySchema.shape.category_id, { description: "Only cards of this category." });
annotated(contactEventsQuerySchema.shape.month, { description: "Month, 1 to 12.", example: 3 });
annotated(contactEventsQuerySchema.shape.year, { description: "Year, 1900 to 9999.", example: 2026 });
