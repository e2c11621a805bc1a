import { accountSchema, calendarFeedSchema } from "@/lib/account/response";
import {
  acceptedSubmissionSchema,
  addressRequestDataSchema,
  addressRequestSchema,
  addressRequestsPageSchema,
  addressSubmissionDataSchema,
  addressSubmissionSchema,
  addressSubmissionsPageSchema,
  submissionReceivedSchema,
  submittedContactSchema,
} from "@/lib/address-requests/response";
import { errorSchema, insufficientCreditSchema, validationErrorSchema } from "@/lib/api/response";
import { tokenSchema, loggedOutSchema } from "@/lib/auth/response";
import {
  automationDataSchema,
  automationListSchema,
  automationRunSchema,
  automationRunsPageSchema,
  automationSchema,
  upcomingOccurrenceSchema,
  upcomingSendsSchema,
} from "@/lib/automations/response";
import { cardDataSchema, cardSchema, cardsPageSchema } from "@/lib/cards/response";
import {
  childResponseSchema,
  contactDataSchema,
  contactDuplicatesSchema,
  contactImportSchema,
  contactResponseSchema,
  contactsPageSchema,
  duplicateGroupSchema,
  petResponseSchema,
} from "@/lib/contacts/response";
import { contactEventSchema, contactEventsSchema } from "@/lib/events/response";
import { groupContactsSchema, groupSchema, groupsSchema } from "@/lib/groups/response";
import {
  cancelOrderResultSchema,
  checkoutResultSchema,
  orderSummarySchema,
  orderTrackingEntrySchema,
  orderTrackingSchema,
  ordersPageSchema,
  trackedRecipientSchema,
} from "@/lib/orders/response";
import {
  addRecipientsResultSchema,
  addressWarningSchema,
  projectDataSchema,
  projectDetailDataSchema,
  projectDetailSchema,
  projectRecipientSchema,
  projectRecipientsPageSchema,
  projectSchema,
  projectsPageSchema,
} from "@/lib/projects/response";
import {
  webhookDeliveriesPageSchema,
  webhookDeliveryDataSchema,
  webhookDeliverySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointDataSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretDataSchema,
} from "@/lib/webhooks/response";
import { fontSchema, fontsResponseSchema } from "@/lib/fonts";
import { annotated, named } from "./registry";

/*
 * Every response body of /api/v1 under its component name. The schemas are the domains' own
 * (lib/<domain>/response.ts), the very instances their mappers are typed by: strict objects, so
 * the conformance test (responses.test.ts) fails on a field a mapper adds or drops.
 */

named("Child", childResponseSchema);
named("Pet", petResponseSchema);
export const contactResponse = named("Contact", contactResponseSchema);

named("AddressWarning", addressWarningSchema);
export const projectRecipientResponse = named("ProjectRecipient", projectRecipientSchema);

export const contactsPageResponse = named("ContactsPage", contactsPageSchema);
export const contactDataResponse = named("ContactResponse", contactDataSchema);
export const contactImportResponse = named("ContactImport", contactImportSchema);
named("DuplicateGroup", duplicateGroupSchema);
export const contactDuplicatesResponse = named("ContactDuplicates", contactDuplicatesSchema);

export const contactEventResponse = named("ContactEvent", contactEventSchema);
export const contactEventsResponse = contactEventsSchema;

export const groupResponse = named("Group", groupSchema);
export const groupsResponse = groupsSchema;
export const groupContactsResponse = groupContactsSchema;

// The generator writes only the first value of a multi-value literal: the enum is spelled out.
annotated(accountSchema.shape.account_type, { type: "integer", enum: [1, 2, 3], description: "1 personal, 2 business, 3 admin." });
annotated(accountSchema.shape.reminder_window, {
  description: "How many days ahead the daily reminder digest mail looks for birthdays and anniversaries no order or automation covers yet, or \"off\". Set in the web app's account page; 14 for new accounts.",
});
export const accountResponse = named("Account", accountSchema);

