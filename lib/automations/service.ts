import "server-only";
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { automationRuns, automations, cards, groups, projects, users, type AutomationEvent, type AutomationRow, type AutomationRunRow } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { isIdPosition, keysetCursor } from "@/lib/cursor";
import { startOfUtcDay, toDateOnly } from "@/lib/dates";
import { fieldError, notFound } from "@/lib/errors";
import { isSerialId, toSerialId } from "@/lib/ids";
import { toCursorPage } from "@/lib/paging";
import { parseInput } from "@/lib/validation";
import { fillPlaceholders } from "@/lib/placeholders";
import { requestAutomationPass } from "./jobs/automations-pass";
import { findUpcomingPage, isUpcomingPosition, type OccurrenceRow, type UpcomingPosition, type UpcomingRow } from "./occurrence-sql";
import { eventWindow, yearsSince, type PlaceholderValues } from "./occurrences";
import {
  listRunsQuerySchema,
  previewUpcomingSchema,
  upcomingQuerySchema,
  type CreateAutomationInput,
  type ListRunsQuery,
  type PreviewUpcomingInput,
  type UpcomingQuery,
  type UpdateAutomationInput,
} from "./schema";

export type Automation = Omit<AutomationRow, "projectId" | "events"> & { events: AutomationEvent[] };

export type UpcomingOccurrence = {
  eventDate: string;
  deliveryDate: string;
  sendDate: string;
  kind: AutomationEvent;
  contactId: string;
  name: string;
  recipientName: string;
  message: string;
  priceCents: number;
};

export type UpcomingSends = {
  /** The page asked for, or every occurrence. */
  occurrences: UpcomingOccurrence[];
  /** How many occurrences the whole window holds, and what they cost together. */
  count: number;
  totalCents: number;
  creditAvailableCents: number;
  nextCursor: string | null;
};

export type AutomationRun = AutomationRunRow;
export type RunPage = { runs: AutomationRun[]; nextCursor: string | null };

const automationNotFound = () => notFound("Automation not found");
const toAutomationId = (value: number | string) => toSerialId(value, automationNotFound);

const columns = {
  id: automations.id,
  userId: automations.userId,
  name: automations.name,
  cardId: automations.cardId,
  events: automations.events,
  groupId: automations.groupId,
  message: automations.message,
  signoff: automations.signoff,
  messageFont: automations.messageFont,
  daysBefore: automations.daysBefore,
  active: automations.active,
  createdAt: automations.createdAt,
  updatedAt: automations.updatedAt,
};

const asAutomation = (row: Omit<AutomationRow, "projectId">): Automation => ({ ...row, events: row.events as AutomationEvent[] });

/** The message of an occurrence, its placeholders filled: whose date, the addressee, the age or years. */
export function occurrenceMessage(template: string, row: OccurrenceRow): string {
  const years = yearsSince(row.event_date, row.since_year);
  const values: PlaceholderValues = {
    first_name: row.first_name,
    last_name: row.last_name,
    contact_first_name: row.contact_first_name,
    age: row.kind === "anniversary" ? "" : years,
    years: row.kind === "anniversary" ? years : "",
  };
  return fillPlaceholders(template, values);
}

/** The user's automations, oldest first. */
export async function listAutomations(ctx: ServiceContext): Promise<Automation[]> {
  const rows = await ctx.db.select(columns).from(automations).where(eq(automations.userId, ctx.user.id)).orderBy(asc(automations.id));
  return rows.map(asAutomation);
}

export async function getAutomationOrThrow(ctx: ServiceContext, automationId: number | string): Promise<Automation> {
  const id = toAutomationId(automationId);
  const [row] = await ctx.db
    .select(columns)
    .from(automations)
    .where(and(eq(automations.id, id), eq(automations.userId, ctx.user.id)));
  if (!row) throw automationNotFound();
  return asAutomation(row);
}

/** The active card an automation may send, or a 422 on `card_id`. */
async function activeCard(db: Database, cardId: number) {
  const invalid = () => fieldError("card_id", "The selected card id is invalid.");
  if (!isSerialId(cardId)) throw invalid();
  const [card] = await db
    .select({ id: cards.id, isBox: cards.isBox, isPostcard: cards.isPostcard })
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.isActive, true)));
  if (!card) throw invalid();
  return card;
}

/** One of the user's groups, or a 422 on `group_id`. */
async function checkOwnGroup(ctx: ServiceContext, db: Database, groupId: number): Promise<void> {
  const invalid = () => fieldError("group_id", "The selected group id is invalid.");
  if (!isSerialId(groupId)) throw invalid();
  const [group] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.userId, ctx.user.id)));
  if (!group) throw invalid();
}

