// Query plans: the plan check of each loaded book, and `--plans-only`, which runs the books and their checks alone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { prepareBook, type Prepared } from "./book";
import { BATCH, CONTACTS, DATABASE, heading, log, PGLITE_CONTACTS, resultsDir, round, SKIP_PGLITE } from "./config";
import { assertPlans, checkQueryPlans, planReport, type PlanCheck } from "./plans";

const plansFile = path.join(resultsDir, "latest-plans.txt");

/** Checks the reads' plans on a loaded book, writes them with those of the databases checked before, and throws on a regression. */
export async function runPlanCheck(handle: import("@/db/client").DbHandle, prepared: Prepared, server: string, checks: PlanCheck[]): Promise<void> {
  heading(`Query plans on ${server}: every statement of the address book's reads, EXPLAINed with its parameters`);
  const check = await checkQueryPlans(handle, { ctx: prepared.ctx, deepCursor: prepared.deepCursor, terms: prepared.terms, groupId: prepared.groupId }, server);
  checks.push(check);
  fs.writeFileSync(plansFile, planReport(checks));
  for (const read of check.reads) {
    log(`  ${read.name.padEnd(24)} ${String(read.statements).padStart(2)} statements, ${String(read.plans).padStart(2)} plans  ${read.holds ? "holds" : "FAILS"}  ${read.request}`);
  }
  assertPlans(check);
}

/** `--plans-only`: the books and their plan checks, PostgreSQL's then PGlite's (unless BENCH_SKIP_PGLITE=1). */
export async function plansOnly(benchUrl: string, started: number): Promise<void> {
  const { openDatabase } = await import("@/db/client");
  const checks: PlanCheck[] = [];
  heading(`PostgreSQL: database ${DATABASE}, ${CONTACTS.toLocaleString("en-US")} contacts through addRecipients (batches of ${BATCH})`);
  const handle = await openDatabase({ url: benchUrl });
  try {
    await runPlanCheck(handle, await prepareBook(handle.db, "pg", CONTACTS), "postgres", checks);
  } finally {
    await handle.close();
  }
  if (!SKIP_PGLITE) await pglitePlanCheck(checks);
  log(`\nWritten: bench/results/latest-plans.txt (${round((performance.now() - started) / 1000, 0)} s in all)`);
}

async function pglitePlanCheck(checks: PlanCheck[]): Promise<void> {
  const { openDatabase } = await import("@/db/client");
  heading(`PGlite (embedded): ${PGLITE_CONTACTS.toLocaleString("en-US")} contacts through addRecipients`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardmail-bench-pglite-"));
  try {
    const handle = await openDatabase({ pgliteDir: path.join(dir, "data") });
    try {
      await runPlanCheck(handle, await prepareBook(handle.db, "pglite", PGLITE_CONTACTS), "pglite", checks);
    } finally {
      await handle.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(`${path.join(dir, "data")}.lock`, { force: true });
  }
}
