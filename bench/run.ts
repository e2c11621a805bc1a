// `npm run bench`: the API at scale (100,000 contacts for one user), measured through the
// production server against two floors taken in the same run: the framework (a route that
// touches no database) and the database (the same SQL through postgres.js alone).
// See bench/README.md. Needs DATABASE_URL (a PostgreSQL account that may create databases).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { measureColdUpcoming, measurePasses, PASS_AUTOMATIONS, prepareAutomations, type ColdReads, type PassMeasurement } from "./automations";
import { prepareBook, type Prepared } from "./book";
import { contactAt } from "./data";
import { AUTH_SECRET, BATCH, CONTACTS, DATABASE, heading, log, ONLY, PGLITE_CONTACTS, PORTS, resultsDir, round, SECONDS, SKIP_PGLITE as SKIP_PGLITE_SET, tmpDir } from "./config";
import { bareNodeFloor, pgliteFloors, postgresFloors, type DbFloor } from "./floors";
import { describeFeed, feedBars, measureFeed, type FeedMeasurement } from "./feed";
import { checkReads, login, runReads, type FloorRun } from "./http-runs";
import { describe, load } from "./load-job";
import { plansOnly, runPlanCheck } from "./plan-check";
import type { PlanCheck } from "./plans";
import { bars, coldResult, floorJson, markdown, passResult, scenarioResult, type ReportJson, type ScenarioResult } from "./results";
import { automationReadScenarios, readScenarios, writeScenarios, type ReadScenario, type WriteScenario } from "./scenarios";
import { ensureBuild, startServer } from "./server";
import { ORDER_CREATED_CHECKOUTS, runWebhooksBench, WEBHOOK_EVENTS } from "./webhooks";
import { withDatabase } from "./outside-next";

// `npm run bench:plans`: the books and their query plans, without the build, the floors and the HTTP load.
const PLANS_ONLY = process.argv.includes("--plans-only");
// BENCH_ONLY=automations: the book, the automations' pass and their upcoming read, on PostgreSQL only.
const AUTOMATIONS_ONLY = ONLY === "automations";
const SKIP_PGLITE = SKIP_PGLITE_SET || AUTOMATIONS_ONLY;