/**
 * Creates the automation and the project its orders are recorded under (tracking and the order
 * list group pieces by project), kept out of the user's project list. An active one gets a pass
 * at once (afterSave).
 */
export async function createAutomation(ctx: ServiceContext, input: CreateAutomationInput): Promise<Automation> {
  const automation = await ctx.db.transaction(async (tx) => {
    const card = await activeCard(tx, input.card_id);
    if (input.group_id !== null) await checkOwnGroup(ctx, tx, input.group_id);
    const [project] = await tx
      .insert(projects)
      .values({
        userId: ctx.user.id,
        cardId: card.id,
        name: input.name,
        automationMessage: input.message,
        automationSignoff: input.signoff ?? "",
        messageFont: input.message_font,
        isBox: card.isBox,
        isPostcard: card.isPostcard,
      })
      .returning({ id: projects.id });
    const [row] = await tx
      .insert(automations)
      .values({
        userId: ctx.user.id,
        name: input.name,
        cardId: card.id,
        events: input.events,
        groupId: input.group_id,
        message: input.message,
        signoff: input.signoff ?? null,
        messageFont: input.message_font,
        daysBefore: input.days_before,
        active: input.active,
        projectId: project!.id,
      })
      .returning(columns);
    return asAutomation(row!);
  });
  return afterSave(automation);
}

/** Changes the fields sent; the card and group are checked like on create. An active one gets a pass at once (afterSave). */
export async function updateAutomation(ctx: ServiceContext, automationId: number | string, input: UpdateAutomationInput): Promise<Automation> {
  const id = toAutomationId(automationId);
  const automation = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ projectId: automations.projectId })
      .from(automations)
      .where(and(eq(automations.id, id), eq(automations.userId, ctx.user.id)))
      .for("update");
    if (!current) throw automationNotFound();
    const card = input.card_id === undefined ? undefined : await activeCard(tx, input.card_id);
    if (input.group_id !== undefined && input.group_id !== null) await checkOwnGroup(ctx, tx, input.group_id);
    const [row] = await tx
      .update(automations)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(card && { cardId: card.id }),
        ...(input.events !== undefined && { events: input.events }),
        ...(input.group_id !== undefined && { groupId: input.group_id }),
        ...(input.message !== undefined && { message: input.message }),
        ...(input.signoff !== undefined && { signoff: input.signoff }),
        ...(input.message_font !== undefined && { messageFont: input.message_font }),
        ...(input.days_before !== undefined && { daysBefore: input.days_before }),
        ...(input.active !== undefined && { active: input.active }),
        updatedAt: sql`now()`,
      })
      .where(eq(automations.id, id))
      .returning(columns);
    await tx
      .update(projects)
      .set({
        name: row!.name,
        cardId: row!.cardId,
        automationMessage: row!.message,
        automationSignoff: row!.signoff ?? "",
        messageFont: row!.messageFont,
        ...(card && { isBox: card.isBox, isPostcard: card.isPostcard }),
        updatedAt: sql`now()`,
      })
      .where(eq(projects.id, current.projectId));
    return asAutomation(row!);
  });
  return afterSave(automation);
}

/**
 * What an active automation already has due goes out now, not at the next minute's pass: a pass
 * over it is asked of this process's queue once the change has committed (requestAutomationPass;
 * a process without a running queue asks nothing, and the minute's pass covers it).
 */
async function afterSave(automation: Automation): Promise<Automation> {
  if (automation.active) await requestAutomationPass(automation.id);
  return automation;
}

/** Deletes the automation, its runs and its record of what it sent; its orders stay. */
export async function deleteAutomation(ctx: ServiceContext, automationId: number | string): Promise<void> {
  const id = toAutomationId(automationId);
  const deleted = await ctx.db
    .delete(automations)
    .where(and(eq(automations.id, id), eq(automations.userId, ctx.user.id)))
    .returning({ id: automations.id });
  if (deleted.length === 0) throw automationNotFound();
}

/**
 * What the automation would send in the next `days` days, active or not: the occurrences not
 * sent yet whose send date comes by then and that can still arrive by their date, to contacts
 * with a full address, ordered by send date, event date and name. An occurrence already due is
 * sent today and arrives as soon as it can. A page of `per_page` after `cursor` (the API's
 * default applies there); without `per_page`, every occurrence (the web page's short list). The
 * count and the total are always the whole window's.
 */
export async function listUpcoming(ctx: ServiceContext, automationId: number | string, input: Partial<UpcomingQuery> = {}, now = new Date()): Promise<UpcomingSends> {
  const everything = input.per_page === undefined;
  const query = parseInput(upcomingQuerySchema, input);
  const after = upcomingCursor.decode(ctx, query.cursor);
  const automation = await getAutomationOrThrow(ctx, automationId);
  return upcomingOf(ctx, { ...automation, automationId: automation.id }, { days: query.days, after, perPage: everything ? undefined : query.per_page }, now);
}

