import "server-only";
import { eq } from "drizzle-orm";
import { cards, users } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { keysetCursor } from "@/lib/cursor";
import { addDays, fromDateOnly, startOfUtcDay, toDateOnly } from "@/lib/dates";
import { fieldError } from "@/lib/errors";
import { isSerialId } from "@/lib/ids";
import { checkoutTotalCents } from "@/lib/projects/cost";
import { toCursorPage } from "@/lib/paging";
import { parseInput } from "@/lib/validation";
import { planOccurrence } from "./coverage";
import { groupHouseholds, pieceAddressee, pieceMessage, pieceWhose } from "./households";
import { findUpcomingPage, isUpcomingPosition, upcomingRowsBetween, type UpcomingPageQuery, type UpcomingPosition, type UpcomingRow } from "./occurrence-sql";
import { eventWindow } from "./occurrences";
import { findDueOccurrences } from "./scheduler";
import { previewUpcomingSchema, upcomingQuerySchema, type PreviewUpcomingInput, type UpcomingQuery } from "./schema";
import { checkOwnGroup, getAutomationOrThrow } from "./service";
import type { Automation, DueNow, UpcomingOccurrence, UpcomingSends } from "./types";

export type { DueNow, UpcomingOccurrence, UpcomingSends } from "./types";

/**
 * What the automation would send in the next `days` days, active or not: the pieces not sent yet
 * whose send date comes by then, to contacts with a full address, ordered by send date, event
 * date and name, each with its status (coverage.ts); the occurrences too late to arrive by a
 * date in those days are listed too, but not counted. A page of `per_page` after `cursor` (the
 * API's default applies there); without `per_page`, every piece (the web page's list). The count
 * and the total are always the whole window's.
 */
export async function listUpcoming(ctx: ServiceContext, automationId: number | string, input: Partial<UpcomingQuery> = {}, now = new Date()): Promise<UpcomingSends> {
  const everything = input.per_page === undefined;
  const query = parseInput(upcomingQuerySchema, input);
  const after = upcomingCursor.decode(ctx, query.cursor);
  const automation = await getAutomationOrThrow(ctx, automationId);
  return upcomingOf(ctx, { ...automation, automationId: automation.id }, { days: query.days, after, perPage: everything ? undefined : query.per_page }, now);
}

/** The settings of the form, checked: the card (retired or not) and the group must exist and be the user's. */
async function previewSettings(ctx: ServiceContext, input: PreviewUpcomingInput) {
  const query = parseInput(previewUpcomingSchema, input);
  const automationId = query.automation_id === null ? null : (await getAutomationOrThrow(ctx, query.automation_id)).id;
  if (!isSerialId(query.card_id)) throw fieldError("card_id", "The selected card id is invalid.");
  const [card] = await ctx.db.select({ id: cards.id, priceCents: cards.priceCents }).from(cards).where(eq(cards.id, query.card_id));
  if (!card) throw fieldError("card_id", "The selected card id is invalid.");
  if (query.group_id !== null) await checkOwnGroup(ctx, ctx.db, query.group_id);
  const settings: UpcomingSettings = { automationId, cardId: card.id, groupId: query.group_id, events: query.events, message: query.message, daysBefore: query.days_before };
  return { settings, days: query.days, priceCents: card.priceCents };
}

/**
 * What settings not saved yet would send, worked out as listUpcoming does: for a new automation
 * (nothing sent yet), or for changes to a saved one (`automation_id`: what it sent is left out).
 * The card may be retired (a saved automation keeps its own until changed); the group must be
 * the user's.
 */
export async function previewUpcoming(ctx: ServiceContext, input: PreviewUpcomingInput, now = new Date()): Promise<UpcomingSends> {
  const { settings, days } = await previewSettings(ctx, input);
  return upcomingOf(ctx, settings, { days, after: undefined, perPage: undefined }, now);
}

/**
 * What settings would send as soon as they are saved active: the pieces due today, found as the
 * scheduler finds them (households counted once), what they cost and the credit now. The form
 * asks before saving when there are any.
 */
export async function previewDueNow(ctx: ServiceContext, input: PreviewUpcomingInput, now = new Date()): Promise<DueNow> {
  const { settings, priceCents } = await previewSettings(ctx, input);
  const today = toDateOnly(startOfUtcDay(now));
  const [due, [user]] = await Promise.all([
    findDueOccurrences(ctx.db, { automationId: settings.automationId, userId: ctx.user.id, groupId: settings.groupId, events: settings.events }, settings.daysBefore, today),
    ctx.db.select({ creditCents: users.creditCents }).from(users).where(eq(users.id, ctx.user.id)),
  ]);
  const count = groupHouseholds(due.filter((row) => row.has_address)).length;
  return { count, totalCents: checkoutTotalCents(priceCents, count), creditAvailableCents: user?.creditCents ?? 0 };
}

