// Automations at scale: 50 automations over the 100,000-contact book, a scheduler pass timed
// end to end through the job's own handler on a test clock, and the automation over every
// contact whose year of upcoming sends is read through the server (scenarios.ts).
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Prepared } from "./book";
import { log, round, type Ctx, type Database } from "./config";

/** The day the measured passes start from; the catch-up pass runs the day before. */
export const PASS_FIRST_DAY = "2027-05-10";
export const PASS_DAYS = Number(process.env.BENCH_PASS_DAYS || 5);
export const PASS_AUTOMATIONS = 50;

const EVENTS = ["birthday", "anniversary", "spouse_birthday", "child_birthday", "pet_birthday"] as const;
const DAYS_BEFORE = [0, 3, 7, 14, 30];

export type AutomationsBook = {
  /** The automation over every contact and all five events (inactive: what it would send). */
  upcomingId: number;
  groups: number[];
};

/** Four more groups of 2,000 contacts (one in 50, in name order, beside the book's own). */
async function addGroups(ctx: Ctx, bookGroupId: number): Promise<number[]> {
  const { execute } = await import("@/db/client");
  const { addContactsToGroup, createGroup } = await import("@/lib/groups/service");
  const groupIds = [bookGroupId];
  for (let k = 1; k <= 4; k++) {
    const group = await createGroup(ctx, { name: `Team ${k}`, description: `One contact in 50, the ${k}th` });
    const rows = await execute<{ id: string }>(
      ctx.db,
      sql`select id from (select id, row_number() over (order by last_name, first_name, id) as n from contacts where user_id = ${ctx.user.id}) c
          where n % 50 = ${k}`,
    );
    for (let from = 0; from < rows.length; from += 1000) await addContactsToGroup(ctx, group.id, rows.slice(from, from + 1000).map((row) => row.id));
    groupIds.push(group.id);
  }
  return groupIds;
}

/**
 * The automations of a business that uses them: one sends a card for every birthday of the
 * book, 49 others for their group's dates (2,000 contacts each), every subset of events and
 * lead time; a day's pass finds a few hundred occurrences among them. Plus the automation over
 * every contact and every event whose upcoming year the HTTP scenario reads, left inactive.
 */
export async function prepareAutomations(prepared: Prepared): Promise<AutomationsBook> {
  const { createAutomation } = await import("@/lib/automations/service");
  const { createAutomationSchema } = await import("@/lib/automations/schema");
  const { ctx, cardId } = prepared;
  const started = performance.now();
  const groups = await addGroups(ctx, prepared.groupId);
  const create = (input: Record<string, unknown>) =>
    createAutomation(ctx, createAutomationSchema.parse({ card_id: cardId, message: "Happy {age} {first_name}! With love to {contact_first_name} {last_name}.", ...input }));
  await create({ name: "Every birthday", events: ["birthday"] });
  for (let i = 1; i < PASS_AUTOMATIONS; i++) {
    // Subsets of one to five events, rotating (bit patterns 1..31).
    const events = EVENTS.filter((_, bit) => ((i % 31) + 1) & (1 << bit));
    await create({ name: `Group dates ${i}`, events, group_id: groups[i % groups.length], days_before: DAYS_BEFORE[Math.floor(i / groups.length) % DAYS_BEFORE.length] });
  }
  const upcoming = await create({ name: "Everyone, every date", events: [...EVENTS], active: false });
  log(`  ${PASS_AUTOMATIONS} active automations (1 over every contact, 49 over groups of 2,000) and 1 inactive over every contact, every event (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return { upcomingId: upcoming.id, groups };
}

export type PassRun = { day: string; ms: number; orders: number; pieces: number; leftOut: number };
export type PassMeasurement = { catchUp: PassRun; passes: PassRun[]; p50_ms: number; max_ms: number };

const dayAfter = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The scheduler's pass, timed end to end through the job's handler on a test clock: first the
 * day before PASS_FIRST_DAY (the automations are new, so every lead time catches up; not
 * counted), then PASS_DAYS days in a row, each of which finds what one more day brings.
 * The automations are switched off afterwards, so the server measured next sends nothing.
 */
export async function measurePasses(db: Database, userId: number): Promise<PassMeasurement> {
  const { handle: runPass } = await import("@/lib/automations/jobs/automations-pass.handler");
  const { execute } = await import("@/db/client");
  const runOn = async (day: string): Promise<PassRun> => {
    const now = new Date(`${day}T09:00:00Z`);
    const started = performance.now();
    await runPass({ db, clock: { now: () => now } }, {});
    const ms = performance.now() - started;
    const [row] = await execute<{ orders: number; pieces: number; left_out: number }>(
      db,
      sql`select count(order_id)::int as orders, coalesce(sum(recipients_count), 0)::int as pieces, coalesce(sum(jsonb_array_length(left_out)), 0)::int as left_out
          from automation_runs where user_id = ${userId} and run_day = ${day}::date`,
    );
    return { day, ms, orders: Number(row?.orders ?? 0), pieces: Number(row?.pieces ?? 0), leftOut: Number(row?.left_out ?? 0) };
  };
  const describeRun = (run: PassRun) => `${run.day}: ${run.ms.toFixed(0)} ms, ${run.orders} orders, ${run.pieces} pieces, ${run.leftOut} left out (no address)`;
  const catchUp = await runOn(dayAfter(PASS_FIRST_DAY, -1));
  log(`  catch-up pass ${describeRun(catchUp)}`);
  const passes: PassRun[] = [];
  for (let d = 0; d < PASS_DAYS; d++) {
    const run = await runOn(dayAfter(PASS_FIRST_DAY, d));
    log(`  pass ${describeRun(run)}`);
    passes.push(run);
  }
  const again = await runOn(dayAfter(PASS_FIRST_DAY, PASS_DAYS - 1));
  log(`  the last day's pass again (nothing left to send): ${again.ms.toFixed(0)} ms`);
  await db.execute(sql`update automations set active = false where user_id = ${userId}`);
  const sorted = passes.map((p) => p.ms).sort((a, b) => a - b);
  return { catchUp, passes, p50_ms: round(sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN, 1), max_ms: round(sorted[sorted.length - 1] ?? NaN, 1) };
}

export type ColdReads = { runs: number[]; p50_ms: number; max_ms: number };

/**
 * The upcoming year's first page of the automation over every contact and every event when the
 * book has just changed: its count of households by day (cached by book version,
 * lib/book-cache.ts) is read anew each time. In-process, no HTTP: the version is moved on
 * between runs as a write to the book would.
 */
export async function measureColdUpcoming(db: Database, userId: number, automationId: number): Promise<ColdReads> {
  const { listUpcoming } = await import("@/lib/automations/upcoming");
  const ctx = { db, user: { id: userId, accountType: 1 } };
  const runs: number[] = [];
  for (let i = 0; i < 12; i++) {
    await db.execute(sql`update contact_book_versions set version = nextval('contact_book_version_seq') where user_id = ${userId}`);
    const started = performance.now();
    await listUpcoming(ctx, automationId, { days: 366, per_page: 15 });
    if (i >= 2) runs.push(round(performance.now() - started, 1));
  }
  const sorted = [...runs].sort((a, b) => a - b);
  log(`  automation-upcoming-366 with the book just changed: p50 ${sorted[Math.floor((sorted.length - 1) / 2)]} ms, max ${sorted.at(-1)} ms (${runs.join(", ")})`);
  return { runs, p50_ms: sorted[Math.floor((sorted.length - 1) / 2)]!, max_ms: sorted.at(-1)! };
}

