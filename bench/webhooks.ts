// webhooks-1000: 1,000 status changes (one fulfilment step over a 1,000-piece order) delivered
// as signed webhooks to a local receiver that fails 10% of first attempts; the bar is every
// event received and verified within 10 s. The failed tenth is retried on the schedule DESIGN.md
// sets (the first retry after 5 s), so it comes back within the run.
// order-created: checkouts one after another, each timed from the call to the receiver's
// verified order.created; the bar is a p50 within 2 s.
// The job runner and its webhook workers run in this process, on the database given.
//   npm run bench:webhooks                      (embedded PGlite, in a temporary folder)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:webhooks
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { Webhook } from "standardwebhooks";
import { stubServerOnly } from "./outside-next";

export const WEBHOOK_EVENTS = 1000;
export const WEBHOOK_BAR_SECONDS = 10;
export const ORDER_CREATED_CHECKOUTS = 20;
export const ORDER_CREATED_BAR_MS = 2000;
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
  /** Checkouts one after another, each timed until its order.created was verified. */
  order_created: { checkouts: number; verified: number; p50_ms: number; max_ms: number };
  load_average_at_start: string;
  load_average_at_end: string;
};

/** Whether both bars hold. */
export function webhookBarsHold(result: WebhooksBenchResult): { delivery: boolean; orderCreated: boolean } {
  return {
    delivery: result.verified === result.events && result.seconds <= WEBHOOK_BAR_SECONDS,
    orderCreated: result.order_created.verified === result.order_created.checkouts && result.order_created.p50_ms <= ORDER_CREATED_BAR_MS,
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(" ");

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs the scenario on a fresh, migrated database opened at `options` (db/client's openDatabase). */
export async function runWebhooksBench(options: { url?: string; pgliteDir?: string }): Promise<WebhooksBenchResult> {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  // The retries come when DESIGN.md says (5 s, ...), not sooner.
  delete process.env.WEBHOOK_RETRY_DELAYS;
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
  const { checkoutProject } = await import("@/lib/orders/service");
  const { createCard, createProject } = await import("@/test/fixtures");

  // The receiver: verifies every request, and answers 500 to a tenth of the first attempts of
  // the status changes (at /hooks); order.created (at /orders) is timed by its order's id.
  let secret = "";
  let ordersSecret = "";
  const ordersReceived = new Map<number, number>();
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
      if (req.url === "/orders") {
        try {
          const event = new Webhook(ordersSecret).verify(Buffer.concat(chunks), req.headers as Record<string, string>) as { data: { order_id: number } };
          if (!ordersReceived.has(event.data.order_id)) ordersReceived.set(event.data.order_id, performance.now());
          res.statusCode = 204;
        } catch {
          res.statusCode = 400;
        }
        return res.end();
      }
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

    const loadAtStart = loadAverage();
    started = performance.now();
    const moved = await advanceFulfilment(db, { stepSeconds: 60 });
    if (moved !== WEBHOOK_EVENTS) throw new Error(`moved ${moved} pieces, not ${WEBHOOK_EVENTS}`);
    const deadline = started + 60_000;
    while (verified < WEBHOOK_EVENTS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const seconds = (performance.now() - started) / 1000;
    const latencies = [...delivered.values()].sort((a, b) => a - b);

    // order.created of single checkouts, each with a project of one recipient, on an idle queue.
    const [buyer] = await db
      .insert(users)
      .values({ email: "webhooks-bench-buyer@example.com", username: "webhooks-bench-buyer", passwordHash: "-", creditCents: 1_000_000 })
      .returning();
    const buyerCtx = { db, user: { id: buyer!.id, accountType: 1 } };
    ordersSecret = (await createEndpoint(buyerCtx, { url: `http://127.0.0.1:${port}/orders`, events: ["order.created"], active: true })).secret;
    const checkoutLatencies: number[] = [];
    for (let i = 0; i < ORDER_CREATED_CHECKOUTS; i++) {
      const buyerProject = await createProject(db, buyer!.id, card.id);
      await execute(
        db,
        sql`
          with c as (
            insert into contacts (user_id, first_name, last_name, address, city, state, zip, country)
            values (${buyer!.id}::int, 'Ada', ${`Lovelace ${i}`}, '12 Analytical Way', 'Albany', 'NY', '12207', 'US') returning id
          )
          insert into project_recipients (project_id, contact_id, user_id) select ${buyerProject.id}::uuid, c.id, ${buyer!.id}::int from c
        `,
      );
      // Checkouts at no fixed phase of the workers' polling.
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 500));
      const checkoutStarted = performance.now();
      const order = await checkoutProject(buyerCtx, buyerProject.id);
      const orderId = order.orderId;
      const orderDeadline = checkoutStarted + 15_000;
      while (!ordersReceived.has(orderId) && performance.now() < orderDeadline) await new Promise((r) => setTimeout(r, 5));
      const receivedAt = ordersReceived.get(orderId);
      if (receivedAt !== undefined) checkoutLatencies.push(receivedAt - checkoutStarted);
    }
    checkoutLatencies.sort((a, b) => a - b);

    return {
      events: WEBHOOK_EVENTS,
      received: delivered.size,
      verified,
      firstAttemptFailures,
      requests,
      seconds,
      p50_ms: percentile(latencies, 50),
      p99_ms: percentile(latencies, 99),
      order_created: {
        checkouts: ORDER_CREATED_CHECKOUTS,
        verified: checkoutLatencies.length,
        p50_ms: checkoutLatencies.length === ORDER_CREATED_CHECKOUTS ? percentile(checkoutLatencies, 50) : Number.POSITIVE_INFINITY,
        max_ms: checkoutLatencies.at(-1) ?? Number.POSITIVE_INFINITY,
      },
      load_average_at_start: loadAtStart,
      load_average_at_end: loadAverage(),
    };
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
  const holds = webhookBarsHold(result);
  console.log(`webhooks-1000: ${result.verified} of ${result.events} events verified in ${result.seconds.toFixed(2)} s (${result.firstAttemptFailures} first attempts failed, ${result.requests} requests): bar ${holds.delivery ? "holds" : "does NOT hold"}`);
  const orders = result.order_created;
  console.log(`order-created: ${orders.verified} of ${orders.checkouts} checkouts' events verified, p50 ${orders.p50_ms.toFixed(0)} ms, max ${orders.max_ms.toFixed(0)} ms after the checkout: bar ${holds.orderCreated ? "holds" : "does NOT hold"}`);
  console.log(`load average ${result.load_average_at_start} at the start, ${result.load_average_at_end} at the end`);
  process.exit(holds.delivery && holds.orderCreated ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
