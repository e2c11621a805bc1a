import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "@/db/schema/webhooks";
import { cursorQuery, perPageQuery } from "@/lib/paging";
import { optionalText } from "@/lib/validation";

export { WEBHOOK_EVENT_TYPES, type WebhookEventType, WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from "@/db/schema/webhooks";

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** Endpoints one account may have; the next one is a 422. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/**
 * The shape of the URL; that it is https and reaches no private address is checked by the
 * service (lib/webhooks/url-guard.ts), which knows the environment and resolves the name.
 */
const url = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : value),
  z
    .string()
    .min(1)
    .max(WEBHOOK_URL_MAX)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { message: "The url field must be a valid https URL." })
    .meta({ description: "An absolute https URL that resolves to a public address." }),
);

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((list) => new Set(list).size === list.length, { message: "The events field must not name an event type twice." })
  .meta({ description: "The event types sent to this endpoint (1 or more)." });

const fields = {
  url,
  description: optionalText(WEBHOOK_DESCRIPTION_MAX),
  events,
  active: z.boolean(),
};

export const createWebhookSchema = z.object({
  ...fields,
  active: fields.active.optional().default(true),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

/** PATCH: any subset of url, events, description and active; a description sent as null or "" is cleared. */
export const updateWebhookSchema = z.object(fields).partial();
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

export const listDeliveriesQuerySchema = z.object({
  cursor: cursorQuery(),
  per_page: perPageQuery(),
});
export type ListDeliveriesQuery = z.infer<typeof listDeliveriesQuerySchema>;
