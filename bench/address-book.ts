// `npm run bench:address-book`: the address book in and out at scale, through the production
// server on PostgreSQL: the CSV export of 100,000 contacts (timed, with the server's memory
// watched while it streams), the duplicate groups of those 100,000, and the import of a
// 10,000-row CSV (new contacts, then an edited export). Bars: export under 5 s with the server's
// resident memory at most 50 MB above what it was before; duplicates under 1 s; each import
// under 5 s. Needs DATABASE_URL (an account that may create databases); works in a database of
// its own, dropped at the end. Builds into .next-bench like `npm run bench` when the sources
// changed (BENCH_BUILD=skip uses it as it is). See bench/README.md.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:address-book
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Papa from "papaparse";
import postgres from "postgres";
import { AUTH_SECRET, CONTACTS, heading, log, PASSWORD, round, tmpDir } from "./config";
import { describeFeed, FEED_REPEATS, feedBars, measureFeed } from "./feed";
import { login } from "./http-runs";
import { ensureBuild, startServer } from "./server";
import { withDatabase } from "./outside-next";

const PORT = Number(process.env.BENCH_PORT || 3313);
const IMPORT_ROWS = 10_000;
const DUPLICATES_REQUESTS = 5;
const BARS = { exportSeconds: 5, exportGrowthMb: 50, duplicatesSeconds: 1, importSeconds: 5 };

/**
 * The book straight into the tables (the triggers write each contact's JSON and search text):
 * one in five with children, one in ten with a pet, and the duplicates a few imports leave
 * behind: one contact in 100 repeats another's email (in other case), one in 100 another's phone
 * (in another format), one in 200 another's name and street address (2,500 groups of two in
 * 100,000). Every other email, phone and name is the contact's own.
 */
async function seedBook(sql: postgres.Sql, userId: number, count: number): Promise<void> {
  await sql`
    insert into contacts (user_id, internal_id, first_name, last_name, company, email, phone, address, apt, city, state, zip, country,
      spouse_first_name, birth_month, birth_day, birth_year, anniversary_month, anniversary_day, notes)
    select ${userId}, 'crm-' || n, 'First' || m.name_of, 'Last' || (m.name_of % 997), case when n % 5 = 0 then 'Company ' || n end,
      case when n % 100 = 51 then 'Person' || (n - 1) || '@Example.COM' else 'person' || n || '@example.com' end,
      case when n % 100 = 52 then (200 + (n - 2) % 700) || '.555.' || lpad(((n - 2) / 700)::text, 4, '0')
        else '(' || (200 + n % 700) || ') 555-' || lpad((n / 700)::text, 4, '0') end,
      (100 + m.name_of % 9000) || ' Main Street', case when n % 3 = 0 then 'Apt ' || (n % 40) end, 'Springfield', 'IL',
      lpad((60000 + n % 999)::text, 5, '0'), 'US', case when n % 5 < 2 then 'Spouse' || n end,
      1 + n % 12, 1 + n % 28, 1940 + n % 60, case when n % 5 < 2 then 1 + n % 12 end, case when n % 5 < 2 then 1 + n % 28 end,
      case when n % 10 = 0 then 'Likes tea, not coffee; met at the ' || n || 'th conference.' end
    from generate_series(1, ${count}) n
    cross join lateral (select case when n % 200 = 3 then n - 1 else n end as name_of) m`;
  await sql`
    insert into contact_children (contact_id, user_id, position, first_name, birth_month, birth_day, birth_year)
    select c.id, c.user_id, k, 'Child' || k, 1 + k, 10 + k, 2010 + k
    from contacts c cross join generate_series(0, 1) k where c.user_id = ${userId} and (c.internal_id like '%0' or (c.internal_id like '%4' and k = 0))`;
  await sql`
    insert into contact_pets (contact_id, user_id, position, name, secondary_type, birth_month, birth_day)
    select c.id, c.user_id, 0, 'Rex', 'dog', 5, 1 from contacts c where c.user_id = ${userId} and c.internal_id like '%7'`;
  await sql`vacuum analyze`;
}

type Check = { bar: string; holds: boolean; numbers: string };

/** The duplicate groups seedBook makes in a book of `count`. */
function seededGroups(count: number): number {
  const every = (step: number, remainder: number) => (count >= remainder ? Math.floor((count - remainder) / step) + 1 : 0);
  return every(100, 51) + every(100, 52) + every(200, 3);
}

