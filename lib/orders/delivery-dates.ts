import { addDays, daysBetween, fromDateOnly, startOfUtcDay, toDateOnly } from "@/lib/dates";
import { fieldError } from "@/lib/errors";
import { DELIVERY_LEAD_DAYS, LATEST_DELIVERY_DAYS } from "./schema";

/*
 * The delivery day of a checkout, one rule for the API, the checkout page's choice and the
 * service that schedules the pieces: DELIVERY_LEAD_DAYS to LATEST_DELIVERY_DAYS days after
 * today (UTC), the earliest when none is chosen.
 */

/** The first and last delivery dates a checkout offers today, `YYYY-MM-DD`. */
export function deliveryDateRange(now: Date): { earliestDate: string; latestDate: string } {
  const today = startOfUtcDay(now);
  return { earliestDate: toDateOnly(addDays(today, DELIVERY_LEAD_DAYS)), latestDate: toDateOnly(addDays(today, LATEST_DELIVERY_DAYS)) };
}

/**
 * The delivery dates the checkout offers, and a date carried from the calendar: preselected when
 * it is one of them, else returned as `unreachableDate` so the page can say why it is not.
 */
export function deliveryDateChoice(carried: string | undefined, now = new Date()) {
  const { earliestDate, latestDate } = deliveryDateRange(now);
  const isReachable = carried !== undefined && carried >= earliestDate && carried <= latestDate;
  return { earliestDate, latestDate, initialDate: isReachable ? carried : undefined, unreachableDate: isReachable ? undefined : carried };
}

/** Midnight UTC of the delivery day: the one chosen, if it is 7 to 365 days ahead, or 7 days from today. */
export function scheduledDeliveryDay(deliveryDate: string | undefined, now: Date): Date {
  const today = startOfUtcDay(now);
  if (deliveryDate === undefined) return addDays(today, DELIVERY_LEAD_DAYS);
  const day = fromDateOnly(deliveryDate);
  const days = daysBetween(today, day);
  if (!(days >= DELIVERY_LEAD_DAYS && days <= LATEST_DELIVERY_DAYS)) {
    const { earliestDate, latestDate } = deliveryDateRange(now);
    throw fieldError("delivery_date", `The delivery date must be ${DELIVERY_LEAD_DAYS} to ${LATEST_DELIVERY_DAYS} days after today: from ${earliestDate} to ${latestDate}.`);
  }
  return day;
}