/** The contacts of the book (seeded from contactAt) that have a birthday: each is a feed event. */
function birthdaysInBook(count: number): number {
  let birthdays = 0;
  for (let i = 0; i < count; i++) {
    const contact = contactAt(i);
    if (contact.birth_month != null && contact.birth_day != null) birthdays += 1;
  }
  return birthdays;
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error(
      "npm run bench needs a PostgreSQL server: set DATABASE_URL to an account that may create databases, e.g.\n" +
        "  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench\n" +
        `It creates (and drops first, if it exists) the database ${DATABASE} on that server.`,
    );
    process.exit(1);
  }
  const startedAt = new Date();
  const started = performance.now();
  fs.mkdirSync(tmpDir, { recursive: true });
  fs.mkdirSync(resultsDir, { recursive: true });
  const loadAverage = () => os.loadavg().map((v) => v.toFixed(2)).join(" ");
  const loadAtStart = loadAverage();
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "cpu"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB`;
  log(`Cardmail benchmark · ${machine} · Node ${process.version} · load average ${loadAverage()}`);

  if (!PLANS_ONLY) {
    heading("Build (next build into .next-bench)");
    const buildStart = performance.now();
    const build = process.env.BENCH_BUILD === "skip" ? "skipped (BENCH_BUILD=skip)" : ensureBuild(path.join(tmpDir, "build.log"));
    log(`  ${build} (${((performance.now() - buildStart) / 1000).toFixed(1)} s)`);
  }

  const { openDatabase } = await import("@/db/client");
  const benchUrl = withDatabase(adminUrl, DATABASE);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  let pgVersion = "PostgreSQL";
  try {
    const [row] = await admin`select current_setting('server_version') as v`;
    pgVersion = `PostgreSQL ${row!.v as string}`;
    await admin.unsafe(`drop database if exists "${DATABASE}" with (force)`);
    await admin.unsafe(`create database "${DATABASE}"`);
  } finally {
    await admin.end();
  }

  if (PLANS_ONLY) return plansOnly(benchUrl, started);

  heading(`PostgreSQL: database ${DATABASE}, ${CONTACTS.toLocaleString("en-US")} contacts through addRecipients (batches of ${BATCH})`);
  const handle = await openDatabase({ url: benchUrl });
  let prepared: Prepared & { seedSeconds: number };
  let reads: ReadScenario[];
  let writes: WriteScenario[];
  let floorToken: string;
  let pgPass: PassMeasurement;
  let pgColdUpcoming: ColdReads;
  const planChecks: PlanCheck[] = [];
  try {
    prepared = await prepareBook(handle.db, "pg", CONTACTS);
    log(`  book ready: ${prepared.contactCount.toLocaleString("en-US")} contacts, deep page at position ${prepared.deepPosition.toLocaleString("en-US")}, order ${prepared.orderId} of 1,000 pieces`);
    log(`  search terms: surname "${prepared.terms.surname}", email "${prepared.terms.email}", phone "${prepared.terms.phone}"`);
    // Before the long runs: a read that left its index fails the benchmark at once.
    if (!AUTOMATIONS_ONLY) await runPlanCheck(handle, prepared, "postgres", planChecks);
    heading(`Automations: a scheduler pass over ${PASS_AUTOMATIONS} automations, through the job's handler on a test clock`);
    const automationsBook = await prepareAutomations(prepared);
    await handle.db.execute(sql`vacuum analyze`);
    pgPass = await measurePasses(handle.db, prepared.ctx.user.id);
    pgColdUpcoming = await measureColdUpcoming(handle.db, prepared.ctx.user.id, automationsBook.upcomingId);
    reads = [...(AUTOMATIONS_ONLY ? [] : await readScenarios(prepared)), ...(await automationReadScenarios(automationsBook))];
    writes = AUTOMATIONS_ONLY ? [] : await writeScenarios(prepared);
    const { issueToken } = await import("@/lib/auth/tokens");
    floorToken = (await issueToken(handle.db, prepared.ctx.user.id, "bench-floor")).token;
    await handle.db.execute(sql`vacuum analyze`);
  } finally {
    await handle.close();
  }

  heading("Database floor: each scenario's statements replayed through postgres.js alone (p50 of sequential runs)");
  const pgFloors = await postgresFloors(benchUrl, floorToken, reads, writes);
  // A partial run never overwrites the full run's results.
  const outDir = AUTOMATIONS_ONLY ? tmpDir : resultsDir;
  const explainFile = path.join(outDir, AUTOMATIONS_ONLY ? "automations-explain.txt" : "latest-explain.txt");
  fs.writeFileSync(explainFile, `${pgFloors.explain}\n`);

  heading("EXPLAIN (ANALYZE, BUFFERS) of every statement of every scenario");
  log(pgFloors.explain);
  // The rolled-back write replays leave dead rows, and entries in the trigram index's pending
  // list that every search would scan until autovacuum merges them: the reads are measured on
  // the book as it stood when its floors were taken.
  const vacuum = postgres(benchUrl, { max: 1, onnotice: () => {} });
  try {
    await vacuum`vacuum analyze`;
  } finally {
    await vacuum.end();
  }

  heading("Context: bare node:http + postgres.js answering the contacts first page");
  const bare: Awaited<ReturnType<typeof bareNodeFloor>> = AUTOMATIONS_ONLY ? new Map() : await bareNodeFloor(benchUrl, pgFloors.statements.get("contacts-first-page")!, [1, 16]);
  for (const [c, m] of bare) log(`  bare-node-first-page           c=${String(c).padEnd(3)} ${describe(m)}`);

  heading(`HTTP on PostgreSQL: server.mjs on port ${PORTS.postgres}`);
  const serverLog = path.join(tmpDir, "server-postgres.log");
  fs.rmSync(serverLog, { force: true });
  const server = await startServer({
    port: PORTS.postgres,
    logFile: serverLog,
    env: { DATABASE_URL: benchUrl, FULFILMENT_STEP_SECONDS: "0", CARDMAIL_SEED: "none", AUTH_SECRET, PGLITE_DATA_DIR: undefined, API_RATE_LIMIT: "0" },
  });
  const scenarios: ScenarioResult[] = [passResult("automations-pass", pgPass), coldResult("automation-upcoming-366-cold", pgColdUpcoming)];
  let feed: FeedMeasurement | null = null;
  let pgFrameworkFloor: Map<number, FloorRun>;
  try {
    const token = await login(server, prepared.email);
    await checkReads(server, token, reads);
    const readRun = await runReads(server, token, reads, "");
    pgFrameworkFloor = readRun.floor;
    for (const { scenario, c, m } of readRun.byScenario) scenarios.push(scenarioResult(scenario.name, c, m, readRun.floor.get(c)!.rps, pgFloors.floors.get(scenario.name)));
    for (const scenario of writes) {
      const m = await load({ url: server.url, headers: { authorization: `Bearer ${token}` }, requests: scenario.requests, warmupRequests: 1 });
      scenarios.push(scenarioResult(scenario.name, 1, m, readRun.floor.get(1)!.rps, pgFloors.floors.get(scenario.name)));
      log(`  ${scenario.name.padEnd(30)} c=1   ${describe(m)}  each: ${m.latencies_ms!.map((v) => v.toFixed(0)).join(", ")} ms`);
    }
    if (!AUTOMATIONS_ONLY) {
      feed = await measureFeed(server, { authorization: `Bearer ${token}` });
      log(`  calendar-feed                  ${describeFeed(feed)}`);
    }
  } finally {
    server.rss.sample();
    server.rss.stop();
    await server.stop();
  }
  const rssMaxMb = server.rss.maxMb;
  log(`  max RSS of the server: ${rssMaxMb.toFixed(0)} MB`);

  // PGlite: the embedded default, same read scenarios.
  const pgliteScenarios: ScenarioResult[] = [];
  let pgliteRss: number | null = null;
  let pgliteSeedSeconds: number | null = null;
  const pgliteFrameworkFloor = new Map<number, FloorRun>();
  const pgliteDbFloors = new Map<string, DbFloor>();
  if (!SKIP_PGLITE) {
    heading(`PGlite (embedded): ${PGLITE_CONTACTS.toLocaleString("en-US")} contacts through addRecipients`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardmail-bench-pglite-"));
    try {
      const pgliteHandle = await openDatabase({ pgliteDir: path.join(dir, "data") });
      let pgliteReads: ReadScenario[];
      let pglitePrepared: Prepared & { seedSeconds: number };
      try {
        pglitePrepared = await prepareBook(pgliteHandle.db, "pglite", PGLITE_CONTACTS);
        pgliteSeedSeconds = pglitePrepared.seedSeconds;
        await runPlanCheck(pgliteHandle, pglitePrepared, "pglite", planChecks);
        const pgliteAutomations = await prepareAutomations(pglitePrepared);
        await pgliteHandle.db.execute(sql`vacuum analyze`);
        pgliteScenarios.push(passResult("automations-pass@pglite", await measurePasses(pgliteHandle.db, pglitePrepared.ctx.user.id)));
        pgliteReads = [...(await readScenarios(pglitePrepared)), ...(await automationReadScenarios(pgliteAutomations))];
        const { issueToken } = await import("@/lib/auth/tokens");
        const token = (await issueToken(pgliteHandle.db, pglitePrepared.ctx.user.id, "bench-floor")).token;
        log("  database floor (statements replayed on the PGlite client, in-process):");
        for (const [name, floor] of await pgliteFloors(pgliteHandle, token, pgliteReads)) pgliteDbFloors.set(name, floor);
      } finally {
        await pgliteHandle.close();
      }
      const pgliteLog = path.join(tmpDir, "server-pglite.log");
      fs.rmSync(pgliteLog, { force: true });
      const pgliteServer = await startServer({
        port: PORTS.pglite,
        logFile: pgliteLog,
        env: { DATABASE_URL: undefined, PGLITE_DATA_DIR: path.join(dir, "data"), FULFILMENT_STEP_SECONDS: "0", CARDMAIL_SEED: "none", AUTH_SECRET, API_RATE_LIMIT: "0" },
      });
      try {
        const token = await login(pgliteServer, pglitePrepared.email);
        await checkReads(pgliteServer, token, pgliteReads);
        const run = await runReads(pgliteServer, token, pgliteReads, "@pglite");
        for (const [c, m] of run.floor) pgliteFrameworkFloor.set(c, m);
        for (const { scenario, c, m } of run.byScenario) {
          pgliteScenarios.push(scenarioResult(`${scenario.name}@pglite`, c, m, run.floor.get(c)!.rps, pgliteDbFloors.get(scenario.name)));
        }
      } finally {
        pgliteServer.rss.sample();
        pgliteServer.rss.stop();
        await pgliteServer.stop();
      }
      pgliteRss = pgliteServer.rss.maxMb;
      log(`  max RSS of the server: ${pgliteRss.toFixed(0)} MB`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(`${path.join(dir, "data")}.lock`, { force: true });
    }
  }

  // BENCH_ONLY=automations measures the automations alone.
  let webhooks: Awaited<ReturnType<typeof runWebhooksBench>> | undefined;
  if (!AUTOMATIONS_ONLY) {
    heading(`Webhooks: ${WEBHOOK_EVENTS} status changes delivered to a local receiver that fails 10% of first attempts (PostgreSQL, first retry after 5 s), and order.created of ${ORDER_CREATED_CHECKOUTS} checkouts`);
    const webhooksDatabase = `${DATABASE}_webhooks`;
    const webhooksAdmin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await webhooksAdmin.unsafe(`drop database if exists "${webhooksDatabase}" with (force)`);
    await webhooksAdmin.unsafe(`create database "${webhooksDatabase}"`);
    const savedEnv = { ...process.env };
    try {
      webhooks = await runWebhooksBench({ url: withDatabase(adminUrl, webhooksDatabase) });
    } finally {
      process.env = savedEnv;
      await webhooksAdmin.unsafe(`drop database if exists "${webhooksDatabase}" with (force)`);
      await webhooksAdmin.end();
    }
    log(`  ${webhooks.verified} of ${webhooks.events} verified in ${webhooks.seconds.toFixed(2)} s; ${webhooks.firstAttemptFailures} first attempts failed; ${webhooks.requests} requests; p50 ${webhooks.p50_ms.toFixed(0)} ms, p99 ${webhooks.p99_ms.toFixed(0)} ms after the change; order.created p50 ${webhooks.order_created.p50_ms.toFixed(0)} ms after the checkout (load average ${webhooks.load_average_at_start})`);
  }

  const barList = bars(scenarios, rssMaxMb, webhooks, feed ? feedBars(feed, birthdaysInBook(CONTACTS)) : undefined);
  const report: ReportJson = {
    scenarios,
    rss_max_mb: round(rssMaxMb, 0),
    pglite: pgliteScenarios,
    rss_max_mb_pglite: pgliteRss === null ? null : round(pgliteRss, 0),
    webhooks: webhooks ?? null,
    feed,
    floors: {
      framework: [
        ...[...pgFrameworkFloor].map(([c, f]) => ({ server: "postgres", concurrency: c, ...floorJson(f) })),
        ...[...pgliteFrameworkFloor].map(([c, f]) => ({ server: "pglite", concurrency: c, ...floorJson(f) })),
      ],
      bare_node_contacts_first_page: [...bare].map(([c, m]) => ({ concurrency: c, rps: round(m.rps), p50_ms: round(m.p50_ms, 2), p99_ms: round(m.p99_ms, 2) })),
      db: [
        ...[...pgFloors.floors].map(([name, f]) => ({ server: "postgres", name, p50_ms: round(f.p50_ms, 2), p99_ms: round(f.p99_ms, 2), statements: f.statements })),
        ...[...pgliteDbFloors].map(([name, f]) => ({ server: "pglite", name, p50_ms: round(f.p50_ms, 2), p99_ms: round(f.p99_ms, 2), statements: f.statements })),
      ],
    },
    bars: barList,
    plans: planChecks.flatMap((check) => check.reads.map((read) => ({ server: check.server, ...read }))),
    run: {
      started_at: startedAt.toISOString(),
      duration_s: round((performance.now() - started) / 1000, 0),
      machine,
      node: process.version,
      postgres: pgVersion,
      contacts: prepared.contactCount,
      pglite_contacts: SKIP_PGLITE ? null : PGLITE_CONTACTS,
      seed_seconds: round(prepared.seedSeconds, 1),
      pglite_seed_seconds: pgliteSeedSeconds === null ? null : round(pgliteSeedSeconds, 1),
      load_average_at_start: loadAtStart,
      load_average_at_end: loadAverage(),
      seconds_per_read_run: SECONDS,
      search_terms: prepared.terms,
    },
  };
  const base = AUTOMATIONS_ONLY ? "automations" : "latest";
  fs.writeFileSync(path.join(outDir, `${base}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const md = markdown(report, barList);
  fs.writeFileSync(path.join(outDir, `${base}.md`), md);

  heading("Results");
  log(md);
  const written = AUTOMATIONS_ONLY
    ? "bench/tmp/automations.json, bench/tmp/automations.md, bench/tmp/automations-explain.txt"
    : "bench/results/latest.json, bench/results/latest.md, bench/results/latest-explain.txt, bench/results/latest-plans.txt";
  log(`Written: ${written} (${report.run.duration_s} s in all)`);
}

main().then(
  // The services it loads hold process-wide handles of a server (the metrics' event-loop and
  // GC observers, the logger's stream) that never let a script end by itself.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
