import { z } from "zod";
import { DELIVERY_STATUSES } from "@/db/schema/orders";
import { dateTime, dollars, mailingAddressFields, nextCursor, nullableText as text } from "@/lib/response-fields";

/*
 * Checkout, orders, their tracking and cancellation as the API writes them: the mapper's types
 * (z.infer) and the OpenAPI document's schemas (lib/openapi/responses.ts names these very schemas).
 */

export const checkoutResultSchema = z.strictObject({
  data: z.strictObject({
    order_id: z.number().int().meta({ example: 418 }),
    credit_charged: dollars("What this order cost.", 11.97),
    remaining_credit: dollars("The account's credit after the charge.", 88.03),
  }),
});

export const cancelOrderResultSchema = z.strictObject({
  data: z.strictObject({
    cancelled: z.number().int().min(0).meta({ description: "How many pieces were cancelled.", example: 2 }),
    credit_refunded: dollars("What the cancelled pieces cost, back in the credit.", 7.98),
    remaining_credit: dollars("The account's credit after the refund.", 100),
  }),
});

export const orderSummarySchema = z.strictObject({
  order_id: z.number().int(),
  created_at: dateTime(),
  credit_charged: dollars("What the order cost.", 11.97),
  recipients_count: z.number().int().min(0),
  project_uuids: z.array(z.uuid()),
});

export const ordersPageSchema = z.strictObject({ data: z.array(orderSummarySchema), next_cursor: nextCursor() });

export const trackedRecipientSchema = z.strictObject({
  id: z.number().int().meta({ description: "Extension: the piece, as `recipient_ids` of the cancel operation name it.", example: 9051 }),
  internal_id: text(),
  status: z.enum(DELIVERY_STATUSES).meta({
    description: "pending -> in_production -> mailed -> delivered; cancelled (before production, credit refunded) and returned end a piece's journey too.",
  }),
  name: z.string().meta({ description: "The recipient's first and last name at checkout.", example: "Jane Smith" }),
  ...mailingAddressFields(),
  scheduled_delivery_date: dateTime().meta({ description: "Set at checkout." }),
  updated_at: dateTime().meta({ description: "When the status last changed." }),
});

export const orderTrackingEntrySchema = z.strictObject({ project_uuid: z.uuid(), recipients: z.array(trackedRecipientSchema) });
export const orderTrackingSchema = z.strictObject({ data: z.array(orderTrackingEntrySchema) });

export type CheckoutJson = z.infer<typeof checkoutResultSchema>["data"];
export type CancelOrderJson = z.infer<typeof cancelOrderResultSchema>["data"];
export type OrderSummaryJson = z.infer<typeof orderSummarySchema>;
export type TrackedRecipientJson = z.infer<typeof trackedRecipientSchema>;
export type OrderTrackingEntryJson = z.infer<typeof orderTrackingEntrySchema>;
