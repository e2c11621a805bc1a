// HTTP runs: log in to the server, check each read answers, then measure the reads between two framework floors.
import { log, PASSWORD, ROUNDS, SECONDS, WARMUP_SECONDS } from "./config";
import { describe, load, mergeMeasurements, readJob, type Measurement } from "./load-job";
import type { ReadScenario } from "./scenarios";
import type { RunningServer } from "./server";

export async function login(server: RunningServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ app_id: "bench", email, password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (res.status !== 200 || !body.data?.token) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}

/** One request of each read scenario, to check it answers 200 with data before measuring it. */
export async function checkReads(server: RunningServer, token: string, reads: ReadScenario[]): Promise<void> {
  for (const scenario of reads) {
    const res = await fetch(`${server.url}${scenario.path}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${scenario.name}: ${res.status} ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { data?: unknown[] } | unknown[];
    const data = Array.isArray(body) ? body : body.data;
    const items = Array.isArray(data) ? (scenario.name === "track-1000" ? (data as { recipients: unknown[] }[]).reduce((n, p) => n + p.recipients.length, 0) : data.length) : 0;
    if (items === 0) throw new Error(`${scenario.name}: no data in ${text.slice(0, 300)}`);
    log(`  ${scenario.name.padEnd(22)} ${scenario.path.length > 70 ? `${scenario.path.slice(0, 67)}...` : scenario.path}  -> ${items} items, ${(text.length / 1024).toFixed(1)} KiB`);
  }
}

export type FloorRun = { rps: number; p50_ms: number; p99_ms: number; rps_before: number; rps_after: number };

/**
 * The read scenarios, between two runs of the framework floor at each concurrency (before and
 * after): the floor compared with is their mean, so a machine that gets busier or quieter
 * during the run does not tilt the comparison.
 */
export async function runReads(
  server: RunningServer,
  token: string,
  reads: ReadScenario[],
  suffix: string,
): Promise<{ byScenario: { scenario: ReadScenario; c: number; m: Measurement }[]; floor: Map<number, FloorRun> }> {
  const concurrencies = [...new Set(reads.flatMap((s) => s.concurrency))].sort((a, b) => a - b);
  const measureFloor = async (when: string) => {
    const runs = new Map<number, Measurement>();
    for (const c of concurrencies) {
      const m = await load(readJob(server.url, null, "/api/health/live", c));
      runs.set(c, m);
      log(`  ${`framework-floor${suffix} (${when})`.padEnd(30)} c=${String(c).padEnd(3)} ${describe(m)}`);
    }
    return runs;
  };
  const before = await measureFloor("before");
  // Each run is split into rounds that go through every scenario in turn, so that a slow
  // stretch of the machine (other work, a GC of the server's heap) falls on all of them alike
  // rather than on whichever ran then: the first and the deep page are compared at c=1.
  const runs = reads.flatMap((scenario) => scenario.concurrency.map((c) => ({ scenario, c, parts: [] as Measurement[] })));
  for (let round = 0; round < ROUNDS; round++) {
    for (const run of runs) {
      const timing = { warmupSeconds: round === 0 ? WARMUP_SECONDS : 1, durationSeconds: SECONDS / ROUNDS };
      // A round of a scenario with many paths starts further along the list, never where the last began.
      const paths = run.scenario.paths && [...run.scenario.paths.slice(round * 300), ...run.scenario.paths.slice(0, round * 300)];
      const job = { ...readJob(server.url, token, run.scenario.path, run.c, paths, timing), keepLatencies: true };
      run.parts.push(await load(job));
    }
  }
  const byScenario = runs.map(({ scenario, c, parts }) => {
    const m = mergeMeasurements(parts);
    log(`  ${`${scenario.name}${suffix}`.padEnd(30)} c=${String(c).padEnd(3)} ${describe(m)}`);
    return { scenario, c, m };
  });
  const after = await measureFloor("after");
  const floor = new Map<number, FloorRun>();
  for (const c of concurrencies) {
    const [b, a] = [before.get(c)!, after.get(c)!];
    floor.set(c, { rps: (b.rps + a.rps) / 2, p50_ms: (b.p50_ms + a.p50_ms) / 2, p99_ms: (b.p99_ms + a.p99_ms) / 2, rps_before: b.rps, rps_after: a.rps });
  }
  return { byScenario, floor };
}
