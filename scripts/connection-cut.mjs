// A cut database connection heals. A production server on PostgreSQL, under light load (contact
// reads and writes with a bearer token, logins) with its job queue running, has every backend
// of its database terminated (pg_terminate_backend) a few times: the process logs no
// uncaughtException, answers 200 again within 5 s of each cut, and its readiness check
// (/api/health/ready) is back to 200. Then the database refuses connections (ALLOW_CONNECTIONS
// false, and its backends terminated): /api/health/ready answers 503 within 2.5 s while
// /api/health (liveness) stays 200; once the database is back, so is the server within 5 s.
// Last, SIGTERM: the server exits 0, promptly. Uses the production build (builds it unless
// SMOKE_SKIP_BUILD=1; NEXT_DIST_DIR names its folder) and a database of its own, dropped at the end.
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { buildUnlessSkipped, productionServerEnv, checker, request, runScript, scratchDatabase, scratchFolder, seconds, startServer, stopServer, waitForHealth } from "./server-process.mjs";

const database = scratchDatabase("cardmail_connection_cut");
const port = Number(process.env.CONNECTION_CUT_PORT || 3161);
const CUTS = Number(process.env.CONNECTION_CUT_ROUNDS || 3);
/** The promise: within this long of a cut (or of the database's return) the server answers 200 again. */
const RECOVERY_MS = 5_000;
/** /api/health/ready gives up on the database after 2 s: its 503 comes within this. */
const READY_TIMEOUT_MS = 2_500;
/** After a cut, load requests that started this much later must all answer 200, each this fast. */
const SETTLED_AFTER_MS = RECOVERY_MS;
const SETTLED_ANSWER_MS = 2_500;

const workDir = scratchFolder("cardmail-connection-cut");
const logFile = path.join(workDir, "server.log");
const env = productionServerEnv({
  DATABASE_URL: database.url,
  // The load makes a few hundred calls a second at most.
  API_RATE_LIMIT: "0",
  // The fulfilment simulator steps every second: the job queue is busy through the cuts.
  FULFILMENT_STEP_SECONDS: "1",
  PGAPPNAME: "cardmail-connection-cut",
});
delete env.PGLITE_DATA_DIR;

