import "server-only";
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { automationRuns, automations, cards, groups, projects, type AutomationEvent, type AutomationRow } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { isIdPosition, keysetCursor } from "@/lib/cursor";
import { fieldError, notFound } from "@/lib/errors";
import { isSerialId, toSerialId } from "@/lib/ids";
import { toCursorPage } from "@/lib/paging";
import { parseInput } from "@/lib/validation";
import { requestAutomationPass } from "./jobs/automations-pass";
import { skipDueOnActivation } from "./scheduler";
import { listRunsQuerySchema, type CreateAutomationInput, type ListRunsQuery, type UpdateAutomationInput } from "./schema";
import type { Automation, AutomationRun } from "./types";

export type { Automation, AutomationRun } from "./types";


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
    .select({ id: cards.id, isBox: cards.isBox, isPostcard: cards.isPostcard, priceCents: cards.priceCents })
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.isActive, true)));
  if (!card) throw invalid();
  return card;
}

/** One of the user's groups, or a 422 on `group_id`. */
export async function checkOwnGroup(ctx: ServiceContext, db: Database, groupId: number): Promise<void> {
  const invalid = () => fieldError("group_id", "The selected group id is invalid.");
  if (!isSerialId(groupId)) throw invalid();
  const [group] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.userId, ctx.user.id)));
  if (!group) throw invalid();
}

/**
 * Whether the save turns the automation on without sending what it has due now: `skip_due_now`
 * only goes with `active: true` (a 422 on `skip_due_now` otherwise, so that it is never silently
 * ignored).
 */
function skipsDueNow(input: { active?: boolean; skip_due_now?: boolean }): boolean {
  if (!input.skip_due_now) return false;
  if (input.active !== true) throw fieldError("skip_due_now", "The skip due now field may only be true when active is true.");
  return true;
}

const settingsOf = (automation: Automation) => ({
  automationId: automation.id,
  userId: automation.userId,
  groupId: automation.groupId,
  events: automation.events,
  daysBefore: automation.daysBefore,
});

/**
 * Creates the automation and the project its orders are recorded under (tracking and the order
 * list group pieces by project), kept out of the user's project list. An active one gets a pass
 * at once (afterSave), unless `skip_due_now` records what is due now as skipped first.
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
    const created = asAutomation(row!);
    if (skipsDueNow(input)) await skipDueOnActivation(tx, { ...settingsOf(created), priceCents: card.priceCents });
    return created;
  });
  return afterSave(automation);
}

/**
 * Changes the fields sent; the card and group are checked like on create. An active one gets a
 * pass at once (afterSave); with `active: true` and `skip_due_now`, what is due now is recorded
 * as skipped first, in the same transaction.
 */
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
    const updated = asAutomation(row!);
    if (skipsDueNow(input)) {
      const [price] = await tx.select({ priceCents: cards.priceCents }).from(cards).where(eq(cards.id, updated.cardId));
      await skipDueOnActivation(tx, { ...settingsOf(updated), priceCents: price?.priceCents ?? 0 });
    }
    return updated;
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
