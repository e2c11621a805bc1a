// Automations send each occurrence exactly once with two app instances on one PostgreSQL
// database, even when an instance is killed (SIGKILL) in the middle of a scheduler pass and
// restarted. Two rounds, one killing each instance: with the other instance paused (SIGSTOP) so
// that the target takes the passes, automations saved active over a group of a few hundred
// contacts whose birthdays are due start their passes at once; the target is killed once one
// automation's order is committed and another's is open, then restarted and the other resumed.
// Every due occurrence must then be sent once, in one order per automation, charged once.
// Uses the production build in .next (builds it unless SMOKE_SKIP_BUILD=1) and a database of
// its own, dropped at the end.
import path from "node:path";
import postgres from "postgres";
import {
  buildUnlessSkipped,
  checker,
  productionServerEnv,
  request,
  runScript,
  scratchDatabase,
  scratchFolder,
  seconds,
  startServer,
  stopServer,
  waitForHealth,
} from "./server-process.mjs";

const database = scratchDatabase("cardmail_automations_kill");
const firstPort = Number(process.env.AUTOMATIONS_KILL_PORT || 3151);
const CONTACTS = Number(process.env.AUTOMATIONS_KILL_CONTACTS || 300);
const AUTOMATIONS_PER_ROUND = 4;
/**
 * A pass cut short is sent again by the pass an instance makes at start, else by the next
 * minute's (the cron, plus a worker's poll): this is "within a minute or so".
 */
const SETTLE_TIMEOUT_MS = 75_000;

const workDir = scratchFolder("cardmail-automations-kill");
const baseEnv = productionServerEnv({
  DATABASE_URL: database.url,
  // The set-up makes about a thousand calls in a few seconds.
  API_RATE_LIMIT: "0",
  // Pieces stay pending: the simulator has nothing to do with what is checked here.
  FULFILMENT_STEP_SECONDS: "0",
});
delete baseEnv.PGLITE_DATA_DIR;

const checks = checker();
const { check } = checks;

/** Each instance names its database connections, so pg_stat_activity tells whose a pass is. */
const instances = [0, 1].map((i) => ({
  name: `cardmail-instance-${i + 1}`,
  port: firstPort + i,
  server: undefined,
  logs: 0,
}));

function start(instance) {
  instance.logs += 1;
  instance.server = startServer({
    port: instance.port,
    env: { ...baseEnv, PGAPPNAME: instance.name },
    logFile: path.join(workDir, `${instance.name}-${instance.logs}.log`),
  });
  return instance.server;
}

const signal = (instance, name) => process.kill(-instance.server.child.pid, name);

async function killNow(instance) {
  const exited = new Promise((resolve) => instance.server.child.once("exit", resolve));
  signal(instance, "SIGKILL");
  await exited;
}

/** Calls `fn` on `items` with at most `width` at a time. */
async function inParallel(items, width, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

async function call(base, method, pathname, options) {
  const res = await request(base, method, pathname, options);
  if (res.status >= 300) throw new Error(`${method} ${pathname}: ${res.status} ${res.text.slice(0, 300)}`);
  // Groups and contacts answer unwrapped, as the specification has them; the rest in `data`.
  return res.json && typeof res.json === "object" && "data" in res.json ? res.json.data : res.json;
}

const isoDay = (date) => date.toISOString().slice(0, 10);

/** A group of contacts whose birthday is due today for automations with days_before 30. */
async function dueContacts(bases, token, sql) {
  const base = bases[0];
  // Due when the date is 7 to 37 days away; 20 keeps it due if the UTC day turns mid-test.
  const birthday = new Date(Date.now() + 20 * 86_400_000);
  const group = await call(base, "POST", "/api/v1/groups", { token, body: { name: "Kill and restart" } });
  const uuids = await inParallel(Array.from({ length: CONTACTS }, (_, i) => i), 8, async (i) => {
    const contact = await call(bases[i % 2], "POST", "/api/v1/contacts", {
      token,
      body: {
        first_name: `Due${i}`,
        last_name: "Birthday",
        address: `${i + 1} Elm Street`,
        city: "Springfield",
        state: "IL",
        zip: "62701",
        country: "US",
        birth_month: birthday.getUTCMonth() + 1,
        birth_day: birthday.getUTCDate(),
      },
    });
    return contact.uuid;
  });
  await inParallel(uuids, 8, (uuid, i) => call(bases[i % 2], "POST", `/api/v1/groups/${group.id}/contacts/${uuid}`, { token }));
  const [members] = await sql`select count(*)::int as n from group_contacts where group_id = ${group.id}`;
  if (members.n !== CONTACTS) throw new Error(`the group has ${members.n} contacts, not ${CONTACTS}`);
  return { groupId: group.id, birthday: isoDay(birthday) };
}

/**
 * Waits for the moment `target` is inside a pass over these automations with at least one of
 * them already sent: a connection of the target holds an automation row lock (a run's
 * transaction) while another run's order is committed. Returns what was committed then.
 */
async function midPass(sql, target, automationIds) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const [state] = await sql`
      select
        (select count(*)::int from automation_runs where automation_id = any(${automationIds}::int[]) and status = 'sent') as sent,
        (select count(*)::int from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'relation' and l.relation = 'automations'::regclass and l.mode = 'RowShareLock'
            and a.application_name = ${target.name}) as open`;
    if (state.sent >= AUTOMATIONS_PER_ROUND) throw new Error(`${target.name} finished every pass before it could be killed in one`);
    if (state.sent >= 1 && state.open >= 1) return state.sent;
  }
  throw new Error(`${target.name} started no pass within 60 s`);
}

