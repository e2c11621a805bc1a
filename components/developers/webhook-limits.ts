import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from "@/lib/webhooks/schema";

/** What the endpoint form needs of the schema, handed to it by the server. */
export const WEBHOOK_FORM_LIMITS = { eventTypes: WEBHOOK_EVENT_TYPES, urlMax: WEBHOOK_URL_MAX, descriptionMax: WEBHOOK_DESCRIPTION_MAX };
