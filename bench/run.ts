// `npm run bench`: the API at scale (100,000 contacts for one user), measured through the
// production server against two floors taken in the same run: the framework (a route that
// touches no database) and the database (the same SQL through postgres.js alone).
// See bench/README.md. Needs DATABASE_URL (a PostgreSQL account that may create databases).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { apiReads } from "./api-reads";
import { contactAt, resyncOf, type Recipient } from "./data";
import { addBookGroup, assertPlans, checkQueryPlans, planReport, recordingDatabase, type PlanCheck } from "./plans";
import { ensureBuild, startServer, type RunningServer } from "./server";
import { configuredAsDrizzle, explainAll, measureFloor, percentile, recorder, sequenceState, type Statement } from "./sql-capture";

// The server and the cursors it signs must share one secret: set before any service is loaded.
const AUTH_SECRET = "cardmail-bench-secret-cardmail-bench-secret";
process.env.AUTH_SECRET = AUTH_SECRET;
process.env.CARDMAIL_SEED = "none";
process.env.FULFILMENT_STEP_SECONDS = "0";

const CONTACTS = Number(process.env.BENCH_CONTACTS || 100_000);
const PGLITE_CONTACTS = Number(process.env.BENCH_PGLITE_CONTACTS || CONTACTS);
const SKIP_PGLITE = process.env.BENCH_SKIP_PGLITE === "1";
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 3);
const WRITE_REQUESTS = Number(process.env.BENCH_WRITE_REQUESTS || 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
// `npm run bench:plans`: the books and their query plans, without the build, the floors and the HTTP load.
const PLANS_ONLY = process.argv.includes("--plans-only");
const BATCH = 1000;
const DATABASE = "cardmail_bench";
const PORTS = { postgres: 3310, pglite: 3311, bare: 3312 };
const PASSWORD = "bench-password";

const benchDir = __dirname;
const tmpDir = path.join(benchDir, "tmp");
const resultsDir = path.join(benchDir, "results");

type Database = import("@/db/client").Database;
type Ctx = { db: Database; user: { id: number; accountType: number } };

type Measurement = {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  error_sample: string | null;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  latencies_ms?: number[];
  bytes_per_response: number | null;
};

export type ScenarioResult = {
  name: string;
  concurrency: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  framework_floor_rps: number;
  db_floor_ms: number;
  requests: number;
  bytes_per_response: number | null;
  latencies_ms?: number[];
};

function log(line = ""): void {
  process.stdout.write(`${line}\n`);
}

function heading(title: string): void {
  log(`\n=== ${title} ${"=".repeat(Math.max(0, 90 - title.length))}`);
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

// ---------------------------------------------------------------------------------------------
// Load generation: a child process per run (bench/load.mjs), never this process's event loop.

type LoadJob =
  | { url: string; paths?: string[]; headers: Record<string, string>; connections: number; warmupSeconds: number; durationSeconds: number; keepLatencies?: boolean }
  | { url: string; headers: Record<string, string>; requests: { method: string; path: string; body?: string }[]; warmupRequests: number };

let jobNumber = 0;

async function load(job: LoadJob): Promise<Measurement> {
  const file = path.join(tmpDir, `load-job-${process.pid}-${++jobNumber}.json`);
  fs.writeFileSync(file, JSON.stringify(job));
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(benchDir, "load.mjs"), file], { stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`load generator exited with ${code}`))));
    });
    const measurement = JSON.parse(output.trim().split("\n").pop()!) as Measurement;
    if (measurement.non2xx > 0 || measurement.errors > 0) {
      throw new Error(`non-2xx or failed requests: ${JSON.stringify(measurement.statuses)} errors=${measurement.errors} ${measurement.error_sample ?? ""}`);
    }
    return measurement;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** One measurement of several rounds of the same run: counts added, percentiles over all latencies. */
function mergeMeasurements(parts: Measurement[]): Measurement {
  const latencies = parts.flatMap((m) => m.latencies_ms ?? []);
  const seconds = parts.reduce((sum, m) => sum + m.ok / Math.max(m.rps, 1e-9), 0);
  const ok = parts.reduce((sum, m) => sum + m.ok, 0);
  const sum = (key: "requests" | "non2xx" | "errors" | "timeouts") => parts.reduce((total, m) => total + m[key], 0);
  const bytes = parts.map((m) => m.bytes_per_response).filter((b): b is number => b !== null);
  return {
    requests: sum("requests"),
    ok,
    non2xx: sum("non2xx"),
    errors: sum("errors"),
    timeouts: sum("timeouts"),
    statuses: parts.reduce<Record<string, number>>((all, m) => {
      for (const [status, n] of Object.entries(m.statuses)) all[status] = (all[status] ?? 0) + n;
      return all;
    }, {}),
    error_sample: parts.find((m) => m.error_sample)?.error_sample ?? null,
    rps: seconds > 0 ? ok / seconds : 0,
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    max_ms: latencies.length ? Math.max(...latencies) : 0,
    bytes_per_response: bytes.length ? Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length) : null,
  };
}

