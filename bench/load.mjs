// Load generator, run as a process of its own so that it never shares an event loop with the
// orchestrator: `node bench/load.mjs <job.json>`. Prints one JSON line with the measurement.
//
// Job: { url, paths?, headers, connections, warmupSeconds?, durationSeconds?, keepLatencies? } for a read: a warm-up,
// then a timed run; or { url, headers, requests: [{ method, path, body? }] } for writes: the
// requests one after the other on one connection, each answered before the next is sent, the
// first `warmupRequests` of them left out of the figures.
import fs from "node:fs";
import autocannon from "autocannon";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));

function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

function run(options) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    let sample;
    const instance = autocannon({ timeout: 30, ...options }, (error, result) => (error ? reject(error) : resolve({ result, latencies, statuses, sample })));
    instance.on("response", (client, statusCode, resBytes, responseTime) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
    instance.on("reqError", (error) => {
      sample ??= String(error?.message ?? error);
    });
  });
}

const base = { url: job.url, headers: { accept: "application/json", ...job.headers } };
let measured;
if (job.requests) {
  measured = await run({
    ...base,
    connections: 1,
    amount: job.requests.length,
    requests: job.requests.map((request) => ({
      method: request.method,
      path: request.path,
      ...(request.body === undefined ? {} : { body: typeof request.body === "string" ? request.body : JSON.stringify(request.body) }),
      headers: { ...base.headers, "content-type": "application/json" },
    })),
  });
} else {
  // `paths`: one path after the other, round the list, instead of the URL's path every time.
  let next = 0;
  const cycle = job.paths ? { requests: [{ setupRequest: (request) => ({ ...request, path: job.paths[next++ % job.paths.length] }) }] } : {};
  if (job.warmupSeconds) await run({ ...base, ...cycle, connections: job.connections, duration: job.warmupSeconds });
  measured = await run({ ...base, ...cycle, connections: job.connections, duration: job.durationSeconds ?? 10 });
}

const { result, statuses, sample } = measured;
// Writes: the first requests warm the server up and are left out of the figures.
const latencies = measured.latencies.slice(job.requests ? (job.warmupRequests ?? 0) : 0);
const ok = latencies.length;
process.stdout.write(
  JSON.stringify({
    requests: ok + (result.non2xx ?? 0),
    ok,
    non2xx: result.non2xx ?? 0,
    errors: result.errors ?? 0,
    timeouts: result.timeouts ?? 0,
    statuses,
    error_sample: sample ?? null,
    duration_s: result.duration,
    // Sequential writes: requests per second of the measured ones, one after the other.
    rps: job.requests ? (ok ? (1000 * ok) / latencies.reduce((sum, ms) => sum + ms, 0) : 0) : ok / result.duration,
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    max_ms: latencies.length ? Math.max(...latencies) : null,
    latencies_ms: job.requests || job.keepLatencies ? latencies : undefined,
    bytes_per_response: ok ? Math.round(result.throughput.total / Math.max(1, result.requests.total)) : null,
  }) + "\n",
);
