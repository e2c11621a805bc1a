// Two app instances on one PostgreSQL database behave like one: both start together on an
// empty database (migrations and the demo seed happen once), then token revocation,
// idempotency and concurrent checkouts are exercised across both. Uses the production build in
// .next (builds it unless SMOKE_SKIP_BUILD=1) and a database of its own, dropped at the end.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import {
  buildUnlessSkipped,
  checker,
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

const database = scratchDatabase("cardmail_two_instances");
const ports = [Number(process.env.TWO_INSTANCES_PORT || 3141), Number(process.env.TWO_INSTANCES_PORT || 3141) + 1];
const workDir = scratchFolder("cardmail-two-instances");
const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  DATABASE_URL: database.url,
  AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
  CARDMAIL_SEED: "demo",
};
delete env.PGLITE_DATA_DIR;

const checks = checker();
const { check } = checks;
let servers = [];

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
}

async function main() {
  buildUnlessSkipped(env);
  await database.create();
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
    await concurrentCheckouts(servers, token, sql);
  } finally {
    await sql.end();
  }
}

await runScript({
  title: "Two-instance test",
  checks,
  logDir: workDir,
  main,
  async cleanup() {
    await Promise.all(servers.map(stopServer));
    await database.drop();
  },
});
