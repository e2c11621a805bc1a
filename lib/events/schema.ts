import { z } from "zod";
import { queryInt } from "@/lib/validation";

/** GET /contacts/events: both required, month 1..12, year 1900..9999. */
export const contactEventsQuerySchema = z.object({
  month: queryInt().pipe(z.number().int().min(1).max(12)),
  year: queryInt().pipe(z.number().int().min(1900).max(9999)),
});
export type ContactEventsQuery = z.infer<typeof contactEventsQuerySchema>;
