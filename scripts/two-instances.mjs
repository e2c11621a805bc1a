// Two app instances on one PostgreSQL database behave like one: both start together on an
// empty database (migrations and the demo seed happen once), then token revocation,
// idempotency, concurrent checkouts and webhook deliveries are exercised across both. Uses the
// production build in .next (or NEXT_DIST_DIR; builds it unless SMOKE_SKIP_BUILD=1) and a
// database of its own, dropped at the end.
//
// TWO_INSTANCES_PGBOUNCER=1 (or PGBOUNCER=1): the same checks with both instances behind a
// PgBouncer in transaction pooling, started here on a free port (the Debian package's
// /usr/sbin/pgbouncer, or PGBOUNCER_BIN), with DB_PREPARE=false. As root it runs as the user
// `postgres` (PGBOUNCER_USER), as PgBouncer refuses to run as root.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { Webhook } from "standardwebhooks";
import {
  buildUnlessSkipped,
  checker,
  productionServerEnv,
  request,
  root,
  runScript,
  scratchDatabase,
  scratchFolder,
  seconds,
  startServer,
  stopServer,
  waitForHealth,
} from "./server-process.mjs";

const behindPgBouncer = process.env.TWO_INSTANCES_PGBOUNCER === "1" || process.env.PGBOUNCER === "1";
const database = scratchDatabase(behindPgBouncer ? "cardmail_two_instances_pgbouncer" : "cardmail_two_instances");
const ports = [Number(process.env.TWO_INSTANCES_PORT || 3141), Number(process.env.TWO_INSTANCES_PORT || 3141) + 1];
const workDir = scratchFolder("cardmail-two-instances");
const env = productionServerEnv({
  DATABASE_URL: database.url,
  // The webhook receiver below listens on 127.0.0.1.
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
});
delete env.PGLITE_DATA_DIR;

const checks = checker();
const { check } = checks;
let servers = [];
let bouncer;
let receiver;

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * A PgBouncer in transaction pooling in front of DATABASE_URL's server, on a free port, with a
 * configuration in a folder of its own (readable by the user it runs as); its log goes to the
 * run's folder. Answers the URL of the scratch database through it, and how to stop it.
 */
async function startPgBouncer() {
  const upstream = new URL(database.url);
  const user = decodeURIComponent(upstream.username || "postgres");
  const port = await freePort();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cardmail-pgbouncer-"));
  fs.chmodSync(folder, 0o755);
  const config = [
    "[databases]",
    `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    "unix_socket_dir =",
    "auth_type = trust",
    `auth_file = ${path.join(folder, "userlist.txt")}`,
    "pool_mode = transaction",
    "default_pool_size = 20",
    "max_client_conn = 200",
  ].join("\n");
  fs.writeFileSync(path.join(folder, "pgbouncer.ini"), `${config}\n`, { mode: 0o644 });
  fs.writeFileSync(path.join(folder, "userlist.txt"), `"${user}" ""\n`, { mode: 0o644 });
  const bin = process.env.PGBOUNCER_BIN || (fs.existsSync("/usr/sbin/pgbouncer") ? "/usr/sbin/pgbouncer" : "pgbouncer");
  // PgBouncer will not run as root: it takes the identity of another user (-u) instead.
  const runAs = process.getuid?.() === 0 ? ["-u", process.env.PGBOUNCER_USER || "postgres"] : [];
  const log = fs.openSync(path.join(workDir, "pgbouncer.log"), "w");
  const child = spawn(bin, [...runAs, path.join(folder, "pgbouncer.ini")], { stdio: ["ignore", log, log] });
  fs.closeSync(log);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.once("error", (error) => console.error(`FAIL cannot start ${bin}: ${error.message}`));
  const url = new URL(database.url);
  url.port = String(port);
  url.hostname = "127.0.0.1";
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    fs.rmSync(folder, { recursive: true, force: true });
  };
  // Listening once a connection through it answers.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = postgres(url.toString(), { max: 1, prepare: false, onnotice: () => {}, connect_timeout: 2 });
    try {
      await probe`select 1`;
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`PgBouncer (${bin}) did not start: ${error.message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await probe.end({ timeout: 1 });
    }
  }
  return { url: url.toString(), port, stop };
}

