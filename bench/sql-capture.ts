// The database floor: the exact statements a request sends (text, parameters, driver options),
// recorded at the postgres.js boundary while the service runs, then replayed through postgres.js
// alone, and EXPLAIN ANALYZEd.
import { performance } from "node:perf_hooks";
import { drizzle } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import type { Database } from "@/db/client";
import * as schema from "@/db/schema";

type Sql = postgres.Sql;

export type Statement = {
  query: string;
  params: unknown[];
  options: unknown;
};

type Pending = { query: string; params: unknown[]; options: unknown; result: PromiseLike<unknown> };

/** The client as drizzle sees it, with every statement (also inside transactions) logged. */
function recording(client: Sql, log: Pending[]): Sql {
  return new Proxy(client, {
    get(target, property) {
      if (property === "unsafe") {
        return (query: string, params?: unknown[], options?: unknown) => {
          const result = target.unsafe(query, params as never, options as never);
          log.push({ query, params: params ?? [], options, result });
          return result;
        };
      }
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const fn = args.pop() as (tx: Sql) => unknown;
          const open = Reflect.get(target, property, target) as (...a: unknown[]) => unknown;
          return open.call(target, ...args, (tx: Sql) => fn(recording(tx, log)));
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A postgres.js client with the type handling drizzle gives it (dates and JSON pass through as
 * text), so that replayed parameters are sent exactly as the app sends them. Drizzle sets it up
 * on the client it is given; nothing else of drizzle is used.
 */
export function configuredAsDrizzle(client: Sql): Sql {
  drizzle(client);
  return client;
}

export type Recorder = {
  /** A drizzle database, configured as db/client.ts configures it, whose statements are recorded. */
  db: Database;
  /** Runs fn and returns the statements it sent; with `rollback`, inside a transaction undone at the end. */
  record(fn: (db: Database) => Promise<unknown>, options?: { rollback?: boolean }): Promise<Statement[]>;
};

const ROLLBACK = Symbol("rollback");

/**
 * `client` should be a client of its own: drizzle replaces some of its type parsers. Writes are
 * recorded inside a transaction that is rolled back, so they can be replayed on the same rows.
 */
export function recorder(client: Sql): Recorder {
  const log: Pending[] = [];
  const db = drizzle(recording(client, log), { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    async record(fn, options = {}) {
      log.length = 0;
      if (options.rollback) {
        try {
          await db.transaction(async (tx) => {
            await fn(tx);
            throw ROLLBACK;
          });
        } catch (error) {
          if (error !== ROLLBACK) throw error;
        }
      } else {
        await fn(db);
      }
      const statements: Statement[] = [];
      for (const pending of log.splice(0)) {
        // Settled already (fn awaited it); awaited so that a failure is not left unhandled.
        await Promise.resolve(pending.result).catch(() => {});
        statements.push({ query: pending.query, params: pending.params, options: pending.options });
      }
      return statements;
    },
  };
}

/** Runs the statements in order on `sql`, with the parameters they were recorded with. */
async function runAll(sql: Sql, statements: Statement[]): Promise<void> {
  for (const statement of statements) await sql.unsafe(statement.query, statement.params as never, statement.options as never);
}

export type SequenceState = { name: string; lastValue: string | null }[];

/**
 * The position of every sequence. A write's later statements carry the ids its earlier ones
 * generated (a new order's id): setting the sequences back to where they stood when the write
 * was recorded makes a replay generate the very same ids. Sequences ignore rollbacks, so this is
 * the only state a rolled-back replay leaves behind.
 */
export async function sequenceState(sql: Sql): Promise<SequenceState> {
  const rows = await sql<{ name: string; last_value: string | null }[]>`
    select format('%I.%I', schemaname, sequencename) as name, last_value::text from pg_sequences where schemaname = 'public'`;
  return rows.map((row) => ({ name: row.name, lastValue: row.last_value }));
}

export async function restoreSequences(sql: Sql, state: SequenceState): Promise<void> {
  for (const { name, lastValue } of state) {
    if (lastValue === null) await sql`select setval(${name}::regclass, 1, false)`;
    else await sql`select setval(${name}::regclass, ${lastValue}::bigint, true)`;
  }
}

/** One replay of a request's statements; writes run in a transaction that is rolled back. */
export async function replayOnce(sql: Sql, statements: Statement[], write: boolean): Promise<void> {
  if (!write) return runAll(sql, statements);
  try {
    await sql.begin(async (tx) => {
      await runAll(tx as unknown as Sql, statements);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

export type FloorTiming = { p50_ms: number; p99_ms: number; runs: number };

/**
 * Replays the statements sequentially (after a warm-up) and returns the latency percentiles.
 * A write is replayed from the sequence positions it was recorded at (`sequences`), reset
 * before each run, outside the timing.
 */
export async function measureFloor(
  sql: Sql,
  statements: Statement[],
  options: { write: boolean; runs: number; warmup: number; sequences?: SequenceState },
): Promise<FloorTiming> {
  const times: number[] = [];
  for (let i = 0; i < options.warmup + options.runs; i++) {
    if (options.sequences) await restoreSequences(sql, options.sequences);
    const start = performance.now();
    await replayOnce(sql, statements, options.write);
    if (i >= options.warmup) times.push(performance.now() - start);
  }
  if (options.sequences) await restoreSequences(sql, options.sequences);
  return { p50_ms: percentile(times, 50), p99_ms: percentile(times, 99), runs: times.length };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function describeParams(params: unknown[]): string {
  return params
    .map((value, i) => {
      const text = typeof value === "string" ? JSON.stringify(value) : String(value);
      return `$${i + 1}=${text.length > 80 ? `${text.slice(0, 77)}...(${text.length} chars)` : text}`;
    })
    .join(" ");
}

export function compact(query: string): string {
  const oneLine = query.replace(/\s+/g, " ").trim();
  return oneLine.length > 700 ? `${oneLine.slice(0, 697)}...` : oneLine;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement, each in a transaction of its own that replays
 * the statements before it first and is rolled back, sequences set back: every plan is taken on
 * the state the request would see, with no savepoint to distort it.
 */
const EXPLAINABLE = /^\s*(select|insert|update|delete|with|values|table|merge)\b/i;

export async function explainAll(sql: Sql, statements: Statement[], sequences?: SequenceState): Promise<string> {
  const out: string[] = [];
  for (const [index, statement] of statements.entries()) {
    out.push(`  [${index + 1}/${statements.length}] ${compact(statement.query)}`);
    if (statement.params.length > 0) out.push(`      params: ${describeParams(statement.params)}`);
    if (sequences) await restoreSequences(sql, sequences);
    try {
      await sql.begin(async (tx) => {
        const t = tx as unknown as Sql;
        await runAll(t, statements.slice(0, index));
        // A setting (`set local jit = off`) has no plan: it is sent as the service sends it.
        if (!EXPLAINABLE.test(statement.query)) {
          out.push("      (a setting: sent, not explained)");
        } else {
          const plan = await t.unsafe(`explain (analyze, buffers) ${statement.query}`, statement.params as never, statement.options as never).values();
          for (const [line] of plan) out.push(`      ${String(line)}`);
        }
        throw ROLLBACK;
      });
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
  }
  if (sequences) await restoreSequences(sql, sequences);
  return out.join("\n");
}
