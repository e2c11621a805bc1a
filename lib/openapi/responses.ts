import { z } from "zod";
import { DELIVERY_STATUSES } from "@/db/schema/orders";
import { automationRunSchema, automationSchema, upcomingOccurrenceSchema, upcomingPageFields } from "@/lib/automations/response";
import { duplicateReasonSchema } from "@/lib/contacts/merge-schema";
import { childResponseSchema, contactResponseSchema, petResponseSchema } from "@/lib/contacts/response";
import { dateTime, dollars, nullableText as text } from "@/lib/response-fields";
import { webhookDeliverySchema, webhookEndpointSchema, webhookEndpointWithSecretSchema, webhookSecretSchema } from "@/lib/webhooks/response";
import { annotated, named } from "./registry";

/*
 * Every response body of /api/v1, field for field as the mappers write it (lib/<domain>/mapper.ts).
 * Strict objects: the conformance test parses real responses with these, so a field added to
 * or dropped from a mapper fails it until this file (and so the document) says the same.
 */

const addressParts = () => ({ company: text(), address: text(), apt: text(), city: text(), state: text(), zip: text(), country: text() });

// The contact's schemas are the domain's own (lib/contacts/response.ts, from its field list).
named("Child", childResponseSchema);
named("Pet", petResponseSchema);
export const contactResponse = named("Contact", contactResponseSchema);

const addressWarningResponse = named(
  "AddressWarning",
  z
    .strictObject({
      field: z.enum(["address", "city", "state", "zip", "country"]).meta({ description: "The Contact field to fix." }),
      message: z.string().meta({ description: "What is wrong, for a person to read.", example: "This ZIP code is in Oregon, not Georgia" }),
    })
    .meta({ description: "Extension: one problem of a recipient's mailing address." }),
);

export const projectRecipientResponse = named(
  "ProjectRecipient",
  z
    .strictObject({
      ...contactResponseSchema.shape,
      override_message: text().meta({ description: "The message for this recipient, replacing the project's automation_message." }),
      address_warnings: z
        .array(addressWarningResponse)
        .meta({
          description:
            "Extension: what may keep the card from arriving, checked offline against the contact's current address: a missing street, city, state or ZIP; a US ZIP code that does not exist or lies in another state; a postal code not in its country's format; a country that is neither an ISO 3166 code nor a country's name (an unset country is the US). Empty when the address looks deliverable. Warnings only: checkout mails every recipient as before.",
          "x-extension": true,
        }),
    })
    .meta({ description: "A Contact on a project, with its own message if it has one." }),
);

const uri = () => z.url();

export const contactsPageResponse = named(
  "ContactsPage",
  z.strictObject({
    data: z.array(contactResponse),
    links: z.strictObject({
      first: uri().meta({ example: "https://cardmail.example/api/v1/contacts?per_page=15" }),
      prev: uri().nullable().meta({ description: "null on the first page." }),
      next: uri().nullable().meta({ description: "null on the last page." }),
    }),
    meta: z.strictObject({
      path: uri().meta({ example: "https://cardmail.example/api/v1/contacts" }),
      per_page: z.number().int().min(1).max(100),
      next_cursor: z.string().nullable(),
      prev_cursor: z.string().nullable(),
    }),
  }),
);

export const contactDataResponse = named("ContactResponse", z.strictObject({ data: contactResponse }));

const count = (description: string) => z.number().int().min(0).meta({ description });

export const contactImportResponse = named(
  "ContactImport",
  z.strictObject({
    data: z.strictObject({
      created: count("Rows that became new contacts."),
      updated: count("Rows that changed one of your contacts."),
      unchanged: count("Rows that named one of your contacts and changed nothing."),
    }),
  }),
);

export const contactDuplicatesResponse = named(
  "ContactDuplicates",
  z.strictObject({
    data: z.array(
      named(
        "DuplicateGroup",
        z.strictObject({
          reason: duplicateReasonSchema,
          contacts: z.array(contactResponse).min(2).meta({ description: "Two or more contacts, the oldest first." }),
        }),
      ),
    ),
  }),
);