/** An HTTP endpoint that records the webhook deliveries it receives, and answers them 204. */
async function startReceiver() {
  const received = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ at: Date.now(), headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hooks`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function loginAs(server, appId) {
  const res = await request(server.base, "POST", "/api/v1/auth/login", { body: { app_id: appId, email: "demo@example.com", password: "demo-password" } });
  if (res.status !== 200) throw new Error(`login on ${server.base}: ${res.status} ${res.text}`);
  return res.json.data.token;
}

async function startedTogether(sql) {
  const [users] = await sql`select count(*)::int as n from users where email = 'demo@example.com'`;
  check("the demo account is seeded once", users.n === 1, `${users.n} demo accounts`);
  const journal = JSON.parse(fs.readFileSync(path.join(root, "db", "migrations", "meta", "_journal.json"), "utf8"));
  const [applied] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
  check("every migration is applied once", applied.n === journal.entries.length, `${applied.n} applied, ${journal.entries.length} in the journal`);
}

async function tokenRevocation([a, b]) {
  const first = await loginAs(a, "two-instances");
  const onB = await request(b.base, "GET", "/api/v1/account", { token: first });
  check("a token issued by one instance works on the other", onB.status === 200, `${onB.status} ${onB.text}`);
  const second = await loginAs(b, "two-instances");
  const revoked = await request(a.base, "GET", "/api/v1/account", { token: first });
  check("a new login for the app_id on B revokes the old token on A", revoked.status === 401, `${revoked.status} ${revoked.text}`);
  const current = await request(a.base, "GET", "/api/v1/account", { token: second });
  check("the new token works on A", current.status === 200, `${current.status} ${current.text}`);
  const logout = await request(a.base, "POST", "/api/v1/auth/logout", { token: second });
  const afterLogout = await request(b.base, "GET", "/api/v1/account", { token: second });
  check("a logout on A ends the token on B", logout.status < 300 && afterLogout.status === 401, `logout ${logout.status}, then ${afterLogout.status}`);
}

async function idempotency([a, b], token, sql) {
  const key = `two-instances-${crypto.randomUUID()}`;
  const body = { first_name: "Idem", last_name: `Potent ${key.slice(-8)}` };
  const answers = await Promise.all(
    [a, b, a, b].map((server) => request(server.base, "POST", "/api/v1/contacts", { token, body, headers: { "idempotency-key": key } })),
  );
  const uuids = new Set(answers.map((res) => res.json?.data?.uuid));
  check(
    "the same Idempotency-Key sent to both instances at once creates one contact and answers it four times",
    answers.every((res) => res.status === 201) && uuids.size === 1,
    answers.map((res) => `${res.status} ${res.json?.data?.uuid ?? res.text.slice(0, 120)}`).join("; "),
  );
  const [created] = await sql`select count(*)::int as n from contacts where last_name = ${body.last_name}`;
  check("one contact row exists for the key", created.n === 1, `${created.n} rows`);
}

async function concurrentCheckouts([a, b], token, sql) {
  const cards = await request(a.base, "GET", "/api/v1/cards?per_page=1", { token });
  const cardId = cards.json?.data?.[0]?.id;
  const project = await request(b.base, "POST", "/api/v1/projects", { token, body: { card_id: cardId, name: "Two instances" } });
  const uuid = project.json?.data?.uuid;
  const recipients = Array.from({ length: 3 }, (_, i) => ({
    first_name: "Twin",
    last_name: `Recipient ${i}`,
    address: `${i + 1} Main Street`,
    city: "Springfield",
    state: "IL",
    zip: "62701",
    country: "US",
  }));
  const added = await request(a.base, "POST", `/api/v1/projects/add-recipients/${uuid}`, { token, body: { recipients } });
  if (added.status >= 300) throw new Error(`add-recipients: ${added.status} ${added.text}`);

  const [before] = await sql`select credit_cents from users where email = 'demo@example.com'`;
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => request([a, b][i % 2].base, "POST", `/api/v1/cart/checkout/${uuid}`, { token })));
  const created = answers.filter((res) => res.status === 201);
  check(
    "eight checkouts of one project across both instances at once: one order, the others refused with a JSON 4xx",
    created.length === 1 && answers.every((res) => res.status === 201 || (res.status >= 400 && res.status < 500 && res.type.includes("application/json"))),
    answers.map((res) => res.status).join(", "),
  );
  const [after] = await sql`select credit_cents from users where email = 'demo@example.com'`;
  const charged = Math.round((created[0]?.json?.data?.credit_charged ?? NaN) * 100);
  check("the credit is charged once", before.credit_cents - after.credit_cents === charged && charged > 0, `before ${before.credit_cents}, after ${after.credit_cents}, charged ${charged}`);
  const [orders] = await sql`
    select count(distinct order_id)::int as n from order_recipients where project_id = ${uuid}`;
  check("one order holds the project's recipients", orders.n === 1, `${orders.n} orders`);
  return uuid;
}

/** An endpoint for order.created, made on one instance before the checkouts. */
async function webhookEndpoint(server, token) {
  const created = await request(server.base, "POST", "/api/v1/webhooks", { token, body: { url: receiver.url, events: ["order.created"] } });
  if (created.status !== 201) throw new Error(`create a webhook endpoint: ${created.status} ${created.text}`);
  return created.json.data;
}

/**
 * The checkouts' order.created, and a test event sent from the other instance, each reach the
 * endpoint once, signed with its secret, whichever instance's workers deliver them (behind
 * PgBouncer, LISTEN hears nothing: the workers' polling delivers them).
 */
async function webhookDeliveries([, b], token, endpoint, projectUuid, checkedOutAt) {
  const testSentAt = Date.now();
  const test = await request(b.base, "POST", `/api/v1/webhooks/${endpoint.id}/test`, { token });
  if (test.status !== 202) throw new Error(`send a test event: ${test.status} ${test.text}`);
  const verifier = new Webhook(endpoint.secret);
  const events = () =>
    receiver.received.map((delivery) => {
      try {
        return { ...delivery, event: verifier.verify(delivery.body, delivery.headers) };
      } catch {
        return { ...delivery, event: undefined };
      }
    });
  const ofOrder = (list) => list.filter((d) => d.event?.type === "order.created" && d.event.data?.project_uuid === projectUuid);
  const ofTest = (list) => list.filter((d) => d.event?.type === "webhook.test");
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && (ofOrder(events()).length === 0 || ofTest(events()).length === 0)) await new Promise((resolve) => setTimeout(resolve, 100));
  // Time for a second instance's worker to send one again, if it would.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const all = events();
  const order = ofOrder(all);
  const tested = ofTest(all);
  check("every webhook delivery carries a valid signature", all.length > 0 && all.every((d) => d.event), `${all.filter((d) => !d.event).length} of ${all.length} unverified`);
  check(
    `the order.created of the checkouts is delivered once${order[0] ? ` (${order[0].at - checkedOutAt} ms after the checkouts)` : ""}`,
    order.length === 1,
    `${order.length} deliveries`,
  );
  check(
    `a test event sent on the other instance is delivered once${tested[0] ? ` (${tested[0].at - testSentAt} ms)` : ""}`,
    tested.length === 1,
    `${tested.length} deliveries`,
  );
  const ids = all.map((d) => d.headers["webhook-id"]);
  check("no event is delivered twice", new Set(ids).size === ids.length, ids.join(", "));
}

async function main() {
  buildUnlessSkipped(env);
  await database.create();
  receiver = await startReceiver();
  if (behindPgBouncer) {
    bouncer = await startPgBouncer();
    // Prepared statements belong to a server connection, which transaction pooling changes under them.
    Object.assign(env, { DATABASE_URL: bouncer.url, DB_PREPARE: "false" });
    console.log(`PgBouncer (transaction pooling) on port ${bouncer.port}; the instances connect through it with DB_PREPARE=false`);
  }
  // The checks read the database directly.
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  try {
    const started = Date.now();
    servers = ports.map((port, i) => startServer({ port, env, logFile: path.join(workDir, `server-${i + 1}.log`) }));
    await Promise.all(servers.map((server) => waitForHealth(server, 90_000)));
    console.log(`two instances started together on an empty database: ${seconds(started)}`);

    await startedTogether(sql);
    await tokenRevocation(servers);
    const token = await loginAs(servers[0], "two-instances-work");
    await idempotency(servers, token, sql);
    const endpoint = await webhookEndpoint(servers[0], token);
    const checkedOutAt = Date.now();
    const projectUuid = await concurrentCheckouts(servers, token, sql);
    await webhookDeliveries(servers, token, endpoint, projectUuid, checkedOutAt);
  } finally {
    await sql.end();
  }
}

await runScript({
  title: behindPgBouncer ? "Two-instance test behind PgBouncer" : "Two-instance test",
  checks,
  logDir: workDir,
  main,
  async cleanup() {
    await Promise.all(servers.map(stopServer));
    await bouncer?.stop();
    await receiver?.close();
    await database.drop();
  },
});
