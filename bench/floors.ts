// Floors: each scenario's statements through postgres.js alone (and on the PGlite client), and a bare node:http server.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { benchDir, log, PORTS, tmpDir } from "./config";
import { load, readJob, type Measurement } from "./load-job";
import { recordingDatabase } from "./plans";
import type { ReadScenario, WriteScenario } from "./scenarios";
import { configuredAsDrizzle, explainAll, measureFloor, percentile, recorder, sequenceState, type Statement } from "./sql-capture";

export type DbFloor = { p50_ms: number; p99_ms: number; statements: number };

/** Records each scenario's statements, replays them through postgres.js alone, and EXPLAINs them. */
export async function postgresFloors(
  url: string,
  token: string,
  reads: ReadScenario[],
  writes: WriteScenario[],
): Promise<{ floors: Map<string, DbFloor>; statements: Map<string, Statement[]>; explain: string }> {
  const recordingClient = postgres(url, { max: 1, onnotice: () => {} });
  const replayClient = configuredAsDrizzle(postgres(url, { max: 1, onnotice: () => {} }));
  const rec = recorder(recordingClient);
  const floors = new Map<string, DbFloor>();
  const statements = new Map<string, Statement[]>();
  const explain: string[] = [];
  try {
    const all = [...reads.map((s) => ({ name: s.name, run: s.service, write: false })), ...writes.map((s) => ({ name: s.name, run: s.floor, write: true }))];
    for (const scenario of all) {
      const sequences = scenario.write ? await sequenceState(replayClient) : undefined;
      // A read is recorded the second time it runs: what it sends once warm (the month of
      // events-month comes from the cache by then, as it does for the HTTP requests).
      if (!scenario.write) await rec.record((db) => scenario.run(db, token));
      const recorded = await rec.record((db) => scenario.run(db, token), { rollback: scenario.write });
      statements.set(scenario.name, recorded);
      const timing = await measureFloor(replayClient, recorded, { write: scenario.write, runs: scenario.write ? 10 : 200, warmup: scenario.write ? 2 : 20, sequences });
      floors.set(scenario.name, { p50_ms: timing.p50_ms, p99_ms: timing.p99_ms, statements: recorded.length });
      log(`  ${scenario.name.padEnd(22)} ${String(recorded.length).padStart(2)} statements  p50 ${timing.p50_ms.toFixed(2)} ms  p99 ${timing.p99_ms.toFixed(2)} ms`);
      explain.push(`-- ${scenario.name}: ${recorded.length} statements${scenario.write ? " (in one transaction, rolled back)" : ""}\n${await explainAll(replayClient, recorded, sequences)}`);
    }
  } finally {
    await recordingClient.end({ timeout: 5 });
    await replayClient.end({ timeout: 5 });
  }
  return { floors, statements, explain: explain.join("\n\n") };
}

/** The PGlite counterpart: the statements recorded through drizzle's logger, replayed on the PGlite client in-process. */
export async function pgliteFloors(handle: import("@/db/client").DbHandle, token: string, reads: ReadScenario[]): Promise<Map<string, DbFloor>> {
  const client = (handle.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
  const { db, take } = await recordingDatabase(handle);
  const floors = new Map<string, DbFloor>();
  for (const scenario of reads) {
    // Recorded the second time, as on PostgreSQL: what the scenario sends once warm.
    await scenario.service(db, token);
    take();
    await scenario.service(db, token);
    const statements = take();
    const times: number[] = [];
    for (let i = 0; i < 120; i++) {
      const start = performance.now();
      for (const statement of statements) await client.query(statement.query, statement.params);
      if (i >= 20) times.push(performance.now() - start);
    }
    floors.set(scenario.name, { p50_ms: percentile(times, 50), p99_ms: percentile(times, 99), statements: statements.length });
    log(`  ${scenario.name.padEnd(22)} ${String(statements.length).padStart(2)} statements  p50 ${percentile(times, 50).toFixed(2)} ms`);
  }
  return floors;
}

/** For context: node:http + postgres.js answering the contacts first page, at the same concurrencies. */
export async function bareNodeFloor(url: string, statements: Statement[], concurrencies: number[]): Promise<Map<number, Measurement>> {
  const file = path.join(tmpDir, "bare-statements.json");
  fs.writeFileSync(file, JSON.stringify(statements.map(({ query, params, options }) => ({ query, params, options }))));
  const child = spawn(process.execPath, [path.join(benchDir, "bare-server.mjs"), file], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(PORTS.bare) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const results = new Map<number, Measurement>();
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
      child.on("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    for (const c of concurrencies) results.set(c, await load(readJob(`http://127.0.0.1:${PORTS.bare}`, null, "/", c)));
  } finally {
    child.kill("SIGTERM");
    fs.rmSync(file, { force: true });
  }
  return results;
}
