import { z } from "zod";
import { DELIVERY_STATUSES } from "@/db/schema";
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