export const contactEventResponse = named(
  "ContactEvent",
  z.strictObject({
    title: z.string().meta({ description: "The event's date, formatted.", example: "March 14, 2026" }),
    text: z.string().meta({ description: "Whose event it is and, when the year is known, the age or the number of years.", example: "Jane Smith's birthday (turns 41)" }),
    event_date: z.iso.datetime({ offset: true }).meta({ description: "Midnight UTC of the event's day, with its offset.", example: "2026-03-14T00:00:00+00:00" }),
    uuid: z.uuid().meta({ description: "The contact the event belongs to." }),
  }),
);

export const contactEventsResponse = z.array(contactEventResponse);

export const groupResponse = named(
  "Group",
  z.strictObject({
    id: z.number().int().meta({ example: 12 }),
    name: z.string().meta({ example: "Family" }),
    description: text().meta({ example: "Everyone who gets a holiday card" }),
    created_at: dateTime(),
    updated_at: dateTime(),
  }),
);

export const groupsResponse = z.array(groupResponse);
export const groupContactsResponse = z.array(contactResponse);

export const accountResponse = named(
  "Account",
  z.strictObject({
    id: z.number().int(),
    email: z.email(),
    // The generator writes only the first value of a multi-value literal: the enum is spelled out.
    account_type: annotated(z.literal([1, 2, 3]), { type: "integer", enum: [1, 2, 3], description: "1 personal, 2 business, 3 admin." }),
    username: z.string(),
    created_at: dateTime(),
    updated_at: dateTime(),
    contact: contactResponse,
    shipping: z
      .strictObject({
        name: text(),
        ...addressParts(),
      })
      .meta({ description: "Where boxed orders are shipped; every part null until it is set." }),
    reminder_window: annotated(z.union([z.literal("off"), z.literal(7), z.literal(14), z.literal(30)]), {
      description: "How many days ahead the daily reminder digest mail looks for birthdays and anniversaries no order or automation covers yet, or \"off\". Set in the web app's account page; 14 for new accounts.",
    }),
  }).meta({
    description:
      "The current user. `contact` is the account's own contact (the return address printed on cards): until it is filled in, first_name is the username, last_name is \"\" and email is the account's; internal_id is always null.",
  }),
);

const catalogRef = (example: { id: number; name: string; slug: string }) =>
  z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string() }).meta({ example });

export const CARD_IMAGE_TYPES = ["front", "inside", "back", "thumbnail"] as const;

export const cardResponse = named(
  "Card",
  z.strictObject({
    id: z.number().int().meta({ example: 7 }),
    name: z.string().meta({ example: "Birthday Balloons" }),
    slug: z.string().meta({ example: "birthday-balloons" }),
    description: z.string().meta({ description: "\"\" when the card has none." }),
    price: z
      .string()
      .regex(/^\d+\.\d{2}$/)
      .meta({ description: "Price of one mailed card in dollars, a decimal string with two decimals.", example: "3.99" }),
    is_vertical: z.boolean(),
    artist: catalogRef({ id: 3, name: "Mira Castillo", slug: "mira-castillo" }),
    categories: z.array(catalogRef({ id: 2, name: "Birthday", slug: "birthday" })),
    occasions: z.array(catalogRef({ id: 5, name: "Birthday", slug: "birthday" })),
    tags: z.array(z.string()),
    images: z
      .array(
        z.strictObject({
          type: z.enum(CARD_IMAGE_TYPES),
          url: uri().meta({ description: "Absolute URL under the service's configured origin (`APP_URL`).", example: "https://cardmail.example/card-art/birthday-balloons/front.svg" }),
        }),
      )
      .meta({
        description:
          "In the order front, inside, back, thumbnail. `back` is the rear of a folded or boxed card; a postcard's `inside` and `back` are both its address side, the same picture.",
      }),
    customization_type: z.strictObject({ id: z.number().int(), name: z.string() }).meta({ example: { id: 1, name: "Flat card" } }),
  }),
);