/** One round: `target` is killed in the middle of the passes of new automations, then restarted. */
async function round(sql, { target, other, token, groupId, cardId, label }) {
  const base = target.server.base;
  signal(other, "SIGSTOP");
  let automationIds;
  let committed;
  let killedAt;
  try {
    // Each automation saved active asks for a pass of its own at once, queued on PostgreSQL.
    const created = await Promise.all(
      Array.from({ length: AUTOMATIONS_PER_ROUND }, (_, i) =>
        call(base, "POST", "/api/v1/automations", {
          token,
          body: { name: `${label} ${i + 1}`, card_id: cardId, events: ["birthday"], group_id: groupId, message: "Happy birthday, {first_name}!", days_before: 30 },
        }),
      ),
    );
    automationIds = created.map((automation) => automation.id);
    committed = await midPass(sql, target, automationIds);
    await killNow(target);
    killedAt = Date.now();
  } finally {
    signal(other, "SIGCONT");
  }
  console.log(`${label}: ${target.name} killed (SIGKILL) with ${committed} of ${AUTOMATIONS_PER_ROUND} automations sent and one in the middle of its pass`);
  const restarted = Date.now();
  start(target);
  await waitForHealth(target.server, 90_000);
  console.log(`${label}: ${target.name} restarted in ${seconds(restarted)}`);
  return { automationIds, killedAt };
}

