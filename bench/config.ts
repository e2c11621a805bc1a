// The benchmark's settings (BENCH_* variables), its folders and the console helpers every step shares.
import path from "node:path";

// The server and the cursors it signs must share one secret: set before any service is loaded.
export const AUTH_SECRET = "cardmail-bench-secret-cardmail-bench-secret";
process.env.AUTH_SECRET = AUTH_SECRET;
process.env.CARDMAIL_SEED = "none";
process.env.FULFILMENT_STEP_SECONDS = "0";
// The services also run in this process (the books, the floors): their info lines would bury
// the benchmark's own. The servers log at info, as in production (bench/server.ts).
process.env.LOG_LEVEL = "warn";

export const CONTACTS = Number(process.env.BENCH_CONTACTS || 100_000);
export const PGLITE_CONTACTS = Number(process.env.BENCH_PGLITE_CONTACTS || CONTACTS);
export const SKIP_PGLITE = process.env.BENCH_SKIP_PGLITE === "1";
export const SECONDS = Number(process.env.BENCH_SECONDS || 10);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 3);
export const WRITE_REQUESTS = Number(process.env.BENCH_WRITE_REQUESTS || 10);
/** `automations`: the book, the automations' pass and their upcoming read only (bench/README.md). */
export const ONLY = process.env.BENCH_ONLY || "";
if (ONLY && ONLY !== "automations") throw new Error(`BENCH_ONLY=${ONLY}: the only subset is "automations".`);
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
export const BATCH = 1000;
// Two checkouts benchmarking on one machine each need their own database and ports.
export const DATABASE = process.env.BENCH_DATABASE || "cardmail_bench";
if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error(`BENCH_DATABASE=${DATABASE}: lower-case letters, digits and underscores only.`);
const PORT = Number(process.env.BENCH_PORT || 3310);
export const PORTS = { postgres: PORT, pglite: PORT + 1, bare: PORT + 2 };
export const PASSWORD = "bench-password";

export const benchDir = __dirname;
export const tmpDir = path.join(benchDir, "tmp");
export const resultsDir = path.join(benchDir, "results");

export type Database = import("@/db/client").Database;
export type Ctx = { db: Database; user: { id: number; accountType: number } };

export function log(line = ""): void {
  process.stdout.write(`${line}\n`);
}

export function heading(title: string): void {
  log(`\n=== ${title} ${"=".repeat(Math.max(0, 90 - title.length))}`);
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
