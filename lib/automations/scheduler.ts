import "server-only";
import { log } from "@/lib/logger";
import { and, asc, eq, sql } from "drizzle-orm";
import { execute, type Database } from "@/db/client";
import { automationRuns, automations, cards, type AutomationEvent, type AutomationSkipReason, type LeftOutOccurrence } from "@/db/schema";
import { startOfUtcDay, toDateOnly } from "@/lib/dates";
import { AppError } from "@/lib/errors";
import { queueAutomationSkipped } from "@/lib/mail/account-mail";
import { placeOrder } from "@/lib/orders/place-order";
import { checkoutTotalCents } from "@/lib/projects/cost";
import { recordAutomationRun } from "./run-events";
import { planOccurrence } from "./coverage";
import { groupHouseholds, pieceAddressee, pieceMessage } from "./households";
import { findOccurrences, type OccurrenceQuery, type OccurrenceRow } from "./occurrence-sql";
import { eventWindow } from "./occurrences";

export type AutomationPassRun = {
  automationId: number;
  status: "sent" | "skipped";
  reason: AutomationSkipReason | null;
  orderId: number | null;
  recipientsCount: number;
};

export type AutomationPassResult = {
  /** The active automations looked at. */
  automations: number;
  /** What each automation that had something due did. */
  runs: AutomationPassRun[];
  /** Automations whose pass failed for another reason (logged); the next pass tries them again. */
  failed: number;
};

/** Thrown inside a run's transaction when another pass claimed everything first: nothing to write. */
class NothingClaimed extends Error {}

const keyOf = (row: { contact_id: string; kind: string; person_id: number; event_date: string }) => `${row.contact_id}|${row.kind}|${row.person_id}|${row.event_date}`;

const leftOutOf = (rows: OccurrenceRow[]): LeftOutOccurrence[] =>
  rows.map((row) => ({ contact_uuid: row.contact_id, kind: row.kind, reason: "missing_address" }));

/** What the automation has due on `today` and has not handled yet: the occurrences the rule (coverage.ts) sends today, as the scheduler finds them. */
export async function findDueOccurrences(db: Database, query: Omit<OccurrenceQuery, "window">, daysBefore: number, today: string): Promise<OccurrenceRow[]> {
  const found = await findOccurrences(db, { ...query, window: eventWindow(today, daysBefore) });
  return found.filter((row) => planOccurrence(today, row.event_date, daysBefore).due);
}

/**
 * Claims the occurrences for the run in automation_sends, in the caller's transaction: the
 * unique key lets each be claimed once, whatever runs at the same time. The ones this run got,
 * in the order claimed.
 */
async function claim(tx: Database, run: { automationId: number; userId: number; runId: number }, due: OccurrenceRow[]): Promise<{ sendId: number; row: OccurrenceRow }[]> {
  const dueByKey = new Map(due.map((row) => [keyOf(row), row]));
  const claims = due.map((row) => ({ contact_id: row.contact_id, kind: row.kind, person_id: row.person_id, event_date: row.event_date }));
  const claimed = await execute<{ id: number; contact_id: string; kind: string; person_id: number; event_date: string }>(
    tx,
    sql`
      insert into automation_sends (automation_id, user_id, contact_id, kind, person_id, event_date, run_id)
      select ${run.automationId}::int, ${run.userId}::int, x.contact_id, x.kind, x.person_id, x.event_date, ${run.runId}::int
      from jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) as x(contact_id uuid, kind text, person_id int, event_date date)
      on conflict (automation_id, contact_id, kind, person_id, event_date) do nothing
      returning id, contact_id, kind, person_id, event_date::text as event_date
    `,
  );
  return claimed
    .map((c) => ({ sendId: Number(c.id), row: dueByKey.get(keyOf({ ...c, person_id: Number(c.person_id), event_date: String(c.event_date) }))! }))
    .sort((a, b) => a.sendId - b.sendId);
}

/**
 * Turning an automation on without sending what it has due at that moment: those occurrences are
 * recorded as handled by a skipped run (`skipped_on_activation`, with what they would have cost)
 * and never sent; the dates after them go out as usual. In the caller's transaction, which holds
 * the automation's row, so no pass sends them first. No webhook event or mail: the user chose it.
 */