export const cardsPageResponse = named(
  "CardsPage",
  z.strictObject({ data: z.array(cardResponse), next_cursor: z.string().nullable().meta({ description: "null on the last page." }) }),
);

export const cardDataResponse = named("CardResponse", z.strictObject({ data: cardResponse }));

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
  image_url: uri().nullable().meta({ description: "The card's front image." }),
  thumbnail_url: uri().nullable(),
  automation_message: text().meta({ description: "The message printed in every card of the project; at most 450 characters on a folded card, 300 on a boxed card, 280 on a postcard.", example: "Warm wishes for the holidays!" }),
  automation_signoff: text().meta({ example: "The Smiths" }),
};

export const projectResponse = named("Project", z.strictObject(projectFields));

export const projectDetailResponse = named(
  "ProjectWithRecipients",
  z.strictObject({
    ...projectFields,
    recipients: z
      .array(projectRecipientResponse)
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
  }),
);

export const projectRecipientsPageResponse = named(
  "ProjectRecipientsPage",
  z.strictObject({
    data: z.array(projectRecipientResponse).meta({ description: "By last name, first name, then uuid." }),
    next_cursor: z.string().nullable().meta({ description: "null on the last page." }),
  }),
);

export const projectsPageResponse = named(
  "ProjectsPage",
  z.strictObject({ data: z.array(projectResponse), next_cursor: z.string().nullable().meta({ description: "null on the last page." }) }),
);

export const projectDataResponse = named("ProjectResponse", z.strictObject({ data: projectResponse }));
export const projectDetailDataResponse = named("ProjectWithRecipientsResponse", z.strictObject({ data: projectDetailResponse }));

export const addRecipientsResponse = named(
  "AddRecipientsResult",
  z.strictObject({
    data: z.strictObject({
      message: z.literal("Recipients added to project"),
      contacts_updated: z.number().int().min(0).meta({ description: "Recipients whose internal_id matched one of your contacts." }),
      contacts_created: z.number().int().min(0),
    }),
  }),
);

export const checkoutResponse = named(
  "CheckoutResult",
  z.strictObject({
    data: z.strictObject({
      order_id: z.number().int().meta({ example: 418 }),
      credit_charged: dollars("What this order cost.", 11.97),
      remaining_credit: dollars("The account's credit after the charge.", 88.03),
    }),
  }),
);

export const cancelOrderResponse = named(
  "CancelOrderResult",
  z.strictObject({
    data: z.strictObject({
      cancelled: z.number().int().min(0).meta({ description: "How many pieces were cancelled.", example: 2 }),
      credit_refunded: dollars("What the cancelled pieces cost, back in the credit.", 7.98),
      remaining_credit: dollars("The account's credit after the refund.", 100),
    }),
  }),
);

export const orderSummaryResponse = named(
  "OrderSummary",
  z.strictObject({
    order_id: z.number().int(),
    created_at: dateTime(),
    credit_charged: dollars("What the order cost.", 11.97),
    recipients_count: z.number().int().min(0),
    project_uuids: z.array(z.uuid()),
  }),
);

export const ordersPageResponse = named(
  "OrdersPage",
  z.strictObject({ data: z.array(orderSummaryResponse), next_cursor: z.string().nullable().meta({ description: "null on the last page." }) }),
);

export const trackedRecipientResponse = named(
  "TrackedRecipient",
  z.strictObject({
    id: z.number().int().meta({ description: "Extension: the piece, as `recipient_ids` of the cancel operation name it.", example: 9051 }),
    internal_id: text(),
    status: z.enum(DELIVERY_STATUSES).meta({
      description: "pending -> in_production -> mailed -> delivered; cancelled (before production, credit refunded) and returned end a piece's journey too.",
    }),
    name: z.string().meta({ description: "The recipient's first and last name at checkout.", example: "Jane Smith" }),
    ...addressParts(),
    scheduled_delivery_date: dateTime().meta({ description: "Set at checkout." }),
    updated_at: dateTime().meta({ description: "When the status last changed." }),
  }),
);