type UpcomingSettings = Pick<Automation, "cardId" | "groupId" | "events" | "message" | "daysBefore"> & { automationId: number | null };

/** Which part of the window: `perPage` occurrences after `after`, or every one without `perPage`. */
type UpcomingSlice = { days: number; after: UpcomingPosition | undefined; perPage: number | undefined };

const shift = (date: string, days: number) => toDateOnly(addDays(fromDateOnly(date), days));

async function upcomingOf(ctx: ServiceContext, settings: UpcomingSettings, page: UpcomingSlice, now: Date): Promise<UpcomingSends> {
  const today = toDateOnly(startOfUtcDay(now));
  const query: UpcomingPageQuery = {
    automationId: settings.automationId,
    userId: ctx.user.id,
    groupId: settings.groupId,
    events: settings.events,
    // From today: the dates of the next week are listed too, as too late.
    window: { from: today, to: eventWindow(today, settings.daysBefore, page.days).to },
    tooLateTo: shift(today, page.days),
    today,
    daysBefore: settings.daysBefore,
    after: page.after,
    limit: page.perPage,
  };
  const [[card], [user], found] = await Promise.all([
    ctx.db.select({ priceCents: cards.priceCents }).from(cards).where(eq(cards.id, settings.cardId)),
    ctx.db.select({ creditCents: users.creditCents }).from(users).where(eq(users.id, ctx.user.id)),
    findUpcomingPage(ctx.db, query),
  ]);
  const priceCents = card?.priceCents ?? 0;
  const items = page.perPage === undefined ? { items: found.rows, nextCursor: null } : toCursorPage(found.rows, page.perPage, (last) => upcomingPositionOf(ctx, last));
  const pieces = page.perPage === undefined ? groupHouseholds(items.items) : await pageHouseholds(ctx, query, items.items);
  const occurrences = pieces.map((rows): UpcomingOccurrence => {
    const first = rows[0]!;
    const plan = planOccurrence(today, first.event_date, settings.daysBefore);
    return {
      eventDate: first.event_date,
      deliveryDate: first.delivery_date,
      sendDate: first.send_date,
      kind: first.kind,
      contactId: first.contact_id,
      contactIds: [...new Set(rows.map((row) => row.contact_id))],
      name: pieceWhose(rows),
      recipientName: pieceAddressee(rows).name,
      message: pieceMessage(settings.message, rows),
      priceCents,
      status: plan.status,
      daysEarly: plan.daysEarly,
    };
  });
  const count = found.count ?? occurrences.filter((item) => item.status !== "too_late").length;
  return { occurrences, count, nextCursor: items.nextCursor, totalCents: checkoutTotalCents(priceCents, count), creditAvailableCents: user?.creditCents ?? 0 };
}

const occurrenceId = (row: UpcomingRow) => `${row.contact_id}|${row.kind}|${row.person_id}|${row.event_date}`;

/**
 * The pieces of a page: a household's members need not sort next to each other (by name), nor
 * on one page, so the page's dates are read whole and a household is shown once, where its first
 * member sorts, with all of its members; its other members' rows show nothing of their own. A
 * page may then list fewer than `per_page` items. Event dates only grow along the page.
 */
async function pageHouseholds(ctx: ServiceContext, query: UpcomingPageQuery, rows: UpcomingRow[]): Promise<UpcomingRow[][]> {
  if (rows.length === 0) return [];
  const around = await upcomingRowsBetween(ctx.db, query, rows[0]!.event_date, rows.at(-1)!.event_date);
  const byFirst = new Map(groupHouseholds(around).map((members) => [occurrenceId(members[0]!), members]));
  return rows.flatMap((row) => {
    const members = byFirst.get(occurrenceId(row));
    return members ? [members] : [];
  });
}

const upcomingCursor = keysetCursor("automation-upcoming", isUpcomingPosition);

const upcomingPositionOf = (ctx: ServiceContext, row: UpcomingRow) =>
  upcomingCursor.encode(ctx, { s: row.send_date, e: row.event_date, n: row.name, c: row.contact_id, k: row.kind, p: row.person_id });