export async function skipDueOnActivation(
  tx: Database,
  automation: Omit<OccurrenceQuery, "window"> & { automationId: number; daysBefore: number; priceCents: number },
  now: Date = new Date(),
): Promise<void> {
  const today = toDateOnly(startOfUtcDay(now));
  const due = await findDueOccurrences(tx, automation, automation.daysBefore, today);
  if (due.length === 0) return;
  const [run] = await tx
    .insert(automationRuns)
    .values({ automationId: automation.automationId, userId: automation.userId, runDay: today, status: "skipped", reason: "skipped_on_activation" })
    .returning({ id: automationRuns.id });
  const mine = await claim(tx, { automationId: automation.automationId, userId: automation.userId, runId: run!.id }, due);
  const households = groupHouseholds(mine.filter((c) => c.row.has_address).map((c) => c.row));
  await tx
    .update(automationRuns)
    .set({
      creditNeededCents: checkoutTotalCents(automation.priceCents, households.length),
      householdsMerged: households.filter((rows) => rows.length > 1).length,
      leftOut: leftOutOf(mine.filter((c) => !c.row.has_address).map((c) => c.row)),
    })
    .where(eq(automationRuns.id, run!.id));
}

/**
 * One scheduler pass: every active automation of every account sends what it has due on the
 * UTC day of `now`, each as one order charged and recorded like a checkout.
 *
 * Safe to run at any moment, as often as wanted, on any number of instances at once: an
 * automation is locked for the length of its run (a second pass skips it), and every
 * occurrence sent is claimed in automation_sends in the order's own transaction, whose unique
 * key lets each occurrence be ordered at most once; a pass that dies mid-way rolls back whole.
 * Meant to be called at least once a minute from the job queue (`await runDueAutomations(db)`),
 * and for one automation when it is created or changed (`{ automationId }`). `waitForOthers`
 * waits for a pass already running over it instead of skipping it, so that whatever it has due
 * has gone out (by either pass) when this one returns: a page saved by its user shows the run.
 */
export async function runDueAutomations(db: Database, options: { now?: Date; automationId?: number; waitForOthers?: boolean } = {}): Promise<AutomationPassResult> {
  const today = toDateOnly(startOfUtcDay(options.now ?? new Date()));
  const active = await db
    .select({ id: automations.id })
    .from(automations)
    .where(and(eq(automations.active, true), options.automationId === undefined ? undefined : eq(automations.id, options.automationId)))
    .orderBy(asc(automations.id));
  const result: AutomationPassResult = { automations: active.length, runs: [], failed: 0 };
  for (const { id } of active) {
    try {
      const run = await runAutomation(db, id, today, options.waitForOthers ?? false);
      if (run) result.runs.push(run);
    } catch (error) {
      // One automation's failure must not hold back the others; it is tried again next pass.
      log("automations").error({ err: error, automation_id: id }, "the scheduler pass failed for this automation");
      result.failed += 1;
    }
  }
  return result;
}

