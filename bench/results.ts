// Report: the results as latest.json and latest.md, with the bars the figures are held to.
import type { ColdReads, PassMeasurement } from "./automations";
import type { Prepared } from "./book";
import { describeFeed, type FeedMeasurement } from "./feed";
import { round, ROUNDS, SECONDS, WARMUP_SECONDS } from "./config";
import type { DbFloor } from "./floors";
import type { FloorRun } from "./http-runs";
import type { Measurement } from "./load-job";
import { ORDER_CREATED_BAR_MS, WEBHOOK_BAR_SECONDS, webhookBarsHold, type WebhooksBenchResult } from "./webhooks";

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
  /** The scheduler pass: each measured day's pieces sent and orders placed. */
  passes?: { day: string; ms: number; orders: number; pieces: number; left_out: number }[];
};

export type Bar = { bar: string; holds: boolean; numbers: string };

export const RSS_BAR_MB = 350;

export function bars(scenarios: ScenarioResult[], rssMaxMb: number, webhooks?: WebhooksBenchResult, feed?: Bar[]): Bar[] {
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
  const duplicates = find("contacts-duplicates", 1);
  if (duplicates) out.push({ bar: "contacts-duplicates of the whole book < 1 s (p99, c=1)", holds: duplicates.p99_ms < 1000, numbers: `p50 ${duplicates.p50_ms.toFixed(0)} ms, p99 ${duplicates.p99_ms.toFixed(0)} ms` });
  for (const name of ["add-recipients-1000", "checkout-1000"]) {
    const s = find(name, 1);
    if (s) out.push({ bar: `${name} < 1 s per request (p99 of ${s.requests})`, holds: s.p99_ms < 1000, numbers: `p50 ${s.p50_ms.toFixed(0)} ms, max ${s.p99_ms.toFixed(0)} ms` });
  }
  const adds = find("add-recipients-1000", 1);
  if (adds) out.push({ bar: "add-recipients-1000 p50 < 300 ms", holds: adds.p50_ms < 300, numbers: `p50 ${adds.p50_ms.toFixed(0)} ms` });
  const pass = find("automations-pass", 1);
  if (pass) {
    const pieces = pass.passes?.map((p) => p.pieces) ?? [];
    out.push({
      bar: "automations-pass < 2 s (p50 of the day passes; 50 automations, 100,000 contacts)",
      holds: pass.p50_ms < 2000,
      numbers: `p50 ${pass.p50_ms.toFixed(0)} ms, max ${pass.p99_ms.toFixed(0)} ms, ${Math.min(...pieces)} to ${Math.max(...pieces)} pieces a pass`,
    });
  }
  const upcoming = find("automation-upcoming-366", 1);
  if (upcoming) out.push({ bar: "automation-upcoming-366 p50 < 300 ms (c=1)", holds: upcoming.p50_ms < 300, numbers: `${upcoming.p50_ms.toFixed(2)} ms` });
  const cold = find("automation-upcoming-366-cold", 1);
  if (cold) out.push({ bar: "automation-upcoming-366-cold p50 < 300 ms (the book just changed: its households by day counted anew)", holds: cold.p50_ms < 300, numbers: `p50 ${cold.p50_ms.toFixed(0)} ms, max ${cold.p99_ms.toFixed(0)} ms` });
  if (webhooks) {
    out.push({
      bar: `webhooks-1000: every one of ${webhooks.events} status changes delivered and verified within ${WEBHOOK_BAR_SECONDS} s, 10% of first attempts failing`,
      holds: webhookBarsHold(webhooks).delivery,
      numbers: `${webhooks.verified} of ${webhooks.events} in ${webhooks.seconds.toFixed(2)} s (${webhooks.firstAttemptFailures} retried, ${webhooks.requests} requests)`,
    });
    const orders = webhooks.order_created;
    out.push({
      bar: `order-created: a checkout's order.created verified at a local receiver within ${ORDER_CREATED_BAR_MS / 1000} s (p50 of ${orders.checkouts})`,
      holds: webhookBarsHold(webhooks).orderCreated,
      numbers: `${orders.verified} of ${orders.checkouts}, p50 ${orders.p50_ms.toFixed(0)} ms, max ${orders.max_ms.toFixed(0)} ms`,
    });
  }
  if (feed) out.push(...feed);
  out.push({ bar: `rss_max_mb < ${RSS_BAR_MB} (the PostgreSQL server over its whole run, the feed included)`, holds: rssMaxMb < RSS_BAR_MB, numbers: `${rssMaxMb.toFixed(0)} MB` });
  return out;
}

