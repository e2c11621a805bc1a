import { addDays, startOfUtcDay, toDateOnly } from "@/lib/dates";
import { DELIVERY_LEAD_DAYS, LATEST_DELIVERY_DAYS } from "@/lib/orders/schema";

/** The delivery dates the checkout offers, and a date carried in the address if it is one of them. */
export function deliveryDateChoice(carried: string | string[] | undefined, now = new Date()) {
  const today = startOfUtcDay(now);
  const earliestDate = toDateOnly(addDays(today, DELIVERY_LEAD_DAYS));
  const latestDate = toDateOnly(addDays(today, LATEST_DELIVERY_DAYS));
  const date = typeof carried === "string" && /^\d{4}-\d{2}-\d{2}$/.test(carried) ? carried : undefined;
  const initialDate = date && date >= earliestDate && date <= latestDate ? date : undefined;
  return { earliestDate, latestDate, initialDate };
}
