// Load generation: a child process per run (bench/load.mjs), never this process's event loop.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { benchDir, SECONDS, tmpDir, WARMUP_SECONDS } from "./config";
import { percentile } from "./sql-capture";

export type Measurement = {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  error_sample: string | null;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  latencies_ms?: number[];
  bytes_per_response: number | null;
};

export type LoadJob =
  | { url: string; paths?: string[]; headers: Record<string, string>; connections: number; warmupSeconds: number; durationSeconds: number; keepLatencies?: boolean }
  | { url: string; headers: Record<string, string>; requests: { method: string; path: string; body?: string }[]; warmupRequests: number };

let jobNumber = 0;

export async function load(job: LoadJob): Promise<Measurement> {
  const file = path.join(tmpDir, `load-job-${process.pid}-${++jobNumber}.json`);
  fs.writeFileSync(file, JSON.stringify(job));
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(benchDir, "load.mjs"), file], { stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`load generator exited with ${code}`))));
    });
    const measurement = JSON.parse(output.trim().split("\n").pop()!) as Measurement;
    if (measurement.non2xx > 0 || measurement.errors > 0) {
      throw new Error(`non-2xx or failed requests: ${JSON.stringify(measurement.statuses)} errors=${measurement.errors} ${measurement.error_sample ?? ""}`);
    }
    return measurement;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** One measurement of several rounds of the same run: counts added, percentiles over all latencies. */
export function mergeMeasurements(parts: Measurement[]): Measurement {
  const latencies = parts.flatMap((m) => m.latencies_ms ?? []);
  const seconds = parts.reduce((sum, m) => sum + m.ok / Math.max(m.rps, 1e-9), 0);
  const ok = parts.reduce((sum, m) => sum + m.ok, 0);
  const sum = (key: "requests" | "non2xx" | "errors" | "timeouts") => parts.reduce((total, m) => total + m[key], 0);
  const bytes = parts.map((m) => m.bytes_per_response).filter((b): b is number => b !== null);
  return {
    requests: sum("requests"),
    ok,
    non2xx: sum("non2xx"),
    errors: sum("errors"),
    timeouts: sum("timeouts"),
    statuses: parts.reduce<Record<string, number>>((all, m) => {
      for (const [status, n] of Object.entries(m.statuses)) all[status] = (all[status] ?? 0) + n;
      return all;
    }, {}),
    error_sample: parts.find((m) => m.error_sample)?.error_sample ?? null,
    rps: seconds > 0 ? ok / seconds : 0,
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    max_ms: latencies.length ? Math.max(...latencies) : 0,
    bytes_per_response: bytes.length ? Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length) : null,
  };
}

export function readJob(baseUrl: string, token: string | null, pathAndQuery: string, connections: number, paths?: string[], timing = { warmupSeconds: WARMUP_SECONDS, durationSeconds: SECONDS }): LoadJob {
  return {
    url: `${baseUrl}${pathAndQuery}`,
    ...(paths ? { paths } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    connections,
    ...timing,
  };
}

export function describe(m: Measurement): string {
  return `${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50_ms.toFixed(1).padStart(6)} ms  p99 ${m.p99_ms.toFixed(1).padStart(6)} ms  (${m.ok} requests)`;
}
