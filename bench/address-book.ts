// `npm run bench:export`: the address book's CSV export of 100,000 contacts through the
// production server on PostgreSQL, timed, with the server's memory watched while it streams.
// Bars: under 5 s, and the server's resident memory at most 50 MB above what it was before.
// Needs DATABASE_URL (an account that may create databases); works in a database of its own,
// dropped at the end. Builds into .next-bench like `npm run bench` when the sources changed.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:export
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { AUTH_SECRET, CONTACTS, heading, log, PASSWORD, round, tmpDir } from "./config";
import { login } from "./http-runs";
import { ensureBuild, startServer } from "./server";

const PORT = 3313;
const BARS = { seconds: 5, growthMb: 50 };

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The book straight into the tables (the triggers write each contact's JSON and search text): one in five with children, one in ten with a pet. */
async function seedBook(sql: postgres.Sql, userId: number, count: number): Promise<void> {
  await sql`
    insert into contacts (user_id, internal_id, first_name, last_name, company, email, phone, address, apt, city, state, zip, country,
      spouse_first_name, birth_month, birth_day, birth_year, anniversary_month, anniversary_day, notes)
    select ${userId}, 'crm-' || n, 'First' || n, 'Last' || (n % 997), case when n % 5 = 0 then 'Company ' || n end,
      'person' || n || '@example.com', '(' || (200 + n % 700) || ') 555-' || lpad((n % 10000)::text, 4, '0'),
      (100 + n % 9000) || ' Main Street', case when n % 3 = 0 then 'Apt ' || (n % 40) end, 'Springfield', 'IL',
      lpad((60000 + n % 999)::text, 5, '0'), 'US', case when n % 5 < 2 then 'Spouse' || n end,
      1 + n % 12, 1 + n % 28, 1940 + n % 60, case when n % 5 < 2 then 1 + n % 12 end, case when n % 5 < 2 then 1 + n % 28 end,
      case when n % 10 = 0 then 'Likes tea, not coffee; met at the ' || n || 'th conference.' end
    from generate_series(1, ${count}) n`;
  await sql`
    insert into contact_children (contact_id, user_id, position, first_name, birth_month, birth_day, birth_year)
    select c.id, c.user_id, k, 'Child' || k, 1 + k, 10 + k, 2010 + k
    from contacts c cross join generate_series(0, 1) k where c.user_id = ${userId} and (c.internal_id like '%0' or (c.internal_id like '%4' and k = 0))`;
  await sql`
    insert into contact_pets (contact_id, user_id, position, name, secondary_type, birth_month, birth_day)
    select c.id, c.user_id, 0, 'Rex', 'dog', 5, 1 from contacts c where c.user_id = ${userId} and c.internal_id like '%7'`;
  await sql`vacuum analyze`;
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error("Set DATABASE_URL to a PostgreSQL server, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres");
    process.exit(1);
  }
  fs.mkdirSync(tmpDir, { recursive: true });
  heading("Build");
  log(`next build: ${ensureBuild(path.join(tmpDir, "export-build.log"))}`);

  const database = `cardmail_bench_export_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${database}"`);
  const url = withDatabase(adminUrl, database);
  let failed = false;
  try {
    const { openDatabase } = await import("@/db/client");
    const { hashPassword } = await import("@/lib/auth/password");
    // Migrates the new database.
    const handle = await openDatabase({ url });
    await handle.close();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const email = "bench-export@example.com";
    try {
      const passwordHash = await hashPassword(PASSWORD);
      const [user] = await sql<{ id: number }[]>`insert into users (email, username, password_hash, account_type) values (${email}, 'bench-export', ${passwordHash}, 2) returning id`;
      heading(`Book: ${CONTACTS.toLocaleString("en-US")} contacts`);
      const seedStart = performance.now();
      await seedBook(sql, user!.id, CONTACTS);
      log(`seeded in ${round((performance.now() - seedStart) / 1000)} s`);
    } finally {
      await sql.end();
    }

    const server = await startServer({
      port: PORT,
      logFile: path.join(tmpDir, "export-server.log"),
      env: { DATABASE_URL: url, CARDMAIL_SEED: "none", AUTH_SECRET, PGLITE_DATA_DIR: undefined, API_RATE_LIMIT: "0", APP_URL: `http://127.0.0.1:${PORT}` },
    });
    try {
      const token = await login(server, email);
      const headers = { authorization: `Bearer ${token}` };
      // The route's code loaded and warm, as on a server that has served requests.
      const warm = await fetch(`${server.url}/api/v1/contacts/export?format=vcf`, { headers });
      await warm.arrayBuffer();

      heading("GET /api/v1/contacts/export (CSV)");
      const baseline = server.rss.restart();
      const sampler = setInterval(() => server.rss.sample(), 50);
      const start = performance.now();
      const res = await fetch(`${server.url}/api/v1/contacts/export?format=csv`, { headers });
      if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      }
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      server.rss.sample();
      const growth = server.rss.maxMb - baseline;
      const rows = lines - 1;
      log(`${rows.toLocaleString("en-US")} rows, ${round(bytes / 1024 / 1024)} MB in ${round(seconds, 2)} s`);
      log(`server RSS ${round(baseline)} MB before, at most ${round(server.rss.maxMb)} MB during: +${round(growth)} MB`);
      heading("Bars");
      const checks = [
        { bar: `all ${CONTACTS.toLocaleString("en-US")} rows`, holds: rows === CONTACTS, numbers: `${rows}` },
        { bar: `under ${BARS.seconds} s`, holds: seconds < BARS.seconds, numbers: `${round(seconds, 2)} s` },
        { bar: `server memory growth under ${BARS.growthMb} MB`, holds: growth < BARS.growthMb, numbers: `+${round(growth)} MB` },
      ];
      for (const check of checks) log(`${check.holds ? "holds " : "BROKEN"}  ${check.bar}: ${check.numbers}`);
      failed = checks.some((check) => !check.holds);
    } finally {
      await server.stop();
    }
  } finally {
    await admin.unsafe(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