function readJob(baseUrl: string, token: string | null, pathAndQuery: string, connections: number, paths?: string[], timing = { warmupSeconds: WARMUP_SECONDS, durationSeconds: SECONDS }): LoadJob {
  return {
    url: `${baseUrl}${pathAndQuery}`,
    ...(paths ? { paths } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    connections,
    ...timing,
  };
}

// ---------------------------------------------------------------------------------------------
// The book.

async function seedBook(ctx: Ctx, projectId: string, count: number, label: string): Promise<number> {
  const { addRecipients } = await import("@/lib/projects/recipients");
  const { addRecipientsSchema } = await import("@/lib/projects/schema");
  const started = performance.now();
  for (let from = 0; from < count; from += BATCH) {
    const recipients: Recipient[] = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) recipients.push(contactAt(i));
    await addRecipients(ctx, projectId, addRecipientsSchema.parse({ recipients }));
    const done = Math.min(count, from + BATCH);
    if (done % 10_000 === 0 || done === count) {
      log(`  ${label}: ${done.toLocaleString("en-US")} contacts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  return (performance.now() - started) / 1000;
}

/** 1,000 recipients a partner would send: `existing` contacts of the book again, the rest new. */
function recipientsBatch(existingFrom: number, existing: number, newFrom: number, total = BATCH): Recipient[] {
  const out: Recipient[] = [];
  for (let i = existingFrom; out.length < existing; i++) {
    const again = resyncOf(i);
    if (again) out.push(again);
  }
  for (let i = newFrom; out.length < total; i++) out.push(contactAt(i));
  return out;
}

type Prepared = {
  ctx: Ctx;
  adminCtx: Ctx;
  email: string;
  cardId: number;
  occasionId: number;
  categoryId: number;
  deepCursor: string;
  deepPosition: number;
  contactCount: number;
  terms: { surname: string; email: string; phone: string };
  orderId: number;
  groupId: number;
};

async function createAccounts(db: Database, label: string): Promise<{ ctx: Ctx; adminCtx: Ctx; email: string }> {
  const { users } = await import("@/db/schema");
  const { hashPassword } = await import("@/lib/auth/password");
  const { grantCredit } = await import("@/lib/credit/service");
  const passwordHash = await hashPassword(PASSWORD);
  const email = `bench-${label}@example.com`;
  const [admin] = await db.insert(users).values({ email: `bench-admin-${label}@example.com`, username: "bench-admin", passwordHash, accountType: 3 }).returning();
  const [user] = await db.insert(users).values({ email, username: "bench-business", passwordHash, accountType: 2 }).returning();
  const adminCtx = { db, user: { id: admin!.id, accountType: admin!.accountType } };
  // Every checkout of the run, with room to spare.
  await grantCredit(adminCtx, user!.id, 90_000_000, "Benchmark credit");
  return { ctx: { db, user: { id: user!.id, accountType: user!.accountType } }, adminCtx, email };
}

/** Catalog, accounts, the book, and what the scenarios read: the search terms, the deep cursor, an order. */
async function prepareBook(db: Database, label: string, count: number): Promise<Prepared & { seedSeconds: number }> {
  const { execute } = await import("@/db/client");
  const { seedCatalog } = await import("@/db/seed");
  const { createProject } = await import("@/lib/projects/service");
  const { checkoutProject } = await import("@/lib/orders/service");
  const { addRecipients } = await import("@/lib/projects/recipients");
  const { addRecipientsSchema } = await import("@/lib/projects/schema");
  const { encodeCursor } = await import("@/lib/cursor");

  await seedCatalog(db);
  const { ctx, adminCtx, email } = await createAccounts(db, label);
  // The catalog filter with the most cards, so cards-filtered returns a real page.
  const [pair] = await execute<{ occasion_id: number; category_id: number; card_id: number }>(
    db,
    sql`select o.occasion_id, c.category_id, min(o.card_id) as card_id
        from card_occasions o join card_categories c on c.card_id = o.card_id join cards k on k.id = o.card_id and k.is_active
        group by o.occasion_id, c.category_id order by count(*) desc, o.occasion_id, c.category_id limit 1`,
  );
  if (!pair) throw new Error("The catalog has no card with both an occasion and a category.");
  const cardId = Number(pair.card_id);

  const importProject = await createProject(ctx, { card_id: cardId, name: "Address book import" });
  const seedSeconds = await seedBook(ctx, importProject.id, count, label);

  // An order of 1,000 pieces to track: 1,000 contacts of the book sent again, checked out.
  const trackProject = await createProject(ctx, { card_id: cardId, name: "Tracked order" });
  await addRecipients(ctx, trackProject.id, addRecipientsSchema.parse({ recipients: recipientsBatch(0, BATCH, 0) }));
  const order = await checkoutProject(ctx, trackProject.id);
  const groupId = await addBookGroup(ctx);

  await db.execute(sql`vacuum analyze`);

  const [{ n }] = (await execute<{ n: number }>(db, sql`select count(*)::int as n from contacts where user_id = ${ctx.user.id}`)) as [{ n: number }];
  const deepPosition = Math.floor(Number(n) * 0.9);
  const [boundary] = await execute<{ last_name: string; first_name: string; id: string }>(
    db,
    sql`select last_name, first_name, id from contacts where user_id = ${ctx.user.id}
        order by last_name, first_name, id offset ${deepPosition - 1} limit 1`,
  );
  const deepCursor = encodeCursor("contacts", { d: "next", l: boundary!.last_name, f: boundary!.first_name, id: boundary!.id });

  const middle = contactAt(Math.floor(count / 2));
  let emailTerm = middle.email;
  let phoneTerm: string | undefined;
  for (let i = Math.floor(count / 2); (!emailTerm || !phoneTerm) && i < count; i++) {
    const contact = contactAt(i);
    emailTerm ??= contact.email ?? undefined;
    // Typed the way people type it, not the way it is stored: "(312) 845-0123" searched as "312-845-0123".
    if (!phoneTerm && contact.phone) phoneTerm = contact.phone.replace(/[()]/g, "").replace(" ", "-");
  }
  return {
    ctx,
    adminCtx,
    email,
    cardId,
    occasionId: Number(pair.occasion_id),
    categoryId: Number(pair.category_id),
    deepCursor,
    deepPosition,
    contactCount: Number(n),
    terms: { surname: "Nguyen", email: emailTerm!, phone: phoneTerm! },
    orderId: order.orderId,
    groupId,
    seedSeconds,
  };
}

// ---------------------------------------------------------------------------------------------
// Scenarios.

type ReadScenario = {
  name: string;
  path: string;
  /** Paths to cycle through instead of `path` alone, one per request (`path` is the first). */
  paths?: string[];
  concurrency: number[];
  /** What the route does with the database for this request (token check, then the service). */
  service: (db: Database, token: string) => Promise<unknown>;
};

async function readScenarios(prepared: Prepared): Promise<ReadScenario[]> {
  const { listContactEvents } = await import("@/lib/events/service");
  const { contactEventsQuerySchema } = await import("@/lib/events/schema");
  const { listCards } = await import("@/lib/cards/service");
  const { listCardsQuerySchema } = await import("@/lib/cards/schema");
  const { trackOrder } = await import("@/lib/orders/service");

  const { asUser, contacts: contactsList, events } = await apiReads();
  const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();
  const search = (term: string) => ({ query: term });
  const deep = { cursor: prepared.deepCursor };
  const month = { month: "3", year: "2026" };
  // The same month of other years: each a different answer, never one served from the month cache.
  const coldMonths = Array.from({ length: 900 }, (_, i) => `/api/v1/contacts/events?${qs({ month: "3", year: String(2100 + i) })}`);
  const cardFilter = { occasion_id: String(prepared.occasionId), category_id: String(prepared.categoryId) };

  return [
    { name: "contacts-first-page", path: "/api/v1/contacts", concurrency: [1, 16], service: contactsList({}) },
    { name: "contacts-deep-page", path: `/api/v1/contacts?${qs(deep)}`, concurrency: [1, 16], service: contactsList(deep) },
    { name: "search-surname", path: `/api/v1/contacts?${qs(search(prepared.terms.surname))}`, concurrency: [1], service: contactsList(search(prepared.terms.surname)) },
    { name: "search-email", path: `/api/v1/contacts?${qs(search(prepared.terms.email))}`, concurrency: [1], service: contactsList(search(prepared.terms.email)) },
    { name: "search-phone", path: `/api/v1/contacts?${qs(search(prepared.terms.phone))}`, concurrency: [1], service: contactsList(search(prepared.terms.phone)) },
    {
      name: "events-month",
      path: `/api/v1/contacts/events?${qs(month)}`,
      concurrency: [1],
      service: events(month),
    },
    {
      name: "events-month-uncached",
      path: coldMonths[0]!,
      paths: coldMonths,
      concurrency: [1],
      service: async (db, token) => listContactEvents(await asUser(db, token), contactEventsQuerySchema.parse({ month: "3", year: "2100" })),
    },
    {
      name: "cards-filtered",
      path: `/api/v1/cards?${qs(cardFilter)}`,
      concurrency: [1, 16],
      service: async (db, token) => listCards(await asUser(db, token), listCardsQuerySchema.parse(cardFilter)),
    },
    {
      name: "track-1000",
      path: `/api/v1/orders/track/${prepared.orderId}`,
      concurrency: [1],
      service: async (db, token) => trackOrder(await asUser(db, token), prepared.orderId),
    },
  ];
}

type WriteScenario = {
  name: string;
  requests: { method: string; path: string; body?: string }[];
  /** The same work on a project of its own, for the database floor (recorded and replayed, rolled back). */
  floor: (db: Database, token: string) => Promise<unknown>;
};

async function writeScenarios(prepared: Prepared): Promise<WriteScenario[]> {
  const { authenticateToken } = await import("@/lib/auth/tokens");
  const { createProject } = await import("@/lib/projects/service");
  const { addRecipients } = await import("@/lib/projects/recipients");
  const { addRecipientsSchema } = await import("@/lib/projects/schema");
  const { checkoutProject } = await import("@/lib/orders/service");
  const { ctx, cardId, contactCount } = prepared;
  const runs = WRITE_REQUESTS + 1;

  // add-recipients: half the contacts already in the book (a CRM sync updates them), half new.
  // Each request goes to a project of its own and touches contacts no other request touches.
  const newFrom = (k: number) => CONTACTS + 1_000_000 + k * BATCH;
  const existingFrom = (k: number) => 20_000 + k * 700;
  const addBody = (k: number) => JSON.stringify({ recipients: recipientsBatch(existingFrom(k), BATCH / 2, newFrom(k)) });
  const addProjects = [];
  for (let k = 0; k < runs; k++) addProjects.push(await createProject(ctx, { card_id: cardId, name: `Bench add-recipients ${k}` }));
  const addFloorProject = await createProject(ctx, { card_id: cardId, name: "Bench add-recipients floor" });
  const addFloorInput = addRecipientsSchema.parse(JSON.parse(addBody(runs)));

  // checkout: projects of 1,000 contacts of the book each, prepared now, checked out one per request.
  const checkoutProjects = [];
  for (let k = 0; k <= runs; k++) {
    const project = await createProject(ctx, { card_id: cardId, name: `Bench checkout ${k}` });
    const from = (40_000 + k * 1_200) % Math.max(1, contactCount - 2 * BATCH);
    await addRecipients(ctx, project.id, addRecipientsSchema.parse({ recipients: recipientsBatch(from, BATCH, 0) }));
    checkoutProjects.push(project);
  }
  const checkoutFloorProject = checkoutProjects.pop()!;

  const asUser = async (db: Database, token: string) => ({ db, user: (await authenticateToken(db, token)).user });
  return [
    {
      name: "add-recipients-1000",
      requests: addProjects.map((project, k) => ({ method: "POST", path: `/api/v1/projects/add-recipients/${project.id}`, body: addBody(k) })),
      floor: async (db, token) => addRecipients(await asUser(db, token), addFloorProject.id, addFloorInput),
    },
    {
      name: "checkout-1000",
      requests: checkoutProjects.map((project) => ({ method: "POST", path: `/api/v1/cart/checkout/${project.id}` })),
      floor: async (db, token) => checkoutProject(await asUser(db, token), checkoutFloorProject.id),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Floors.

type DbFloor = { p50_ms: number; p99_ms: number; statements: number };

/** Records each scenario's statements, replays them through postgres.js alone, and EXPLAINs them. */
async function postgresFloors(
  url: string,
  token: string,
  reads: ReadScenario[],
  writes: WriteScenario[],
): Promise<{ floors: Map<string, DbFloor>; statements: Map<string, Statement[]>; explain: string }> {
  const recordingClient = postgres(url, { max: 1, onnotice: () => {} });
  const replayClient = configuredAsDrizzle(postgres(url, { max: 1, onnotice: () => {} }));
  const rec = recorder(recordingClient);
  const floors = new Map<string, DbFloor>();
  const statements = new Map<string, Statement[]>();
  const explain: string[] = [];
  try {
    const all = [...reads.map((s) => ({ name: s.name, run: s.service, write: false })), ...writes.map((s) => ({ name: s.name, run: s.floor, write: true }))];
    for (const scenario of all) {
      const sequences = scenario.write ? await sequenceState(replayClient) : undefined;
      // A read is recorded the second time it runs: what it sends once warm (the month of
      // events-month comes from the cache by then, as it does for the HTTP requests).
      if (!scenario.write) await rec.record((db) => scenario.run(db, token));
      const recorded = await rec.record((db) => scenario.run(db, token), { rollback: scenario.write });
      statements.set(scenario.name, recorded);
      const timing = await measureFloor(replayClient, recorded, { write: scenario.write, runs: scenario.write ? 10 : 200, warmup: scenario.write ? 2 : 20, sequences });
      floors.set(scenario.name, { p50_ms: timing.p50_ms, p99_ms: timing.p99_ms, statements: recorded.length });
      log(`  ${scenario.name.padEnd(22)} ${String(recorded.length).padStart(2)} statements  p50 ${timing.p50_ms.toFixed(2)} ms  p99 ${timing.p99_ms.toFixed(2)} ms`);
      explain.push(`-- ${scenario.name}: ${recorded.length} statements${scenario.write ? " (in one transaction, rolled back)" : ""}\n${await explainAll(replayClient, recorded, sequences)}`);
    }
  } finally {
    await recordingClient.end({ timeout: 5 });
    await replayClient.end({ timeout: 5 });
  }
  return { floors, statements, explain: explain.join("\n\n") };
}

/** The PGlite counterpart: the statements recorded through drizzle's logger, replayed on the PGlite client in-process. */
async function pgliteFloors(handle: import("@/db/client").DbHandle, token: string, reads: ReadScenario[]): Promise<Map<string, DbFloor>> {
  const client = (handle.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
  const { db, take } = await recordingDatabase(handle);
  const floors = new Map<string, DbFloor>();
  for (const scenario of reads) {
    // Recorded the second time, as on PostgreSQL: what the scenario sends once warm.
    await scenario.service(db, token);
    take();
    await scenario.service(db, token);
    const statements = take();
    const times: number[] = [];
    for (let i = 0; i < 120; i++) {
      const start = performance.now();
      for (const statement of statements) await client.query(statement.query, statement.params);
      if (i >= 20) times.push(performance.now() - start);
    }
    floors.set(scenario.name, { p50_ms: percentile(times, 50), p99_ms: percentile(times, 99), statements: statements.length });
    log(`  ${scenario.name.padEnd(22)} ${String(statements.length).padStart(2)} statements  p50 ${percentile(times, 50).toFixed(2)} ms`);
  }
  return floors;
}

/** For context: node:http + postgres.js answering the contacts first page, at the same concurrencies. */
async function bareNodeFloor(url: string, statements: Statement[], concurrencies: number[]): Promise<Map<number, Measurement>> {
  const file = path.join(tmpDir, "bare-statements.json");
  fs.writeFileSync(file, JSON.stringify(statements.map(({ query, params, options }) => ({ query, params, options }))));
  const child = spawn(process.execPath, [path.join(benchDir, "bare-server.mjs"), file], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(PORTS.bare) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const results = new Map<number, Measurement>();
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
      child.on("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    for (const c of concurrencies) results.set(c, await load(readJob(`http://127.0.0.1:${PORTS.bare}`, null, "/", c)));
  } finally {
    child.kill("SIGTERM");
    fs.rmSync(file, { force: true });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// HTTP runs.

async function login(server: RunningServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ app_id: "bench", email, password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (res.status !== 200 || !body.data?.token) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}

/** One request of each read scenario, to check it answers 200 with data before measuring it. */
async function checkReads(server: RunningServer, token: string, reads: ReadScenario[]): Promise<void> {
  for (const scenario of reads) {
    const res = await fetch(`${server.url}${scenario.path}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${scenario.name}: ${res.status} ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { data?: unknown[] } | unknown[];
    const data = Array.isArray(body) ? body : body.data;
    const items = Array.isArray(data) ? (scenario.name === "track-1000" ? (data as { recipients: unknown[] }[]).reduce((n, p) => n + p.recipients.length, 0) : data.length) : 0;
    if (items === 0) throw new Error(`${scenario.name}: no data in ${text.slice(0, 300)}`);
    log(`  ${scenario.name.padEnd(22)} ${scenario.path.length > 70 ? `${scenario.path.slice(0, 67)}...` : scenario.path}  -> ${items} items, ${(text.length / 1024).toFixed(1)} KiB`);
  }
}

function describe(m: Measurement): string {
  return `${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50_ms.toFixed(1).padStart(6)} ms  p99 ${m.p99_ms.toFixed(1).padStart(6)} ms  (${m.ok} requests)`;
}

type FloorRun = { rps: number; p50_ms: number; p99_ms: number; rps_before: number; rps_after: number };

/**
 * The read scenarios, between two runs of the framework floor at each concurrency (before and
 * after): the floor compared with is their mean, so a machine that gets busier or quieter
 * during the run does not tilt the comparison.
 */
async function runReads(
  server: RunningServer,
  token: string,
  reads: ReadScenario[],
  suffix: string,
): Promise<{ byScenario: { scenario: ReadScenario; c: number; m: Measurement }[]; floor: Map<number, FloorRun> }> {
  const concurrencies = [...new Set(reads.flatMap((s) => s.concurrency))].sort((a, b) => a - b);
  const measureFloor = async (when: string) => {
    const runs = new Map<number, Measurement>();
    for (const c of concurrencies) {
      const m = await load(readJob(server.url, null, "/api/health/live", c));
      runs.set(c, m);
      log(`  ${`framework-floor${suffix} (${when})`.padEnd(30)} c=${String(c).padEnd(3)} ${describe(m)}`);
    }
    return runs;
  };
  const before = await measureFloor("before");
  // Each run is split into rounds that go through every scenario in turn, so that a slow
  // stretch of the machine (other work, a GC of the server's heap) falls on all of them alike
  // rather than on whichever ran then: the first and the deep page are compared at c=1.
  const runs = reads.flatMap((scenario) => scenario.concurrency.map((c) => ({ scenario, c, parts: [] as Measurement[] })));
  for (let round = 0; round < ROUNDS; round++) {
    for (const run of runs) {
      const timing = { warmupSeconds: round === 0 ? WARMUP_SECONDS : 1, durationSeconds: SECONDS / ROUNDS };
      // A round of a scenario with many paths starts further along the list, never where the last began.
      const paths = run.scenario.paths && [...run.scenario.paths.slice(round * 300), ...run.scenario.paths.slice(0, round * 300)];
      const job = { ...readJob(server.url, token, run.scenario.path, run.c, paths, timing), keepLatencies: true };
      run.parts.push(await load(job));
    }
  }
  const byScenario = runs.map(({ scenario, c, parts }) => {
    const m = mergeMeasurements(parts);
    log(`  ${`${scenario.name}${suffix}`.padEnd(30)} c=${String(c).padEnd(3)} ${describe(m)}`);
    return { scenario, c, m };
  });
  const after = await measureFloor("after");
  const floor = new Map<number, FloorRun>();
  for (const c of concurrencies) {
    const [b, a] = [before.get(c)!, after.get(c)!];
    floor.set(c, { rps: (b.rps + a.rps) / 2, p50_ms: (b.p50_ms + a.p50_ms) / 2, p99_ms: (b.p99_ms + a.p99_ms) / 2, rps_before: b.rps, rps_after: a.rps });
  }
  return { byScenario, floor };
}

// ---------------------------------------------------------------------------------------------
// Report.

type Bar = { bar: string; holds: boolean; numbers: string };

function bars(scenarios: ScenarioResult[], rssMaxMb: number): Bar[] {
  const find = (name: string, c: number) => scenarios.find((s) => s.name === name && s.concurrency === c);
  const out: Bar[] = [];
  const first16 = find("contacts-first-page", 16);
  if (first16) {
    const share = first16.rps / first16.framework_floor_rps;
    out.push({ bar: "contacts-first-page c=16 >= 50% of the framework floor's req/s", holds: share >= 0.5, numbers: `${first16.rps.toFixed(0)} of ${first16.framework_floor_rps.toFixed(0)} req/s = ${(share * 100).toFixed(0)}%` });
  }
  const first1 = find("contacts-first-page", 1);
  const deep1 = find("contacts-deep-page", 1);
  if (first1 && deep1) {
    const ratio = deep1.p50_ms / first1.p50_ms;
    out.push({ bar: "contacts-deep-page p50 <= 1.2x the first page's (c=1)", holds: ratio <= 1.2, numbers: `${deep1.p50_ms.toFixed(2)} vs ${first1.p50_ms.toFixed(2)} ms = ${ratio.toFixed(2)}x` });
  }
  for (const name of ["search-surname", "search-email", "search-phone", "events-month"]) {
    const s = find(name, 1);
    if (s) out.push({ bar: `${name} p50 < 20 ms (c=1)`, holds: s.p50_ms < 20, numbers: `${s.p50_ms.toFixed(2)} ms` });
  }
  for (const name of ["add-recipients-1000", "checkout-1000"]) {
    const s = find(name, 1);
    if (s) out.push({ bar: `${name} < 1 s per request (p99 of ${s.requests})`, holds: s.p99_ms < 1000, numbers: `p50 ${s.p50_ms.toFixed(0)} ms, max ${s.p99_ms.toFixed(0)} ms` });
  }
  out.push({ bar: "rss_max_mb < 500 (PostgreSQL run)", holds: rssMaxMb < 500, numbers: `${rssMaxMb.toFixed(0)} MB` });
  return out;
}

function markdown(result: ReportJson, barList: Bar[]): string {
  const lines: string[] = [];
  lines.push(`# Benchmark results`, "");
  lines.push(`${result.run.started_at} · ${result.run.machine} · Node ${result.run.node} · ${result.run.postgres}`);
  lines.push(`${result.run.contacts.toLocaleString("en-US")} contacts (PostgreSQL), ${result.run.pglite_contacts?.toLocaleString("en-US") ?? "no"} contacts (PGlite) · ${SECONDS} s per read run, in ${ROUNDS} rounds, after a ${WARMUP_SECONDS} s warm-up · load average at start ${result.run.load_average_at_start}`, "");
  lines.push("| scenario | c | req/s | p50 ms | p99 ms | framework floor req/s | db floor p50 ms |", "|---|---:|---:|---:|---:|---:|---:|");
  for (const s of [...result.scenarios, ...result.pglite]) {
    lines.push(`| ${s.name} | ${s.concurrency} | ${s.rps.toFixed(0)} | ${s.p50_ms.toFixed(2)} | ${s.p99_ms.toFixed(2)} | ${s.framework_floor_rps.toFixed(0)} | ${s.db_floor_ms.toFixed(2)} |`);
  }
  lines.push("", "Context: a bare node:http server answering the contacts first page through postgres.js (same SQL, no framework):", "");
  lines.push("| c | req/s | p50 ms | p99 ms |", "|---:|---:|---:|---:|");
  for (const b of result.floors.bare_node_contacts_first_page) lines.push(`| ${b.concurrency} | ${b.rps.toFixed(0)} | ${b.p50_ms.toFixed(2)} | ${b.p99_ms.toFixed(2)} |`);
  lines.push("", `Max RSS of the server (next start and its children): ${result.rss_max_mb.toFixed(0)} MB on PostgreSQL${result.rss_max_mb_pglite != null ? `, ${result.rss_max_mb_pglite.toFixed(0)} MB on PGlite` : ""}.`);
  lines.push("", "| bar | holds | numbers |", "|---|---|---|");
  for (const b of barList) lines.push(`| ${b.bar} | ${b.holds ? "yes" : "**no**"} | ${b.numbers} |`);
  const planned = result.plans.filter((p) => p.holds);
  lines.push("", `Query plans: ${planned.length} of ${result.plans.length} reads on ${[...new Set(result.plans.map((p) => p.server))].join(" and ")} walk their indexes, no sequential scan of contacts (latest-plans.txt).`);
  return `${lines.join("\n")}\n`;
}

type ReportJson = {
  scenarios: ScenarioResult[];
  rss_max_mb: number;
  pglite: ScenarioResult[];
  rss_max_mb_pglite: number | null;
  floors: {
    framework: ({ server: string; concurrency: number } & FloorRun)[];
    bare_node_contacts_first_page: { concurrency: number; rps: number; p50_ms: number; p99_ms: number }[];
    db: { server: string; name: string; p50_ms: number; p99_ms: number; statements: number }[];
  };
  bars: Bar[];
  /** Every read of the plan check, per database (the plans are in latest-plans.txt). */
  plans: { server: string; name: string; request: string; statements: number; plans: number; holds: boolean }[];
  run: {
    started_at: string;
    duration_s: number;
    machine: string;
    node: string;
    postgres: string;
    contacts: number;
    pglite_contacts: number | null;
    seed_seconds: number;
    pglite_seed_seconds: number | null;
    load_average_at_start: string;
    load_average_at_end: string;
    seconds_per_read_run: number;
    search_terms: Prepared["terms"];
  };
};

function floorJson(f: FloorRun): FloorRun {
  return { rps: round(f.rps), p50_ms: round(f.p50_ms, 2), p99_ms: round(f.p99_ms, 2), rps_before: round(f.rps_before), rps_after: round(f.rps_after) };
}

function scenarioResult(name: string, c: number, m: Measurement, floorRps: number, dbFloor: DbFloor | undefined): ScenarioResult {
  return {
    name,
    concurrency: c,
    rps: round(m.rps, 1),
    p50_ms: round(m.p50_ms, 2),
    p99_ms: round(m.p99_ms, 2),
    framework_floor_rps: round(floorRps, 1),
    db_floor_ms: round(dbFloor?.p50_ms ?? NaN, 2),
    requests: m.ok,
    bytes_per_response: m.bytes_per_response,
    ...(m.latencies_ms ? { latencies_ms: m.latencies_ms.map((v) => round(v, 1)) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Query plans.

const plansFile = path.join(resultsDir, "latest-plans.txt");

/** Checks the reads' plans on a loaded book, writes them with those of the databases checked before, and throws on a regression. */
async function runPlanCheck(handle: import("@/db/client").DbHandle, prepared: Prepared, server: string, checks: PlanCheck[]): Promise<void> {
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
async function plansOnly(benchUrl: string, started: number): Promise<void> {
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

// ---------------------------------------------------------------------------------------------

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
  const planChecks: PlanCheck[] = [];
  try {
    prepared = await prepareBook(handle.db, "pg", CONTACTS);
    log(`  book ready: ${prepared.contactCount.toLocaleString("en-US")} contacts, deep page at position ${prepared.deepPosition.toLocaleString("en-US")}, order ${prepared.orderId} of 1,000 pieces`);
    log(`  search terms: surname "${prepared.terms.surname}", email "${prepared.terms.email}", phone "${prepared.terms.phone}"`);
    // Before the long runs: a read that left its index fails the benchmark at once.
    await runPlanCheck(handle, prepared, "postgres", planChecks);
    reads = await readScenarios(prepared);
    writes = await writeScenarios(prepared);
    const { issueToken } = await import("@/lib/auth/tokens");
    floorToken = (await issueToken(handle.db, prepared.ctx.user.id, "bench-floor")).token;
    await handle.db.execute(sql`vacuum analyze`);
  } finally {
    await handle.close();
  }

  heading("Database floor: each scenario's statements replayed through postgres.js alone (p50 of sequential runs)");
  const pgFloors = await postgresFloors(benchUrl, floorToken, reads, writes);
  const explainFile = path.join(resultsDir, "latest-explain.txt");
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
  const bare = await bareNodeFloor(benchUrl, pgFloors.statements.get("contacts-first-page")!, [1, 16]);
  for (const [c, m] of bare) log(`  bare-node-first-page           c=${String(c).padEnd(3)} ${describe(m)}`);

  heading(`HTTP on PostgreSQL: next start on port ${PORTS.postgres}`);
  const serverLog = path.join(tmpDir, "server-postgres.log");
  fs.rmSync(serverLog, { force: true });
  const server = await startServer({
    port: PORTS.postgres,
    logFile: serverLog,
    env: { DATABASE_URL: benchUrl, FULFILMENT_STEP_SECONDS: "0", CARDMAIL_SEED: "none", AUTH_SECRET, PGLITE_DATA_DIR: undefined },
  });
  const scenarios: ScenarioResult[] = [];
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
        pgliteReads = await readScenarios(pglitePrepared);
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
        env: { DATABASE_URL: undefined, PGLITE_DATA_DIR: path.join(dir, "data"), FULFILMENT_STEP_SECONDS: "0", CARDMAIL_SEED: "none", AUTH_SECRET },
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

  const barList = bars(scenarios, rssMaxMb);
  const report: ReportJson = {
    scenarios,
    rss_max_mb: round(rssMaxMb, 0),
    pglite: pgliteScenarios,
    rss_max_mb_pglite: pgliteRss === null ? null : round(pgliteRss, 0),
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
  fs.writeFileSync(path.join(resultsDir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  const md = markdown(report, barList);
  fs.writeFileSync(path.join(resultsDir, "latest.md"), md);

  heading("Results");
  log(md);
  log(`Written: bench/results/latest.json, bench/results/latest.md, bench/results/latest-explain.txt, bench/results/latest-plans.txt (${report.run.duration_s} s in all)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
