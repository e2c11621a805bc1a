import { z } from "zod";
import { DELIVERY_STATUSES } from "@/db/schema";
import { queryInt } from "@/lib/validation";

/** GET /orders: newest first, keyset on the order id. */
export const listOrdersQuerySchema = z.object({
  cursor: z.string().max(1000).optional(),
  per_page: queryInt().pipe(z.number().int().min(1).max(100)).optional().default(15),
});
export type ListOrdersQuery = z.infer<typeof listOrdersQuerySchema>;

/** An admin moving one mailed piece to another delivery status. */
export const setRecipientStatusSchema = z.object({
  status: z.enum(DELIVERY_STATUSES),
});
export type SetRecipientStatusInput = z.infer<typeof setRecipientStatusSchema>;
