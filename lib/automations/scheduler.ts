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
import { findOccurrences, type OccurrenceRow } from "./occurrence-sql";
import { deliveryWhenSent, eventWindow } from "./occurrences";
import { occurrenceMessage } from "./service";

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

/**
 * One scheduler pass: every active automation of every account sends what it has due on the
 * UTC day of `now`, each as one order charged and recorded like a checkout.
 *
 * Safe to run at any moment, as often as wanted, on any number of instances at once: an
 * automation is locked for the length of its run (a second pass skips it), and every
 * occurrence sent is claimed in automation_sends in the order's own transaction, whose unique
 * key lets each occurrence be ordered at most once; a pass that dies mid-way rolls back whole.
 * Meant to be called at least once a minute from the job queue (`await runDueAutomations(db)`),
 * and for one automation when it is created or changed (`{ automationId }`).
 */
export async function runDueAutomations(db: Database, options: { now?: Date; automationId?: number } = {}): Promise<AutomationPassResult> {
  const today = toDateOnly(startOfUtcDay(options.now ?? new Date()));
  const active = await db
    .select({ id: automations.id })
    .from(automations)
    .where(and(eq(automations.active, true), options.automationId === undefined ? undefined : eq(automations.id, options.automationId)))
    .orderBy(asc(automations.id));
  const result: AutomationPassResult = { automations: active.length, runs: [], failed: 0 };
  for (const { id } of active) {
    try {
      const run = await runAutomation(db, id, today);
      if (run) result.runs.push(run);
    } catch (error) {
      // One automation's failure must not hold back the others; it is tried again next pass.
      log("automations").error({ err: error, automation_id: id }, "the scheduler pass failed for this automation");
      result.failed += 1;
    }
  }
  return result;
}

async function runAutomation(db: Database, automationId: number, today: string): Promise<AutomationPassRun | null> {
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
        .for("update", { of: automations, skipLocked: true });
      if (!automation) return null;

      const due = await findOccurrences(tx, {
        automationId,
        userId: automation.userId,
        groupId: automation.groupId,
        events: automation.events as AutomationEvent[],
        window: eventWindow(today, automation.daysBefore),
      });
      if (due.length === 0) return null;
      const dueByKey = new Map(due.map((row) => [keyOf(row), row]));
      leftOut = leftOutOf(due.filter((row) => !row.has_address));
      const base = { automationId, userId: automation.userId, today };

      if (!automation.isCardActive) {
        const neededCents = checkoutTotalCents(automation.priceCents, due.length - leftOut.length);
        await recordSkip(tx, { ...base, reason: "card_unavailable", neededCents, leftOut });
        return { automationId, status: "skipped", reason: "card_unavailable", orderId: null, recipientsCount: 0 };
      }

      const [run] = await tx
        .insert(automationRuns)
        .values({ automationId, userId: automation.userId, runDay: today, status: "sent" })
        .returning({ id: automationRuns.id });
      const runId = run!.id;
      const claims = due.map((row) => ({ contact_id: row.contact_id, kind: row.kind, person_id: row.person_id, event_date: row.event_date }));
      const claimed = await execute<{ id: number; contact_id: string; kind: string; person_id: number; event_date: string }>(
        tx,
        sql`
          insert into automation_sends (automation_id, user_id, contact_id, kind, person_id, event_date, run_id)
          select ${automationId}::int, ${automation.userId}::int, x.contact_id, x.kind, x.person_id, x.event_date, ${runId}::int
          from jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) as x(contact_id uuid, kind text, person_id int, event_date date)
          on conflict (automation_id, contact_id, kind, person_id, event_date) do nothing
          returning id, contact_id, kind, person_id, event_date::text as event_date
        `,
      );
      if (claimed.length === 0) throw new NothingClaimed();
      const mine = claimed
        .map((claim) => ({ sendId: Number(claim.id), row: dueByKey.get(keyOf({ ...claim, person_id: Number(claim.person_id), event_date: String(claim.event_date) }))! }))
        .sort((a, b) => a.sendId - b.sendId);
      const sending = mine.filter((claim) => claim.row.has_address);
      leftOut = leftOutOf(mine.filter((claim) => !claim.row.has_address).map((claim) => claim.row));

      const totalCents = checkoutTotalCents(automation.priceCents, sending.length);
      let orderId: number | null = null;
      if (sending.length > 0) {
        const pieces = sending.map(({ sendId, row }) => ({
          send_id: sendId,
          contact_id: row.contact_id,
          message: occurrenceMessage(automation.message, row),
          delivery: `${deliveryWhenSent(today, row.event_date, automation.daysBefore)}T00:00:00Z`,
        }));
        const placed = await placeOrder(tx, {
          userId: automation.userId,
          projectId: automation.projectId,
          source: "automation",
          totalCents,
          piecesCount: pieces.length,
          pieces: (newOrderId) => sql`
            select ${newOrderId}::int, c.user_id, ${automation.projectId}::uuid, null::int, c.id, c.internal_id, c.first_name || ' ' || c.last_name,
              c.company, c.address, c.apt, c.city, c.state, c.zip, c.country, x.message,
              ${automation.priceCents}::int, 'pending', x.delivery::timestamptz
            from jsonb_to_recordset(${JSON.stringify(pieces)}::jsonb) as x(send_id int, contact_id uuid, message text, delivery text)
            join contacts c on c.id = x.contact_id and c.user_id = ${automation.userId}::int
            order by x.send_id
          `,
        });
        orderId = placed.orderId;
        const links = pieces.map((piece, i) => ({ send_id: piece.send_id, piece_id: placed.pieceIds[i] }));
        await tx.execute(sql`
          update automation_sends s set order_recipient_id = v.piece_id
          from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as v(send_id int, piece_id int)
          where s.id = v.send_id
        `);
      }
      await tx
        .update(automationRuns)
        .set({ orderId, recipientsCount: sending.length, creditChargedCents: totalCents, creditNeededCents: totalCents, leftOut })
        .where(eq(automationRuns.id, runId));
      await recordAutomationRun(tx, runId);
      return { automationId, status: "sent", reason: null, orderId, recipientsCount: sending.length };
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
        on conflict (automation_id, run_day) where status = 'skipped'
        do update set reason = excluded.reason, credit_needed_cents = excluded.credit_needed_cents, left_out = excluded.left_out
        returning id, (xmax = 0) as inserted
      `,
    );
    if (!row?.inserted) return;
    await recordAutomationRun(tx, Number(row.id));
    if (run.reason === "insufficient_credit") await queueAutomationSkipped(tx, { userId: run.userId, automationId: run.automationId, neededCents: run.neededCents });
  });
}