/**
 * What settings not saved yet would send, worked out as listUpcoming does: for a new automation
 * (nothing sent yet), or for changes to a saved one (`automation_id`: what it sent is left out).
 * The card may be retired (a saved automation keeps its own until changed); the group must be
 * the user's.
 */
export async function previewUpcoming(ctx: ServiceContext, input: PreviewUpcomingInput, now = new Date()): Promise<UpcomingSends> {
  const query = parseInput(previewUpcomingSchema, input);
  const automationId = query.automation_id === null ? null : (await getAutomationOrThrow(ctx, query.automation_id)).id;
  if (!isSerialId(query.card_id)) throw fieldError("card_id", "The selected card id is invalid.");
  const [card] = await ctx.db.select({ id: cards.id }).from(cards).where(eq(cards.id, query.card_id));
  if (!card) throw fieldError("card_id", "The selected card id is invalid.");
  if (query.group_id !== null) await checkOwnGroup(ctx, ctx.db, query.group_id);
  return upcomingOf(
    ctx,
    { automationId, cardId: card.id, groupId: query.group_id, events: query.events, message: query.message, daysBefore: query.days_before },
    { days: query.days, after: undefined, perPage: undefined },
    now,
  );
}

type UpcomingSettings = Pick<Automation, "cardId" | "groupId" | "events" | "message" | "daysBefore"> & { automationId: number | null };

/** Which part of the window: `perPage` occurrences after `after`, or every one without `perPage`. */
type UpcomingSlice = { days: number; after: UpcomingPosition | undefined; perPage: number | undefined };

async function upcomingOf(ctx: ServiceContext, settings: UpcomingSettings, page: UpcomingSlice, now: Date): Promise<UpcomingSends> {
  const today = toDateOnly(startOfUtcDay(now));
  const [[card], [user], found] = await Promise.all([
    ctx.db.select({ priceCents: cards.priceCents }).from(cards).where(eq(cards.id, settings.cardId)),
    ctx.db.select({ creditCents: users.creditCents }).from(users).where(eq(users.id, ctx.user.id)),
    findUpcomingPage(ctx.db, {
      automationId: settings.automationId,
      userId: ctx.user.id,
      groupId: settings.groupId,
      events: settings.events,
      window: eventWindow(today, settings.daysBefore, page.days),
      today,
      daysBefore: settings.daysBefore,
      after: page.after,
      limit: page.perPage,
    }),
  ]);
  const priceCents = card?.priceCents ?? 0;
  const items = page.perPage === undefined ? { items: found.rows, nextCursor: null } : toCursorPage(found.rows, page.perPage, (last) => upcomingPositionOf(ctx, last));
  const occurrences = items.items.map(
    (row): UpcomingOccurrence => ({
      eventDate: row.event_date,
      deliveryDate: row.delivery_date,
      sendDate: row.send_date,
      kind: row.kind,
      contactId: row.contact_id,
      name: row.name,
      recipientName: row.recipient_name,
      message: occurrenceMessage(settings.message, row),
      priceCents,
    }),
  );
  return { occurrences, count: found.count, nextCursor: items.nextCursor, totalCents: priceCents * found.count, creditAvailableCents: user?.creditCents ?? 0 };
}

const upcomingCursor = keysetCursor("automation-upcoming", isUpcomingPosition);

const upcomingPositionOf = (ctx: ServiceContext, row: UpcomingRow) =>
  upcomingCursor.encode(ctx, { s: row.send_date, e: row.event_date, n: row.name, c: row.contact_id, k: row.kind, p: row.person_id });

const runsCursor = keysetCursor("automation-runs", isIdPosition);

/** The automation's runs, newest first. */
export async function listRuns(ctx: ServiceContext, automationId: number | string, input: Partial<ListRunsQuery> = {}): Promise<RunPage> {
  const query = parseInput(listRunsQuerySchema, input);
  const after = runsCursor.decode(ctx, query.cursor);
  const automation = await getAutomationOrThrow(ctx, automationId);
  const rows = await ctx.db
    .select()
    .from(automationRuns)
    .where(and(eq(automationRuns.automationId, automation.id), eq(automationRuns.userId, ctx.user.id), after ? lt(automationRuns.id, after.id) : undefined))
    .orderBy(desc(automationRuns.id))
    .limit(query.per_page + 1);
  const page = toCursorPage(rows, query.per_page, (last) => runsCursor.encode(ctx, { id: last.id }));
  return { runs: page.items, nextCursor: page.nextCursor };
}