/** Waits until every automation has sent to every contact of the group; how long since `started`, or null. */
async function settled(sql, automationIds, started) {
  while (Date.now() - started < SETTLE_TIMEOUT_MS) {
    const [sent] = await sql`select count(*)::int as n from automation_sends where automation_id = any(${automationIds}::int[]) and order_recipient_id is not null`;
    if (sent.n >= automationIds.length * CONTACTS) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

async function exactlyOnce(sql, automationIds, { creditBefore, userId }) {
  const perAutomation = await sql`
    select a.id,
      (select count(*)::int from automation_sends s where s.automation_id = a.id) as sends,
      (select count(*)::int from automation_sends s where s.automation_id = a.id and s.order_recipient_id is not null) as with_piece,
      (select count(*)::int from order_recipients r where r.project_id = a.project_id) as pieces,
      (select count(distinct r.contact_id)::int from order_recipients r where r.project_id = a.project_id) as contacts,
      (select count(distinct r.order_id)::int from order_recipients r where r.project_id = a.project_id) as orders,
      (select count(*)::int from automation_runs r where r.automation_id = a.id and r.status = 'sent') as runs,
      (select count(*)::int from automation_runs r where r.automation_id = a.id and r.status = 'skipped') as skipped
    from automations a where a.id = any(${automationIds}::int[]) order by a.id`;
  const wrong = perAutomation.filter(
    (row) => row.sends !== CONTACTS || row.with_piece !== CONTACTS || row.pieces !== CONTACTS || row.contacts !== CONTACTS,
  );
  check(
    `every due occurrence is sent once: ${CONTACTS} pieces for ${CONTACTS} contacts in each of ${automationIds.length} automations`,
    wrong.length === 0,
    JSON.stringify(wrong),
  );
  const split = perAutomation.filter((row) => row.orders !== 1 || row.runs !== 1 || row.skipped !== 0);
  check("each automation placed one order, in one sent run", split.length === 0, JSON.stringify(split));

  const [money] = await sql`
    with o as (
      select distinct r.order_id from order_recipients r join automations a on a.project_id = r.project_id
      where a.id = any(${automationIds}::int[])
    )
    select
      (select coalesce(sum(total_cents), 0)::int from orders where id in (select order_id from o)) as total,
      (select coalesce(sum(price_cents), 0)::int from order_recipients where order_id in (select order_id from o)) as pieces_total,
      (select coalesce(sum(-amount_cents), 0)::int from credit_ledger where kind = 'order' and order_id in (select order_id from o)) as ledger_total,
      (select count(*)::int from credit_ledger where kind = 'order' and order_id in (select order_id from o)) as ledger_rows,
      (select count(*)::int from o) as orders,
      (select credit_cents from users where id = ${userId}) as credit_after,
      (select balance_after_cents from credit_ledger where user_id = ${userId} order by id desc limit 1) as last_balance`;
  check(
    "credit is charged once per order, the price of its pieces, and the ledger agrees",
    money.total === money.pieces_total && money.ledger_total === money.total && money.ledger_rows === money.orders,
    JSON.stringify(money),
  );
  check(
    "the account's credit fell by what the orders cost, and is the ledger's last balance",
    creditBefore - money.credit_after === money.total && money.credit_after === money.last_balance,
    `before ${creditBefore}, ${JSON.stringify(money)}`,
  );
  const [stale] = await sql`
    select count(*)::int as n from (
      select contact_id, automation_id from automation_sends where automation_id = any(${automationIds}::int[])
      group by 1, 2 having count(*) > 1) d`;
  check("no occurrence was claimed twice", stale.n === 0, `${stale.n} duplicated`);
}

async function main() {
  buildUnlessSkipped(baseEnv);
  await database.create();
  const sql = postgres(database.url, { max: 2, onnotice: () => {}, connection: { application_name: "cardmail-test" } });
  try {
    const started = Date.now();
    instances.forEach(start);
    await Promise.all(instances.map((instance) => waitForHealth(instance.server, 90_000)));
    console.log(`two instances started: ${seconds(started)}`);
    const [a, b] = instances;

    const login = await call(a.server.base, "POST", "/api/v1/auth/login", { body: { app_id: "automations-kill", email: "demo@example.com", password: "demo-password" } });
    const token = login.token;
    const cards = await call(a.server.base, "GET", "/api/v1/cards?per_page=1", { token });
    const cardId = cards[0].id;
    const [user] = await sql`select id from users where email = 'demo@example.com'`;
    // Enough credit for every piece of both rounds, granted through the ledger like an admin's.
    await sql.begin(async (tx) => {
      const [granted] = await tx`update users set credit_cents = credit_cents + 10000000 where id = ${user.id} returning credit_cents`;
      await tx`insert into credit_ledger (user_id, amount_cents, balance_after_cents, kind, note)
        values (${user.id}, 10000000, ${granted.credit_cents}, 'grant', 'automations kill test')`;
    });
    const [{ credit_cents: creditBefore }] = await sql`select credit_cents from users where id = ${user.id}`;

    const setUp = Date.now();
    const { groupId, birthday } = await dueContacts([a.server.base, b.server.base], token, sql);
    console.log(`${CONTACTS} contacts with a birthday on ${birthday} in one group: ${seconds(setUp)}`);

    const ids = [];
    for (const [n, target, other] of [[1, a, b], [2, b, a]]) {
      const { automationIds, killedAt } = await round(sql, { target, other, token, groupId, cardId, label: `Round ${n}` });
      ids.push(...automationIds);
      const waited = await settled(sql, automationIds, killedAt);
      check(`after instance ${n} was killed and restarted, every occurrence is sent within a minute or so`, waited !== null, "not all sent in time");
      if (waited !== null) console.log(`round ${n}: everything sent ${(waited / 1000).toFixed(1)} s after the kill`);
    }

    // Later passes (the cron's, each instance's) must find nothing left to send.
    const again = await Promise.all(instances.map((instance) => request(instance.server.base, "PATCH", `/api/v1/automations/${ids[0]}`, { token, body: { name: "Kill and restart, saved again" } })));
    check("saving an automation again (a new pass) answers 200", again.every((res) => res.status === 200), again.map((res) => res.status).join(", "));
    const [{ n: before }] = await sql`select count(*)::int as n from automation_sends where automation_id = any(${ids}::int[])`;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const [{ n: after }] = await sql`select count(*)::int as n from automation_sends where automation_id = any(${ids}::int[])`;
    check("passes after that send nothing more", before === after, `${before} sends, then ${after}`);

    await exactlyOnce(sql, ids, { creditBefore, userId: user.id });
  } finally {
    await sql.end();
  }
}

await runScript({
  title: "Automations kill-and-restart test",
  checks,
  logDir: workDir,
  main,
  async cleanup() {
    // A paused instance must resume to stop.
    for (const instance of instances) {
      if (instance.server?.child.exitCode === null) {
        try {
          signal(instance, "SIGCONT");
        } catch {
          // Already gone.
        }
      }
    }
    await Promise.all(instances.map((instance) => stopServer(instance.server)));
    await database.drop();
  },
});
