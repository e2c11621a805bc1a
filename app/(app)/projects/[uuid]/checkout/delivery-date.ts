import { addDays, startOfUtcDay, toDateOnly } from "@/lib/dates";
import { DELIVERY_LEAD_DAYS, LATEST_DELIVERY_DAYS } from "@/lib/orders/schema";

/**
 * The delivery dates the checkout offers, and a date carried from the calendar: preselected when
 * it is one of them, else returned as `unreachableDate` so the page can say why it is not.
 */
export function deliveryDateChoice(carried: string | undefined, now = new Date()) {
  const today = startOfUtcDay(now);
  const earliestDate = toDateOnly(addDays(today, DELIVERY_LEAD_DAYS));
  const latestDate = toDateOnly(addDays(today, LATEST_DELIVERY_DAYS));
  const isReachable = carried !== undefined && carried >= earliestDate && carried <= latestDate;
  return { earliestDate, latestDate, initialDate: isReachable ? carried : undefined, unreachableDate: isReachable ? undefined : carried };
}
