// webhooks-1000: 1,000 status changes (one fulfilment step over a 1,000-piece order) delivered
// as signed webhooks to a local receiver that fails 10% of first attempts; the bar is every
// event received and verified within 10 s. The job runner and its webhook workers run in this
// process, on the database given, with the retry delays shortened to 1 s
// (WEBHOOK_RETRY_DELAYS) so the failed tenth comes back within the run.
//   npm run bench:webhooks                      (embedded PGlite, in a temporary folder)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:webhooks
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import Module from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { Webhook } from "standardwebhooks";

export const WEBHOOK_EVENTS = 1000;
export const WEBHOOK_BAR_SECONDS = 10;
const FAIL_SHARE = 0.1;

export type WebhooksBenchResult = {
  events: number;
  received: number;
  verified: number;
  firstAttemptFailures: number;
  requests: number;
  seconds: number;
  p50_ms: number;
  p99_ms: number;
};

/** The services are marked server-only (a no-op on the server); outside Next.js the marker must be stubbed. */
function stubServerOnly(): void {
  const resolve = Module.createRequire(__filename).resolve;
  const file = resolve("server-only");
  const stub = new Module(file);
  stub.filename = file;
  stub.loaded = true;
  stub.exports = {};
  (Module as unknown as { _cache: Record<string, Module> })._cache[file] = stub;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs the scenario on a fresh, migrated database opened at `options` (db/client's openDatabase). */
export async function runWebhooksBench(options: { url?: string; pgliteDir?: string }): Promise<WebhooksBenchResult> {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  process.env.WEBHOOK_RETRY_DELAYS = "1,1,1,1,1,1,1";
  process.env.LOG_LEVEL ??= "warn";
  stubServerOnly();
  const { resetConfig } = await import("@/lib/config");
  resetConfig();
  const { openDatabase, execute } = await import("@/db/client");
  const { users } = await import("@/db/schema");
  const { sql } = await import("drizzle-orm");
  const { startJobRunner } = await import("@/lib/jobs/runner");
  const { advanceFulfilment } = await import("@/lib/orders/status-changes");
  const { createEndpoint } = await import("@/lib/webhooks/endpoints");
  const { createCard, createProject } = await import("@/test/fixtures");

  // The receiver: verifies every request, and answers 500 to a tenth of the first attempts.
  let secret = "";
  const seen = new Set<string>();
  const delivered = new Map<string, number>();
  let verified = 0;
  let requests = 0;
  let firstAttemptFailures = 0;
  let started = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests += 1;
      const id = String(req.headers["webhook-id"]);
      const first = !seen.has(id);
      seen.add(id);
      if (first && crypto.createHash("sha256").update(id).digest()[0]! < 256 * FAIL_SHARE) {
        firstAttemptFailures += 1;
        res.statusCode = 500;
        return res.end();
      }
      try {
        new Webhook(secret).verify(Buffer.concat(chunks), req.headers as Record<string, string>);
        if (!delivered.has(id)) {
          verified += 1;
          delivered.set(id, performance.now() - started);
        }
        res.statusCode = 204;
      } catch {
        res.statusCode = 400;
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const handle = await openDatabase(options);
  let runner: Awaited<ReturnType<typeof startJobRunner>> | undefined;
  try {
    const db = handle.db;
    const [user] = await db.insert(users).values({ email: "webhooks-bench@example.com", username: "webhooks-bench", passwordHash: "-" }).returning();
    const card = await createCard(db);
    const project = await createProject(db, user!.id, card.id);
    const ctx = { db, user: { id: user!.id, accountType: 1 } };
    secret = (await createEndpoint(ctx, { url: `http://127.0.0.1:${port}/hooks`, events: ["order.recipient.status_changed"], active: true })).secret;
    // A 1,000-piece order due for production now, written directly: the scenario is its events.
    await execute(
      db,
      sql`
        with o as (insert into orders (user_id, total_cents) values (${user!.id}::int, 0) returning id)
        insert into order_recipients (order_id, user_id, project_id, internal_id, name, price_cents, status, scheduled_delivery_date, updated_at)
        select o.id, ${user!.id}::int, ${project.id}::uuid, 'crm-' || n, 'Recipient ' || n, 0, 'pending', now(), now() - interval '1 hour'
        from o, generate_series(1, ${WEBHOOK_EVENTS}::int) n
      `,
    );
    runner = await startJobRunner({ db, fulfilmentStepSeconds: 0, pollingIntervalSeconds: 0.5 });

    started = performance.now();
    const moved = await advanceFulfilment(db, { stepSeconds: 60 });
    if (moved !== WEBHOOK_EVENTS) throw new Error(`moved ${moved} pieces, not ${WEBHOOK_EVENTS}`);
    const deadline = started + 60_000;
    while (verified < WEBHOOK_EVENTS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const seconds = (performance.now() - started) / 1000;
    const latencies = [...delivered.values()].sort((a, b) => a - b);
    return { events: WEBHOOK_EVENTS, received: delivered.size, verified, firstAttemptFailures, requests, seconds, p50_ms: percentile(latencies, 50), p99_ms: percentile(latencies, 99) };
  } finally {
    await runner?.stop();
    await handle.close();
    server.closeAllConnections();
    server.close();
  }
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  let result: WebhooksBenchResult;
  if (adminUrl) {
    const database = `cardmail_bench_webhooks_${process.pid}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${database}"`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      result = await runWebhooksBench({ url: url.toString() });
    } finally {
      await admin.unsafe(`drop database if exists "${database}" with (force)`);
      await admin.end();
    }
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardmail-bench-webhooks-"));
    try {
      result = await runWebhooksBench({ pgliteDir: path.join(dir, "data") });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(JSON.stringify(result, null, 2));
  const holds = result.verified === result.events && result.seconds <= WEBHOOK_BAR_SECONDS;
  console.log(`webhooks-1000: ${result.verified} of ${result.events} events verified in ${result.seconds.toFixed(2)} s (${result.firstAttemptFailures} first attempts failed, ${result.requests} requests): bar ${holds ? "holds" : "does NOT hold"}`);
  process.exit(holds ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