const checks = checker();
const { check } = checks;
let server;
const admin = postgres(process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres", { max: 1, onnotice: () => {} });
const databaseName = new URL(database.url).pathname.slice(1);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a statement fails with when its connection is cut or the database refuses connections. */
const CONNECTION_ERROR = /ECONNRESET|ECONNREFUSED|EPIPE|CONNECTION_(CLOSED|DESTROYED|ENDED)|terminating connection|not currently accepting connections/;

/** One timed JSON call; one with no answer within 30 s (or no connection) counts as status 0. */
async function timed(method, pathname, { token, body } = {}) {
  const started = Date.now();
  const headers = { ...(token && { authorization: `Bearer ${token}` }), ...(body && { "content-type": "application/json" }) };
  try {
    const res = await fetch(`${server.base}${pathname}`, { method, headers, body: body && JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { started, ms: Date.now() - started, status: res.status, json, text };
  } catch (error) {
    return { started, ms: Date.now() - started, status: 0, text: String(error?.cause?.code ?? error?.name ?? error) };
  }
}

/** Terminates every backend of the server's database; answers how many there were. */
async function cutEveryConnection() {
  const [row] = await admin`
    select count(*)::int as n from (
      select pg_terminate_backend(pid) from pg_stat_activity where datname = ${databaseName} and pid <> pg_backend_pid()
    ) as cut`;
  return row.n;
}

/** Calls `call` every 100 ms until it answers 200: the time that took from `since`, or null after `limitMs`. */
async function firstOk(call, since, limitMs) {
  while (Date.now() - since < limitMs) {
    const res = await call();
    if (res.status === 200) return Date.now() - since;
    await sleep(100);
  }
  return null;
}

/**
 * Loops that keep the server busy until `stop()`; every call is recorded. Logins are few: each
 * hashes a password for tens of milliseconds, and the check runs beside the test suites in CI.
 */
function startLoad(token) {
  const calls = [];
  let running = true;
  const loop = async (fn, pauseMs) => {
    for (let i = 0; running; i++) {
      calls.push(await fn(i));
      await sleep(pauseMs);
    }
  };
  const loops = [
    ...[0, 1, 2].map(() => loop(() => timed("GET", "/api/v1/contacts?per_page=10", { token }), 10)),
    loop((i) => timed("POST", "/api/v1/contacts", { token, body: { first_name: "Cut", last_name: `Load ${i}`, city: "Springfield" } }), 20),
    loop((i) => timed("POST", "/api/v1/auth/login", { body: { app_id: `connection-cut-${i % 4}`, email: "demo@example.com", password: "demo-password" } }), 250),
  ];
  return {
    calls,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

const describeCalls = (calls) =>
  calls
    .slice(0, 8)
    .map((call) => `${call.status} after ${call.ms} ms (${call.text?.slice(0, 80)})`)
    .join("; ");

async function cutRound(round, load, token) {
  const since = Date.now();
  const cut = await cutEveryConnection();
  const reads = await firstOk(() => timed("GET", "/api/v1/contacts?per_page=1", { token }), since, 15_000);
  const ready = await firstOk(() => timed("GET", "/api/health/ready"), since, 15_000);
  check(
    `cut ${round} (${cut} backends): contact reads answer 200 again within ${RECOVERY_MS / 1000} s (${reads ?? "-"} ms)`,
    reads !== null && reads <= RECOVERY_MS,
    reads === null ? "no 200 within 15 s" : `${reads} ms`,
  );
  check(
    `cut ${round}: /api/health/ready answers 200 again within ${RECOVERY_MS / 1000} s (${ready ?? "-"} ms)`,
    ready !== null && ready <= RECOVERY_MS,
    ready === null ? "no 200 within 15 s" : `${ready} ms`,
  );
  // The load goes on: what started once the server was due to have healed must all succeed, quickly.
  await sleep(Math.max(0, since + SETTLED_AFTER_MS + 2_500 - Date.now()));
  const windowStart = since + SETTLED_AFTER_MS;
  await sleep(SETTLED_ANSWER_MS + 500);
  const settled = load.calls.filter((call) => call.started >= windowStart && call.started < windowStart + 2_500);
  const bad = settled.filter((call) => call.status === 0 || call.status >= 500 || call.ms > SETTLED_ANSWER_MS);
  check(
    `cut ${round}: the load's ${settled.length} calls made ${SETTLED_AFTER_MS / 1000} s to ${SETTLED_AFTER_MS / 1000 + 2.5} s after it all answer, none 5xx, each within ${SETTLED_ANSWER_MS / 1000} s`,
    settled.length > 0 && bad.length === 0,
    settled.length === 0 ? "no calls made" : `${bad.length} failed or slow: ${describeCalls(bad)}`,
  );
}

async function blockedDatabase(token) {
  await admin.unsafe(`alter database "${databaseName}" allow_connections false`);
  let since;
  try {
    await cutEveryConnection();
    since = Date.now();
    for (const attempt of [1, 2]) {
      const ready = await timed("GET", "/api/health/ready");
      check(
        `database refusing connections (${attempt}): /api/health/ready answers a JSON 503 "unavailable" within ${READY_TIMEOUT_MS / 1000} s (${ready.ms} ms)`,
        ready.status === 503 && ready.json?.status === "unavailable" && ready.ms <= READY_TIMEOUT_MS,
        `${ready.status} after ${ready.ms} ms: ${ready.text?.slice(0, 200)}`,
      );
      const live = await timed("GET", "/api/health");
      check(`database refusing connections (${attempt}): /api/health (liveness) answers 200`, live.status === 200, `${live.status} after ${live.ms} ms`);
      // A request that needs the database fails, but answers.
      const read = await timed("GET", "/api/v1/contacts?per_page=1", { token });
      check(
        `database refusing connections (${attempt}): a contact read answers (an error) within 10 s (${read.status}, ${read.ms} ms)`,
        read.status >= 500 && read.ms <= 10_000,
        `${read.status} after ${read.ms} ms`,
      );
      await sleep(1_500);
    }
  } finally {
    await admin.unsafe(`alter database "${databaseName}" allow_connections true`);
  }
  const back = Date.now();
  const ready = await firstOk(() => timed("GET", "/api/health/ready"), back, 15_000);
  const reads = await firstOk(() => timed("GET", "/api/v1/contacts?per_page=1", { token }), back, 15_000);
  check(
    `database back (refused for ${seconds(since)}): /api/health/ready answers 200 within ${RECOVERY_MS / 1000} s (${ready ?? "-"} ms)`,
    ready !== null && ready <= RECOVERY_MS,
    ready === null ? "no 200 within 15 s" : `${ready} ms`,
  );
  check(
    `database back: contact reads answer 200 within ${RECOVERY_MS / 1000} s (${reads ?? "-"} ms)`,
    reads !== null && reads <= RECOVERY_MS,
    reads === null ? "no 200 within 15 s" : `${reads} ms`,
  );
  const burst = await Promise.all(Array.from({ length: 10 }, () => timed("GET", "/api/v1/contacts?per_page=1", { token })));
  const slow = burst.filter((call) => call.status !== 200 || call.ms > SETTLED_ANSWER_MS);
  check("database back: ten reads at once all answer 200 promptly", slow.length === 0, describeCalls(slow));
}

async function terminate() {
  const started = Date.now();
  const exited = new Promise((resolve) => server.child.once("exit", (code, signal) => resolve({ code, signal })));
  process.kill(-server.child.pid, "SIGTERM");
  const timer = setTimeout(() => process.kill(-server.child.pid, "SIGKILL"), 15_000);
  const { code, signal } = await exited;
  clearTimeout(timer);
  const ms = Date.now() - started;
  check(`SIGTERM: the server exits 0 within 5 s (${ms} ms)`, code === 0 && ms <= 5_000, `code ${code}, signal ${signal}`);
}

async function main() {
  buildUnlessSkipped(env);
  await database.create();
  const started = Date.now();
  server = startServer({ port, env, logFile });
  await waitForHealth(server, 90_000);
  console.log(`server started on ${databaseName}: ${seconds(started)}`);

  const login = await request(server.base, "POST", "/api/v1/auth/login", { body: { app_id: "connection-cut", email: "demo@example.com", password: "demo-password" } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  const token = login.json.data.token;
  const ready = await timed("GET", "/api/health/ready");
  check("/api/health/ready answers 200 {status: ok}", ready.status === 200 && ready.json?.status === "ok", `${ready.status} ${ready.text?.slice(0, 200)}`);

  const load = startLoad(token);
  try {
    await sleep(2_000);
    for (let round = 1; round <= CUTS; round++) await cutRound(round, load, token);
    await blockedDatabase(token);
  } finally {
    await load.stop();
  }
  const answered = load.calls.filter((call) => call.status === 200 || call.status === 201).length;
  const hung = load.calls.filter((call) => call.status === 0);
  console.log(`load: ${load.calls.length} calls, ${answered} answered 2xx`);
  check("no call of the load went unanswered (30 s)", hung.length === 0, `${hung.length}: ${describeCalls(hung)}`);

  await terminate();
  const log = fs.readFileSync(logFile, "utf8");
  const lines = log.split("\n");
  const uncaught = lines.filter((line) => /uncaughtException/i.test(line));
  check("the server logged no uncaughtException", uncaught.length === 0, uncaught.slice(0, 3).join("\n"));
  // pg-boss 10 completes (or fails) a job its worker ran without awaiting it (Manager.watch), so
  // a completion the cut interrupts is an unhandled rejection with the database's error, and the
  // job runs again once it expires. Any other unhandled rejection is a failure.
  const unhandled = lines.filter((line) => /unhandledRejection/i.test(line));
  const unexpected = unhandled.filter((line) => !CONNECTION_ERROR.test(line));
  check("the server logged no unhandledRejection but the database's connection errors", unexpected.length === 0, unexpected.slice(0, 3).join("\n"));
  if (unhandled.length > unexpected.length) console.log(`note: ${unhandled.length - unexpected.length} unhandledRejection(s) with a connection error (pg-boss's unawaited job completion): ${unhandled[0]}`);
}

await runScript({
  title: "Connection-cut test",
  checks,
  logDir: workDir,
  main,
  async cleanup() {
    await stopServer(server);
    await admin.unsafe(`alter database "${databaseName}" allow_connections true`).catch(() => {});
    await admin.end();
    await database.drop();
  },
});