async function runAutomation(db: Database, automationId: number, today: string, waitForOthers: boolean): Promise<AutomationPassRun | null> {
  let leftOut: LeftOutOccurrence[] = [];
  try {
    return await db.transaction(async (tx) => {
      const [automation] = await tx
        .select({
          id: automations.id,
          userId: automations.userId,
          events: automations.events,
          groupId: automations.groupId,
          message: automations.message,
          daysBefore: automations.daysBefore,
          projectId: automations.projectId,
          priceCents: cards.priceCents,
          isCardActive: cards.isActive,
        })
        .from(automations)
        .innerJoin(cards, eq(cards.id, automations.cardId))
        .where(and(eq(automations.id, automationId), eq(automations.active, true)))
        .for("update", waitForOthers ? { of: automations } : { of: automations, skipLocked: true });
      if (!automation) return null;

      // A day's occurrences of one automation are a few index scans: parallel workers would
      // cost more to start than they save (30 ms without them, 120-220 ms with two, for a
      // 2,000-contact group's month on 100,000 contacts), fifty times a pass.
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      const due = await findDueOccurrences(tx, { automationId, userId: automation.userId, groupId: automation.groupId, events: automation.events as AutomationEvent[] }, automation.daysBefore, today);
      if (due.length === 0) return null;
      leftOut = leftOutOf(due.filter((row) => !row.has_address));
      const base = { automationId, userId: automation.userId, today };

      if (!automation.isCardActive) {
        const neededCents = checkoutTotalCents(automation.priceCents, groupHouseholds(due.filter((row) => row.has_address)).length);
        await recordSkip(tx, { ...base, reason: "card_unavailable", neededCents, leftOut });
        return { automationId, status: "skipped", reason: "card_unavailable", orderId: null, recipientsCount: 0 };
      }

      const [run] = await tx
        .insert(automationRuns)
        .values({ automationId, userId: automation.userId, runDay: today, status: "sent" })
        .returning({ id: automationRuns.id });
      const runId = run!.id;
      const mine = await claim(tx, { automationId, userId: automation.userId, runId }, due);
      if (mine.length === 0) throw new NothingClaimed();
      const sending = mine.filter((claim) => claim.row.has_address);
      leftOut = leftOutOf(mine.filter((claim) => !claim.row.has_address).map((claim) => claim.row));

      // One piece per household: the claims of one kind, date and address, in the order claimed.
      const households = groupHouseholds(sending.map(({ sendId, row }) => ({ ...row, sendId })));
      const totalCents = checkoutTotalCents(automation.priceCents, households.length);
      const merged = households.filter((rows) => rows.length > 1).length;
      let orderId: number | null = null;
      if (households.length > 0) {
        const pieces = households.map((rows) => ({
          send_id: rows[0]!.sendId,
          contact_id: rows[0]!.contact_id,
          name: pieceAddressee(rows).name,
          message: pieceMessage(automation.message, rows),
          delivery: `${planOccurrence(today, rows[0]!.event_date, automation.daysBefore).deliveryDate}T00:00:00Z`,
        }));
        const placed = await placeOrder(tx, {
          userId: automation.userId,
          projectId: automation.projectId,
          source: "automation",
          totalCents,
          piecesCount: pieces.length,
          pieces: (newOrderId) => sql`
            select ${newOrderId}::int, c.user_id, ${automation.projectId}::uuid, null::int, c.id, c.internal_id, x.name,
              c.company, c.address, c.apt, c.city, c.state, c.zip, c.country, x.message,
              ${automation.priceCents}::int, 'pending', x.delivery::timestamptz
            from jsonb_to_recordset(${JSON.stringify(pieces)}::jsonb) as x(send_id int, contact_id uuid, name text, message text, delivery text)
            join contacts c on c.id = x.contact_id and c.user_id = ${automation.userId}::int
            order by x.send_id
          `,
        });
        orderId = placed.orderId;
        // Every occurrence of a household's piece is linked to it: each was sent, on one card.
        const links = households.flatMap((rows, i) => rows.map((row) => ({ send_id: row.sendId, piece_id: placed.pieceIds[i] })));
        await tx.execute(sql`
          update automation_sends s set order_recipient_id = v.piece_id
          from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as v(send_id int, piece_id int)
          where s.id = v.send_id
        `);
      }
      await tx
        .update(automationRuns)
        .set({ orderId, recipientsCount: households.length, creditChargedCents: totalCents, creditNeededCents: totalCents, leftOut, householdsMerged: merged })
        .where(eq(automationRuns.id, runId));
      await recordAutomationRun(tx, runId);
      return { automationId, status: "sent", reason: null, orderId, recipientsCount: households.length };
    });
  } catch (error) {
    if (error instanceof NothingClaimed) return null;
    if (error instanceof AppError && error.code === "payment_required") {
      const neededCents = error.details.credit?.orderTotalCents ?? 0;
      const [automation] = await db.select({ userId: automations.userId }).from(automations).where(eq(automations.id, automationId));
      if (!automation) return null;
      await recordSkip(db, { automationId, userId: automation.userId, today, reason: "insufficient_credit", neededCents, leftOut });
      return { automationId, status: "skipped", reason: "insufficient_credit", orderId: null, recipientsCount: 0 };
    }
    throw error;
  }
}

/**
 * A skipped run: one row per automation and day, rewritten by each retry that day. Its
 * `automation.run.failed` webhook event (and, for want of credit, its mail to the account) goes
 * out once, when the day's row is first written, not on every pass that finds the same lack.
 */
async function recordSkip(
  db: Database,
  run: { automationId: number; userId: number; today: string; reason: AutomationSkipReason; neededCents: number; leftOut: LeftOutOccurrence[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await execute<{ id: number; inserted: boolean }>(
      tx,
      sql`
        insert into automation_runs (automation_id, user_id, run_day, status, reason, credit_needed_cents, left_out)
        values (${run.automationId}::int, ${run.userId}::int, ${run.today}::date, 'skipped', ${run.reason}, ${run.neededCents}::int, ${JSON.stringify(run.leftOut)}::jsonb)
        on conflict (automation_id, run_day) where status = 'skipped' and reason <> 'skipped_on_activation'
        do update set reason = excluded.reason, credit_needed_cents = excluded.credit_needed_cents, left_out = excluded.left_out
        returning id, (xmax = 0) as inserted
      `,
    );
    if (!row?.inserted) return;
    await recordAutomationRun(tx, Number(row.id));
    if (run.reason === "insufficient_credit") await queueAutomationSkipped(tx, { userId: run.userId, automationId: run.automationId, neededCents: run.neededCents });
  });
}