export const cardResponse = named("Card", cardSchema);
export const cardsPageResponse = named("CardsPage", cardsPageSchema);
export const cardDataResponse = named("CardResponse", cardDataSchema);

export const projectResponse = named("Project", projectSchema);
export const fontResponse = named("Font", fontSchema);
export const fontsResponse = named("Fonts", fontsResponseSchema);
export const projectDetailResponse = named("ProjectWithRecipients", projectDetailSchema);
export const projectRecipientsPageResponse = named("ProjectRecipientsPage", projectRecipientsPageSchema);
export const projectsPageResponse = named("ProjectsPage", projectsPageSchema);
export const projectDataResponse = named("ProjectResponse", projectDataSchema);
export const projectDetailDataResponse = named("ProjectWithRecipientsResponse", projectDetailDataSchema);
export const addRecipientsResponse = named("AddRecipientsResult", addRecipientsResultSchema);

export const checkoutResponse = named("CheckoutResult", checkoutResultSchema);
export const cancelOrderResponse = named("CancelOrderResult", cancelOrderResultSchema);
export const orderSummaryResponse = named("OrderSummary", orderSummarySchema);
export const ordersPageResponse = named("OrdersPage", ordersPageSchema);
export const trackedRecipientResponse = named("TrackedRecipient", trackedRecipientSchema);
named("OrderTrackingEntry", orderTrackingEntrySchema);
export const orderTrackingResponse = named("OrderTracking", orderTrackingSchema);

export const tokenResponse = named("Token", tokenSchema);
export const logoutResponse = named("LoggedOut", loggedOutSchema);

export const errorResponse = named("Error", errorSchema);
export const validationErrorResponse = named("ValidationError", validationErrorSchema);
export const insufficientCreditResponse = named("InsufficientCredit", insufficientCreditSchema);

export const automationResponse = named("Automation", automationSchema);
export const automationDataResponse = named("AutomationData", automationDataSchema);
export const automationsResponse = named("AutomationList", automationListSchema);
export const upcomingOccurrenceResponse = named("UpcomingOccurrence", upcomingOccurrenceSchema);
export const upcomingResponse = named("UpcomingSends", upcomingSendsSchema);
export const automationRunResponse = named("AutomationRun", automationRunSchema);
export const automationRunsPageResponse = named("AutomationRunsPage", automationRunsPageSchema);

export const calendarFeedResponse = named("CalendarFeedResponse", calendarFeedSchema);

export const webhookEndpointResponse = named("WebhookEndpoint", webhookEndpointSchema);
export const webhookEndpointDataResponse = named("WebhookEndpointData", webhookEndpointDataSchema);
export const webhookEndpointsResponse = named("WebhookEndpointList", webhookEndpointListSchema);
export const webhookEndpointCreatedResponse = named("WebhookEndpointCreated", webhookEndpointCreatedSchema);
export const webhookSecretResponse = named("WebhookSecret", webhookSecretDataSchema);
export const webhookDeliveryResponse = named("WebhookDelivery", webhookDeliverySchema);
export const webhookDeliveryDataResponse = named("WebhookDeliveryData", webhookDeliveryDataSchema);
export const webhookDeliveriesPageResponse = named("WebhookDeliveriesPage", webhookDeliveriesPageSchema);

export const addressRequestResponse = named("AddressRequest", addressRequestSchema);
export const addressRequestDataResponse = named("AddressRequestData", addressRequestDataSchema);
export const addressRequestsPageResponse = named("AddressRequestsPage", addressRequestsPageSchema);
named("SubmittedContact", submittedContactSchema);
export const addressSubmissionResponse = named("AddressSubmission", addressSubmissionSchema);
export const addressSubmissionDataResponse = named("AddressSubmissionData", addressSubmissionDataSchema);
export const addressSubmissionsPageResponse = named("AddressSubmissionsPage", addressSubmissionsPageSchema);
export const acceptedSubmissionResponse = named("AcceptedSubmission", acceptedSubmissionSchema);
export const submissionReceivedResponse = named("SubmissionReceived", submissionReceivedSchema);
