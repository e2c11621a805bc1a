import { z } from "zod";
import { DELIVERY_STATUSES } from "@/db/schema";
import { dateOnly } from "@/lib/dates";
import { cursorQuery, perPageQuery } from "@/lib/paging";

/** GET /orders: newest first, keyset on the order id. */
export const listOrdersQuerySchema = z.object({
  cursor: cursorQuery(),
  per_page: perPageQuery(),
});
export type ListOrdersQuery = z.infer<typeof listOrdersQuerySchema>;

/** An admin moving one mailed piece to another delivery status. */
export const setRecipientStatusSchema = z.object({
  status: z.enum(DELIVERY_STATUSES),
});
export type SetRecipientStatusInput = z.infer<typeof setRecipientStatusSchema>;

/** Days between checkout and the earliest and latest delivery date a buyer may choose. */
export const DELIVERY_LEAD_DAYS = 7;
export const LATEST_DELIVERY_DAYS = 365;

/** POST /cart/checkout/{uuid}: no body, `{}`, or a chosen delivery date. */
export const checkoutBodySchema = z.object({
  delivery_date: dateOnly("The delivery date must be a date written YYYY-MM-DD.")
    .optional()
    .meta({
      description: `The day the cards should arrive, ${DELIVERY_LEAD_DAYS} to ${LATEST_DELIVERY_DAYS} days after today (UTC). Without it: ${DELIVERY_LEAD_DAYS} days after today.`,
    }),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** Most pieces one cancel request may name. */
export const MAX_CANCEL_IDS = 10_000;

/** POST /orders/{orderId}/cancel: the pieces to cancel, or none for every pending one. */
export const cancelOrderBodySchema = z.object({
  recipient_ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1)
    .max(MAX_CANCEL_IDS)
    .optional()
    .meta({ description: "The `id`s of the tracked recipients to cancel; without it, every piece still `pending`." }),
});
export type CancelOrderBody = z.infer<typeof cancelOrderBodySchema>;
