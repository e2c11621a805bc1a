import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

type Metrics = {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method" | "status">;
  httpInFlight: Gauge;
  jobRuns: Counter<"job" | "outcome">;
  databasePoolMax: Gauge<"driver">;
};

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: "cardmail_http_requests_total",
      help: "API requests answered, by route template, method and status.",
      labelNames: ["route", "method", "status"],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "cardmail_http_request_duration_seconds",
      help: "Time from the request reaching the route handler to its answer, by route template, method and status.",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    httpInFlight: new Gauge({ name: "cardmail_http_requests_in_flight", help: "API requests being answered now.", registers: [registry] }),
    jobRuns: new Counter({
      name: "cardmail_job_runs_total",
      help: "Background job runs, by job name and outcome (ok or failed).",
      labelNames: ["job", "outcome"],
      registers: [registry],
    }),
    databasePoolMax: new Gauge({
      name: "cardmail_db_pool_max_connections",
      help: "Database connections this instance may open (DB_POOL_MAX; 1 for the embedded database).",
      labelNames: ["driver"],
      registers: [registry],
    }),
  };
}

// One registry per process: Next.js may load this module in several bundles, and a second
// registry would count half the requests (and collectDefaultMetrics twice would throw).
const holder = ((globalThis as Record<symbol, { metrics?: Metrics }>)[Symbol.for("cardmail.metrics")] ??= {});

export function metrics(): Metrics {
  return (holder.metrics ??= createMetrics());
}

/** Counts one answered API request; `route` is the route's template, never the raw path. */
export function recordHttpRequest(route: string, method: string, status: number, seconds: number): void {
  const labels = { route, method, status: String(status) };
  metrics().httpRequests.inc(labels);
  metrics().httpDuration.observe(labels, seconds);
}

/** Counts one run of a background job: call it from the job when a run ends. */
export function recordJobRun(job: string, outcome: "ok" | "failed"): void {
  metrics().jobRuns.inc({ job, outcome });
}

/** The database's connection limit, set once the database is open. */
export function recordDatabasePool(driver: string, maxConnections: number): void {
  metrics().databasePoolMax.set({ driver }, maxConnections);
}

/** The registry in Prometheus' text format, and its content type. */
export async function metricsText(): Promise<{ text: string; contentType: string }> {
  const { registry } = metrics();
  return { text: await registry.metrics(), contentType: registry.contentType };
}
