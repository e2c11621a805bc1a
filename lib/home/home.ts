import "server-only";
import { and, count, desc, eq, gte, inArray, notInArray } from "drizzle-orm";
import { automations, orderRecipients } from "@/db/schema";
import { getAccount } from "@/lib/account/service";
import { markAutomatedEntries } from "@/lib/automations/view";
import { countContacts } from "@/lib/contacts/service";
import type { ServiceContext } from "@/lib/context";
import { addDays, fromDateOnly, toDateOnly } from "@/lib/dates";
import { getCalendarMonth, shiftMonth, type CalendarEntry } from "@/lib/events/calendar";

/** How far ahead home looks, in days (today included). */
export const HOME_DAYS = 30;

/**
 * What is done about one date: a card ordered by hand (with where it is), an automation that sends
 * (or sent) it, automations too late for it, or nothing yet. An order placed by hand wins over the
 * automation's word, and an automation that sends wins over one that is too late: the reader wants
 * to know whether a card will be there.
 */
export type HomeDateState =
  | { kind: "ordered"; orderId: number; status: string }
  | { kind: "automated"; automations: string[] }
  | { kind: "too_late"; automations: string[] }
  | { kind: "nothing" };

export type HomeDate = { date: string; entry: CalendarEntry; state: HomeDateState };

export type HomeCardInPost = { orderId: number; name: string; status: string; scheduledDeliveryDate: string };

export type HomeFirstSteps = { contacts: boolean; returnAddress: boolean; automation: boolean };

export type HomeData = {
  today: string;
  dates: HomeDate[];
  inThePost: HomeCardInPost[];
  creditCents: number;
  firstSteps: HomeFirstSteps;
};

// A card ordered this long before a date, or less, is taken to be for it.
const ORDERED_FOR_DAYS = 45;
const IN_THE_POST: string[] = ["pending", "in_production", "mailed"];
const IN_THE_POST_SHOWN = 10;

const iso = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** Everything home shows, seen on `today` (the account's day, `YYYY-MM-DD`). */
export async function getHomeData(ctx: ServiceContext, today: string): Promise<HomeData> {
  const last = toDateOnly(addDays(fromDateOnly(today), HOME_DAYS - 1));
  const [year, month] = today.split("-").map(Number) as [number, number];
  const months = [{ year, month }];
  for (let m = shiftMonth(year, month, 1); m && iso(m.year, m.month, 1) <= last; m = shiftMonth(m.year, m.month, 1)) months.push(m);

  const dates: { date: string; entry: CalendarEntry }[] = [];
  for (const m of months) {
    const marked = await markAutomatedEntries(ctx, await getCalendarMonth(ctx, m), today);
    for (const day of marked.days) {
      const date = iso(m.year, m.month, day.day);
      if (date < today || date > last) continue;
      for (const entry of day.entries) dates.push({ date, entry });
    }
  }

  const contactIds = [...new Set(dates.map((d) => d.entry.contactUuid))];
  const placedSince = addDays(fromDateOnly(today), -ORDERED_FOR_DAYS);
  const [ordered, post, account, contactCount, automationCount] = await Promise.all([
    contactIds.length === 0
      ? []
      : ctx.db
          .select({ orderId: orderRecipients.orderId, contactId: orderRecipients.contactId, status: orderRecipients.status, createdAt: orderRecipients.createdAt })
          .from(orderRecipients)
          .where(
            and(
              eq(orderRecipients.userId, ctx.user.id),
              inArray(orderRecipients.contactId, contactIds),
              notInArray(orderRecipients.status, ["cancelled", "returned"]),
              gte(orderRecipients.createdAt, placedSince),
            ),
          )
          .orderBy(desc(orderRecipients.id)),
    ctx.db
      .select({ orderId: orderRecipients.orderId, name: orderRecipients.name, status: orderRecipients.status, scheduledDeliveryDate: orderRecipients.scheduledDeliveryDate })
      .from(orderRecipients)
      .where(and(eq(orderRecipients.userId, ctx.user.id), inArray(orderRecipients.status, IN_THE_POST)))
      .orderBy(orderRecipients.scheduledDeliveryDate, orderRecipients.id)
      .limit(IN_THE_POST_SHOWN),
    getAccount(ctx),
    countContacts(ctx.db, ctx.user.id),
    ctx.db.select({ n: count() }).from(automations).where(eq(automations.userId, ctx.user.id)),
  ]);

  const homeDates = dates.map(({ date, entry }): HomeDate => {
    // An order placed in the weeks before the date, for the date's contact, is the card for it.
    const from = addDays(fromDateOnly(date), -ORDERED_FOR_DAYS);
    const order = ordered.find((o) => o.contactId === entry.contactUuid && o.createdAt >= from && o.createdAt <= addDays(fromDateOnly(date), 1));
    if (order) return { date, entry, state: { kind: "ordered", orderId: order.orderId, status: order.status } };
    if ((entry.automations?.length ?? 0) > 0) return { date, entry, state: { kind: "automated", automations: entry.automations ?? [] } };
    if ((entry.tooLateFor?.length ?? 0) > 0) return { date, entry, state: { kind: "too_late", automations: entry.tooLateFor ?? [] } };
    return { date, entry, state: { kind: "nothing" } };
  });

  const profile = account.profile;
  return {
    today,
    dates: homeDates,
    inThePost: post.map((p) => ({ ...p, scheduledDeliveryDate: toDateOnly(p.scheduledDeliveryDate) })),
    creditCents: account.creditCents,
    firstSteps: {
      contacts: contactCount > 0,
      returnAddress: Boolean(profile.address && profile.city && profile.zip),
      automation: (automationCount[0]?.n ?? 0) > 0,
    },
  };
}
