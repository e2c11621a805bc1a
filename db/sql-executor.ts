import "server-only";
import type { Database } from "./database";

// How libraries that send their own SQL (pg-boss, rate-limiter-flexible) and LISTEN reach the
// process's database, whichever driver it is.

type PostgresClient = import("postgres").Sql;
type PgliteLike = Pick<import("@electric-sql/pglite").PGlite, "exec" | "query">;
type SessionClient = PostgresClient | PgliteLike;

/** The driver's client under `db` (a transaction's own connection for an open transaction). */
export function sessionClient(db: Database): SessionClient {
  return (db as unknown as { session: { client: SessionClient } }).session.client;
}

/** What pg-boss (and any other library that sends its own SQL) needs of a connection. */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

/**
 * Sends a library's SQL through the connection of `db`: the pool (or PGlite) for the database,
 * the transaction's own connection for an open transaction, so that what the library writes
 * commits or rolls back with it.
 *
 * Text without values may hold several statements, even `BEGIN; ...; COMMIT` (pg-boss's schema
 * install and maintenance): PGlite's `query()` and postgres.js's prepared statements refuse
 * that, so it goes through the simple protocol (`exec()`, or `unsafe()` in a transaction of its
 * own, as postgres.js allows BEGIN only on a connection set apart) and answers the last
 * statement's rows. When such text fails half-way, the connection is left in an aborted
 * transaction: it is rolled back before anyone else uses it (PGlite has only the one).
 */
export function sqlExecutor(db: Database): SqlExecutor {
  const client = sessionClient(db);
  // Drizzle's transactions, and only they, can roll back.
  const isTransaction = "rollback" in db;
  if ("unsafe" in client) return postgresExecutor(client, isTransaction);
  return pgliteExecutor(client, isTransaction);
}

/** Which driver a database (or a transaction of it) runs on. */
export function driverOf(db: Database): "postgres" | "pglite" {
  const client = sessionClient(db);
  return "unsafe" in client ? "postgres" : "pglite";
}

/**
 * The most rows one statement of a bulk write carries on `db`. PostgreSQL runs a statement in a
 * process of its own, so one statement takes them all. PGlite runs it in this process, on the
 * event loop every request shares: there a 10,000-contact INSERT with its triggers held the
 * server for seconds, and a hundred rows take a few tens of milliseconds.
 */
export function rowsPerStatement(db: Database): number {
  return driverOf(db) === "pglite" ? 50 : Number.POSITIVE_INFINITY;
}

/**
 * Calls `write` for each run of `rows` that one statement may carry (rowsPerStatement), in
 * order, and gives back what the calls returned, in order. On PGlite the event loop serves
 * other requests between two batches: a query's answer resolves as a microtask, which on its
 * own would run the next batch before any waiting request.
 */
export async function inBatches<Row, Result>(db: Database, rows: readonly Row[], write: (batch: Row[]) => Promise<Result[]>): Promise<Result[]> {
  const size = rowsPerStatement(db);
  if (rows.length <= size) return rows.length === 0 ? [] : write([...rows]);
  const results: Result[] = [];
  for (let start = 0; start < rows.length; start += size) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    results.push(...(await write(rows.slice(start, start + size))));
  }
  return results;
}

/**
 * Calls `onNotify` for each notification on `channel` (PostgreSQL's LISTEN/NOTIFY, which
 * delivers a NOTIFY when its transaction commits). postgres.js listens on a connection of its
 * own, outside the pool, and listens again after a reconnection; PGlite hears its own. Returns
 * the function that stops listening. `db` is the database, not a transaction.
 */
export async function listen(db: Database, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  const client = sessionClient(db);
  if ("unsafe" in client) {
    const { unlisten } = await client.listen(channel, () => onNotify());
    return unlisten;
  }
  const pglite = client as import("@electric-sql/pglite").PGlite;
  return pglite.listen(channel, () => onNotify());
}

const rowsOf = (rows: readonly Record<string, unknown>[]) => ({ rows: [...rows] });

function postgresExecutor(client: PostgresClient, isTransaction: boolean): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return rowsOf(await client.unsafe(text, values.map(toPostgresParam) as never[]));
      if (isTransaction) return rowsOf(lastResult(await client.unsafe(text)));
      // In a transaction of its own, on one connection: its BEGIN and COMMIT, if any, only warn
      // (and the notices are dropped); a failure rolls it all back.
      let rows: Record<string, unknown>[] = [];
      await client.begin(async (tx) => {
        rows = lastResult(await tx.unsafe(text));
      });
      return rowsOf(rows);
    },
  };
}

/**
 * Drizzle turns off postgres.js's own JSON and timestamp serializers on our client (it sends
 * those as text itself), so values are sent as node-postgres would: objects as JSON, dates in
 * ISO format, undefined as null.
 */
function toPostgresParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === "object" && !Array.isArray(value) && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return value;
}

/** postgres.js answers several statements with an array of results, one statement with its rows. */
function lastResult(result: readonly unknown[]): Record<string, unknown>[] {
  const isResults = result.length > 0 && Array.isArray(result[0]);
  return (isResults ? (result.at(-1) as Record<string, unknown>[]) : result) as Record<string, unknown>[];
}

function pgliteExecutor(client: PgliteLike, isTransaction: boolean): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return rowsOf((await client.query<Record<string, unknown>>(text, values)).rows);
      try {
        const results = await client.exec(text);
        return rowsOf(results.at(-1)?.rows ?? []);
      } catch (error) {
        if (!isTransaction) await client.exec("rollback").catch(() => {});
        throw error;
      }
    },
  };
}

/** The `query` of node-postgres's client, the one shape libraries written for it call. */
export type NodePostgresLikeClient = {
  query(config: { text: string; values?: unknown[]; name?: string }): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
};

/**
 * A node-postgres-shaped client over the process's database, whichever driver it is, for
 * libraries that speak node-postgres (rate-limiter-flexible). Statements run outside any
 * transaction. `$n` parameters pass through to both drivers; prepared-statement names are
 * ignored (postgres.js prepares by the statement's text).
 */
export function nodePostgresLikeClient(db: Database): NodePostgresLikeClient {
  const client = (db as unknown as { $client: unknown }).$client;
  if (typeof (client as { unsafe?: unknown }).unsafe === "function") {
    const pg = client as PostgresClient;
    return {
      async query({ text, values }) {
        const rows = await pg.unsafe(text, (values ?? []) as never[]);
        return { rows: [...rows] as Record<string, unknown>[], rowCount: rows.count ?? rows.length };
      },
    };
  }
  const lite = client as import("@electric-sql/pglite").PGlite;
  return {
    async query({ text, values }) {
      const result = await lite.query<Record<string, unknown>>(text, values ?? []);
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
  };
}