export const orderTrackingResponse = named(
  "OrderTracking",
  z.strictObject({
    data: z.array(
      named("OrderTrackingEntry", z.strictObject({ project_uuid: z.uuid(), recipients: z.array(trackedRecipientResponse) })),
    ),
  }),
);

export const tokenResponse = named(
  "Token",
  z.strictObject({ data: z.strictObject({ token: z.string().meta({ description: "A JWT to send as `Authorization: Bearer <token>`.", example: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9..." }) }) }),
);

export const logoutResponse = named("LoggedOut", z.strictObject({ message: z.literal("Logged out.") }));

export const errorResponse = named("Error", z.strictObject({ message: z.string() }));

export const validationErrorResponse = named(
  "ValidationError",
  z.strictObject({
    message: z.string().meta({ description: "The first field message, with the number of others.", example: "The first name field is required. (and 1 more error)" }),
    errors: z.record(z.string(), z.array(z.string())).meta({
      description: "Messages by dotted field path (`children.0.first_name`, `recipients.3.zip`, `cursor`, `Idempotency-Key`).",
      example: { first_name: ["The first name field is required."], "children.0.birth_month": ["The birth month field must not be greater than 12."] },
    }),
  }),
);

export const insufficientCreditResponse = named(
  "InsufficientCredit",
  z.strictObject({
    message: z.literal("No account credit available to process order"),
    credit_available: dollars("The account's credit.", 2.5),
    order_total: dollars("What the order would cost.", 11.97),
  }),
);

export const automationResponse = named("Automation", automationSchema);

export const automationDataResponse = named("AutomationData", z.strictObject({ data: automationResponse }));
export const automationsResponse = named("AutomationList", z.strictObject({ data: z.array(automationResponse) }));

export const upcomingOccurrenceResponse = named("UpcomingOccurrence", upcomingOccurrenceSchema);

export const upcomingResponse = named(
  "UpcomingSends",
  z.strictObject({
    data: z.array(upcomingOccurrenceResponse).meta({ description: "A page of the upcoming sends, in order." }),
    ...upcomingPageFields,
  }),
);

export const automationRunResponse = named("AutomationRun", automationRunSchema);

export const automationRunsPageResponse = named(
  "AutomationRunsPage",
  z.strictObject({ data: z.array(automationRunResponse), next_cursor: z.string().nullable().meta({ description: "null on the last page." }) }),
);

export const calendarFeedResponse = named(
  "CalendarFeedResponse",
  z.strictObject({
    data: z.strictObject({
      url: z.url().meta({ description: "The feed's absolute URL under APP_URL, with its secret. Shown once: only a hash of the secret is kept." }),
    }),
  }),
);

export const webhookEndpointResponse = named("WebhookEndpoint", webhookEndpointSchema);
export const webhookEndpointDataResponse = named("WebhookEndpointData", z.strictObject({ data: webhookEndpointResponse }));
export const webhookEndpointsResponse = named("WebhookEndpointList", z.strictObject({ data: z.array(webhookEndpointResponse) }));
export const webhookEndpointCreatedResponse = named("WebhookEndpointCreated", z.strictObject({ data: webhookEndpointWithSecretSchema }));
export const webhookSecretResponse = named("WebhookSecret", z.strictObject({ data: z.strictObject({ secret: webhookSecretSchema }) }));

export const webhookDeliveryResponse = named("WebhookDelivery", webhookDeliverySchema);
export const webhookDeliveryDataResponse = named("WebhookDeliveryData", z.strictObject({ data: webhookDeliveryResponse }));
export const webhookDeliveriesPageResponse = named(
  "WebhookDeliveriesPage",
  z.strictObject({ data: z.array(webhookDeliveryResponse), next_cursor: z.string().nullable().meta({ description: "null on the last page." }) }),
);