export function markdown(result: ReportJson, barList: Bar[]): string {
  const lines: string[] = [];
  lines.push(`# Benchmark results`, "");
  lines.push(`${result.run.started_at} · ${result.run.machine} · Node ${result.run.node} · ${result.run.postgres}`);
  lines.push(`${result.run.contacts.toLocaleString("en-US")} contacts (PostgreSQL), ${result.run.pglite_contacts?.toLocaleString("en-US") ?? "no"} contacts (PGlite) · ${SECONDS} s per read run, in ${ROUNDS} rounds, after a ${WARMUP_SECONDS} s warm-up · load average at start ${result.run.load_average_at_start}`, "");
  lines.push("| scenario | c | req/s | p50 ms | p99 ms | framework floor req/s | db floor p50 ms |", "|---|---:|---:|---:|---:|---:|---:|");
  for (const s of [...result.scenarios, ...result.pglite]) {
    const or = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : "-");
    lines.push(`| ${s.name} | ${s.concurrency} | ${s.rps.toFixed(0)} | ${s.p50_ms.toFixed(2)} | ${s.p99_ms.toFixed(2)} | ${or(s.framework_floor_rps, 0)} | ${or(s.db_floor_ms, 2)} |`);
  }
  lines.push("", "Context: a bare node:http server answering the contacts first page through postgres.js (same SQL, no framework):", "");
  lines.push("| c | req/s | p50 ms | p99 ms |", "|---:|---:|---:|---:|");
  for (const b of result.floors.bare_node_contacts_first_page) lines.push(`| ${b.concurrency} | ${b.rps.toFixed(0)} | ${b.p50_ms.toFixed(2)} | ${b.p99_ms.toFixed(2)} |`);
  if (result.feed) lines.push("", `Calendar feed (PostgreSQL): ${describeFeed(result.feed)}.`);
  lines.push("", `Max RSS of the server (server.mjs and its children): ${result.rss_max_mb.toFixed(0)} MB on PostgreSQL${result.rss_max_mb_pglite != null ? `, ${result.rss_max_mb_pglite.toFixed(0)} MB on PGlite` : ""}.`);
  lines.push("", "| bar | holds | numbers |", "|---|---|---|");
  for (const b of barList) lines.push(`| ${b.bar} | ${b.holds ? "yes" : "**no**"} | ${b.numbers} |`);
  const planned = result.plans.filter((p) => p.holds);
  lines.push("", `Query plans: ${planned.length} of ${result.plans.length} reads on ${[...new Set(result.plans.map((p) => p.server))].join(" and ")} walk their indexes, no sequential scan of contacts (latest-plans.txt).`);
  return `${lines.join("\n")}\n`;
}

export type ReportJson = {
  scenarios: ScenarioResult[];
  rss_max_mb: number;
  pglite: ScenarioResult[];
  rss_max_mb_pglite: number | null;
  /** webhooks-1000 (bench/webhooks.ts). */
  webhooks: WebhooksBenchResult | null;
  /** The calendar feed of the PostgreSQL book (bench/feed.ts). */
  feed: FeedMeasurement | null;
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

export function floorJson(f: FloorRun): FloorRun {
  return { rps: round(f.rps), p50_ms: round(f.p50_ms, 2), p99_ms: round(f.p99_ms, 2), rps_before: round(f.rps_before), rps_after: round(f.rps_after) };
}

/** The scheduler pass as a scenario: p50 and max (as p99) of the day passes, in-process, no HTTP and no floors. */
export function passResult(name: string, m: PassMeasurement): ScenarioResult {
  return {
    name,
    concurrency: 1,
    rps: round(1000 / m.p50_ms, 2),
    p50_ms: m.p50_ms,
    p99_ms: m.max_ms,
    framework_floor_rps: NaN,
    db_floor_ms: NaN,
    requests: m.passes.length,
    bytes_per_response: null,
    passes: m.passes.map((p) => ({ day: p.day, ms: round(p.ms, 1), orders: p.orders, pieces: p.pieces, left_out: p.leftOut })),
  };
}

/** Reads timed in-process with a cache emptied before each: p50 and max (as p99), no HTTP and no floors. */
export function coldResult(name: string, m: ColdReads): ScenarioResult {
  return { name, concurrency: 1, rps: round(1000 / m.p50_ms, 2), p50_ms: m.p50_ms, p99_ms: m.max_ms, framework_floor_rps: NaN, db_floor_ms: NaN, requests: m.runs.length, bytes_per_response: null };
}

export function scenarioResult(name: string, c: number, m: Measurement, floorRps: number, dbFloor: DbFloor | undefined): ScenarioResult {
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