/** The two import files, cut from the export: 10,000 rows as new contacts, and 10,000 rows of it with one city in ten changed. */
function importFiles(exported: string): { fresh: string; edited: string } {
  const parsed = Papa.parse<string[]>(exported.replace(/^\uFEFF/, ""), { skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  if (!header || rows.length < 2 * IMPORT_ROWS) throw new Error(`the export has ${rows.length} rows; the imports need ${2 * IMPORT_ROWS}`);
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`the export has no ${name} column`);
    return index;
  };
  const [uuid, internalId, email, phone, city] = ["uuid", "internal_id", "email", "phone", "city"].map(column) as [number, number, number, number, number];
  const unparse = (list: string[][]) => Papa.unparse([header, ...list], { newline: "\r\n" });
  // Other people: no uuid, an internal id, email and phone of their own.
  const fresh = rows.slice(IMPORT_ROWS, 2 * IMPORT_ROWS).map((row, i) => {
    const copy = [...row];
    copy[uuid] = "";
    copy[internalId] = `imp-${i + 1}`;
    copy[email] = `imported${i + 1}@example.org`;
    copy[phone] = `(999) ${String(100 + Math.floor(i / 100)).padStart(3, "0")}-${String(i % 10_000).padStart(4, "0")}`;
    return copy;
  });
  const edited = rows.slice(0, IMPORT_ROWS).map((row, i) => {
    const copy = [...row];
    if (i % 10 === 0) copy[city] = "Shelbyville";
    return copy;
  });
  return { fresh: unparse(fresh), edited: unparse(edited) };
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error("Set DATABASE_URL to a PostgreSQL server, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres");
    process.exit(1);
  }
  fs.mkdirSync(tmpDir, { recursive: true });
  const loadAverage = () => os.loadavg().map((v) => v.toFixed(2)).join(" ");
  log(`Cardmail address book benchmark · ${os.cpus().length} cores · Node ${process.version} · load average ${loadAverage()}`);
  heading("Build");
  log(`next build: ${process.env.BENCH_BUILD === "skip" ? "skipped (BENCH_BUILD=skip)" : ensureBuild(path.join(tmpDir, "address-book-build.log"))}`);

  const database = `cardmail_bench_address_book_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${database}"`);
  const url = withDatabase(adminUrl, database);
  const checks: Check[] = [];
  try {
    const { openDatabase } = await import("@/db/client");
    const { hashPassword } = await import("@/lib/auth/password");
    // Migrates the new database.
    const handle = await openDatabase({ url });
    await handle.close();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const email = "bench-address-book@example.com";
    try {
      const passwordHash = await hashPassword(PASSWORD);
      const [user] = await sql<{ id: number }[]>`insert into users (email, username, password_hash, account_type) values (${email}, 'bench-address-book', ${passwordHash}, 2) returning id`;
      heading(`Book: ${CONTACTS.toLocaleString("en-US")} contacts`);
      const seedStart = performance.now();
      await seedBook(sql, user!.id, CONTACTS);
      log(`seeded in ${round((performance.now() - seedStart) / 1000)} s`);
    } finally {
      await sql.end();
    }

    const server = await startServer({
      port: PORT,
      logFile: path.join(tmpDir, "address-book-server.log"),
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
      const chunks: Buffer[] = [];
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        chunks.push(Buffer.from(chunk));
        for (const byte of chunk) if (byte === 10) lines += 1;
      }
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      server.rss.sample();
      const growth = server.rss.maxMb - baseline;
      const rows = lines - 1;
      log(`${rows.toLocaleString("en-US")} rows, ${round(bytes / 1024 / 1024)} MB in ${round(seconds, 2)} s · load average ${loadAverage()}`);
      log(`server RSS ${round(baseline)} MB before, at most ${round(server.rss.maxMb)} MB during: +${round(growth)} MB`);
      checks.push(
        { bar: `export: all ${CONTACTS.toLocaleString("en-US")} rows`, holds: rows === CONTACTS, numbers: `${rows}` },
        { bar: `export: under ${BARS.exportSeconds} s`, holds: seconds < BARS.exportSeconds, numbers: `${round(seconds, 2)} s` },
        { bar: `export: server memory growth under ${BARS.exportGrowthMb} MB`, holds: growth < BARS.exportGrowthMb, numbers: `+${round(growth)} MB` },
      );

      heading(`GET /api/v1/calendar-feeds/{feed} (once timed, then ${FEED_REPEATS} in a row)`);
      const feed = await measureFeed(server, headers);
      log(describeFeed(feed));
      checks.push(...feedBars(feed, CONTACTS));

      heading(`GET /api/v1/contacts/duplicates (${DUPLICATES_REQUESTS} requests after one to warm)`);
      const times: number[] = [];
      let groups = 0;
      let members = 0;
      for (let i = 0; i <= DUPLICATES_REQUESTS; i++) {
        const at = performance.now();
        const dup = await fetch(`${server.url}/api/v1/contacts/duplicates`, { headers });
        const body = (await dup.json()) as { data?: { contacts: unknown[] }[] };
        if (dup.status !== 200 || !body.data) throw new Error(`duplicates answered ${dup.status}`);
        if (i > 0) times.push(performance.now() - at);
        groups = body.data.length;
        members = body.data.reduce((n, group) => n + group.contacts.length, 0);
      }
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(times.length / 2)]!;
      const max = times.at(-1)!;
      log(`${groups.toLocaleString("en-US")} groups of ${members.toLocaleString("en-US")} contacts; p50 ${round(p50)} ms, max ${round(max)} ms · load average ${loadAverage()}`);
      checks.push(
        { bar: "duplicates: the groups seeded", holds: groups === seededGroups(CONTACTS), numbers: `${groups} of ${seededGroups(CONTACTS)}` },
        { bar: `duplicates: under ${BARS.duplicatesSeconds} s (slowest of ${DUPLICATES_REQUESTS})`, holds: max < BARS.duplicatesSeconds * 1000, numbers: `p50 ${round(p50)} ms, max ${round(max)} ms` },
      );

      const files = importFiles(Buffer.concat(chunks).toString("utf8"));
      const postImport = async (name: string, csv: string, dryRun: boolean, expected: { created: number; updated: number; unchanged: number }) => {
        const at = performance.now();
        const imported = await fetch(`${server.url}/api/v1/contacts/import${dryRun ? "?dry_run=true" : ""}`, {
          method: "POST",
          headers: { ...headers, "content-type": "text/csv" },
          body: csv,
        });
        const text = await imported.text();
        const took = (performance.now() - at) / 1000;
        if (imported.status !== 200) throw new Error(`${name} answered ${imported.status}: ${text.slice(0, 500)}`);
        // The counts only: the answer also lists the skipped rows and, in a dry run, every row's action.
        const { created, updated, unchanged, skipped } = (JSON.parse(text) as { data: typeof expected & { skipped: unknown[] } }).data;
        const counts = { created, updated, unchanged };
        if (skipped.length > 0) throw new Error(`${name} skipped ${skipped.length} rows: ${JSON.stringify(skipped.slice(0, 3))}`);
        const label = `${name}${dryRun ? " (dry run)" : ""}`;
        log(`${label.padEnd(34)} ${round(Buffer.byteLength(csv) / 1024 / 1024, 2)} MB · ${JSON.stringify(counts)} in ${round(took, 2)} s · load average ${loadAverage()}`);
        checks.push(
          { bar: `${label}: the counts`, holds: JSON.stringify(counts) === JSON.stringify(expected), numbers: JSON.stringify(counts) },
          { bar: `${label}: under ${BARS.importSeconds} s`, holds: took < BARS.importSeconds, numbers: `${round(took, 2)} s` },
        );
      };
      heading(`POST /api/v1/contacts/import: ${IMPORT_ROWS.toLocaleString("en-US")}-row CSV files`);
      await postImport("import of new contacts", files.fresh, true, { created: IMPORT_ROWS, updated: 0, unchanged: 0 });
      await postImport("import of new contacts", files.fresh, false, { created: IMPORT_ROWS, updated: 0, unchanged: 0 });
      await postImport("import of an edited export", files.edited, true, { created: 0, updated: IMPORT_ROWS / 10, unchanged: IMPORT_ROWS - IMPORT_ROWS / 10 });
      await postImport("import of an edited export", files.edited, false, { created: 0, updated: IMPORT_ROWS / 10, unchanged: IMPORT_ROWS - IMPORT_ROWS / 10 });
    } finally {
      await server.stop();
    }
  } finally {
    await admin.unsafe(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
  heading("Bars");
  for (const check of checks) log(`${check.holds ? "holds " : "BROKEN"}  ${check.bar}: ${check.numbers}`);
  if (checks.some((check) => !check.holds)) process.exit(1);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
