import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { deliveryDateChoice, scheduledDeliveryDay } from "./delivery-dates";

const now = new Date("2026-11-28T22:30:00Z");

describe("the checkout's delivery dates", () => {
  it("offers 7 to 365 days after today (UTC) and preselects a date carried from the calendar only when it is one of them", () => {
    expect(deliveryDateChoice("2026-12-05", now)).toEqual({ earliestDate: "2026-12-05", latestDate: "2027-11-28", initialDate: "2026-12-05", unreachableDate: undefined });
    expect(deliveryDateChoice("2026-12-04", now)).toMatchObject({ initialDate: undefined, unreachableDate: "2026-12-04" });
    expect(deliveryDateChoice(undefined, now)).toMatchObject({ initialDate: undefined, unreachableDate: undefined });
  });

  it("schedules the pieces on the day the page offers, and refuses the days it does not, naming the range", () => {
    const { earliestDate, latestDate } = deliveryDateChoice(undefined, now);
    expect(scheduledDeliveryDay(undefined, now).toISOString()).toBe(`${earliestDate}T00:00:00.000Z`);
    expect(scheduledDeliveryDay(latestDate, now).toISOString()).toBe(`${latestDate}T00:00:00.000Z`);
    expect(() => scheduledDeliveryDay("2026-12-04", now)).toThrow(AppError);
    expect(() => scheduledDeliveryDay("2027-11-29", now)).toThrow("from 2026-12-05 to 2027-11-28");
  });
});
