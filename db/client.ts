import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "./database";
import { lockDataDir } from "./pglite-folder";
import { createPool } from "./postgres-pool";
import * as schema from "./schema";
import { driverOf, sessionClient } from "./sql-executor";

export { isConnectionLost } from "./postgres-pool";
export { driverOf, inBatches, listen, nodePostgresLikeClient, rowsPerStatement, sqlExecutor, type NodePostgresLikeClient, type SqlExecutor } from "./sql-executor";

export type { Database, Schema } from "./database";

export type DbHandle = {
  db: Database;
  driver: "postgres" | "pglite";
  /** Where the data lives, for messages: the PGlite folder or the PostgreSQL database name. */
  location: string;
  /** The most connections it opens: the pool's size, 1 for PGlite (for metrics). */
  maxConnections: number;
  close(): Promise<void>;
  /**
   * Runs fn while holding the lock that start-up migrations and seeding take, so that instances
   * starting at the same moment do them once, one after the other.
   */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
};

/**
 * Settings the caller has validated (lib/config.ts reads DB_POOL_MAX and DB_PREPARE): the
 * database layer reads no configuration of the application's own.
 */
export type DatabaseOptions = {
  /** PostgreSQL connections in the pool; see `poolSize`. */
  poolMax?: number;
  /** false turns prepared statements off, for poolers that can't keep them (PgBouncer in transaction mode). */
  prepare?: boolean;
};

const migrationsFolder = path.join(process.cwd(), "db", "migrations");
const MIGRATION_LOCK_KEY = 727_274_001;

export function pgliteDataDir(): string {
  return process.env.PGLITE_DATA_DIR || path.join(".data", "pglite");
}

/**
 * A dump of a migrated database (`dumpDataDir`) that new in-memory databases start from, so that
 * each one skips initdb and the migrations: the test suite opens one per test file.
 */
let inMemoryTemplate: Blob | undefined;

export function startInMemoryDatabasesFrom(template: Blob | undefined): void {
  inMemoryTemplate = template;
}

/** A migrated in-memory database, dumped for `startInMemoryDatabasesFrom`. */
export async function dumpMigratedInMemoryDatabase(): Promise<Blob> {
  const handle = await openPglite("memory://");
  try {
    await migrateHandle(handle);
    const client = (handle.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
    return await client.dumpDataDir("none");
  } finally {
    await handle.close();
  }
}

async function openPglite(dir: string): Promise<DbHandle> {
  const inMemory = dir.startsWith("memory://");
  // Locked before loading PGlite, so that a second opener fails at once.
  const release = inMemory ? () => {} : lockDataDir(dir);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { makeOwnerOnly } = await import("./private-files");
    if (!inMemory) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      // Folders made before this rule, or with a permissive umask, are closed too.
      fs.chmodSync(dir, 0o700);
    }
    const loadDataDir = inMemory ? inMemoryTemplate : undefined;
    const client = await PGlite.create(inMemory ? undefined : dir, { extensions: { pg_trgm }, loadDataDir });
    // PGlite sets the modes of what it writes itself (0666, 0644): closed to others once opened and closed.
    if (!inMemory) makeOwnerOnly(dir);
    const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      driver: "pglite",
      location: inMemory ? "memory" : path.resolve(dir),
      maxConnections: 1,
      async close() {
        await client.close();
        if (!inMemory) makeOwnerOnly(dir);
        release();
      },
      withMigrationLock: (fn) => fn(),
    };
  } catch (error) {
    release();
    throw error;
  }
}

type PostgresClient = import("postgres").Sql;

/** Marks a statement to be planned with its own values every time: see `planEachTime`. */
const PLAN_EACH_TIME = "/* plan each time */";

/**
 * A condition whose statement is planned with its values on every execution. Prepared
 * statements get a generic plan once a few executions show it costs no more than planning each
 * time; a search pattern or a group id decides which index is right for this tenant, so
 * statements that filter by one carry this mark and are sent unprepared.
 */
export function planEachTime(condition: SQL): SQL {
  return sql`${sql.raw(PLAN_EACH_TIME)} ${condition}`;
}

/**
 * Connections per instance: the configured number, or one per CPU core. postgres.js pipelines
 * queries on a busy connection, so a few connections carry many concurrent requests; more backends than
 * cores only make PostgreSQL and the server switch between them (on 2 cores, 10 connections
 * answered the contacts page at 60% of the rate 2 did). At least 2: migrating at start-up holds
 * one connection for the lock while the migrations run on another.
 */
export function poolSize(configured?: number): number {
  return Math.max(2, configured ?? os.availableParallelism());
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const prepare = options.prepare ?? true;
  const max = poolSize(options.poolMax);
  // A connection that breaks is dropped and replaced, never reused (see createPool).
  const client = createPool(
    postgres,
    url,
    {
      onnotice: () => {},
      prepare,
      // libpq's PGAPPNAME tells one instance's connections from another's in pg_stat_activity.
      connection: { application_name: process.env.PGAPPNAME || "cardmail" },
      backoff: reconnectDelaySeconds,
    },
    // Prepared statements: drizzle asks postgres.js for unprepared statements, and postgres.js
    // sends one with parameters in two round trips (Parse and Describe, wait, then Bind and
    // Execute) and PostgreSQL plans it every time; a statement prepared once on a connection
    // takes one round trip from then on, and once PostgreSQL settles on its generic plan, no
    // planning: for the token check and a page of contacts, planning took longer than running
    // them. Statements marked with `planEachTime` stay unprepared.
    { size: max, prepareStatement: (query) => !query.includes(PLAN_EACH_TIME) },
  );
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    driver: "postgres",
    location: new URL(url).pathname.slice(1) || "postgres",
    maxConnections: max,
    async close() {
      await client.end({ timeout: 5 });
    },
    withMigrationLock: (fn) => holdingAdvisoryLock(client, MIGRATION_LOCK_KEY, fn),
  };
}

/**
 * Seconds before the next attempt to reconnect after `attempts` failed ones (the LISTEN
 * connection; the pool's never reconnect): postgres.js's own curve (10 ms, 30 ms, 90 ms, ...
 * with jitter) but at most a second, where its own grows to 20 s.
 */
function reconnectDelaySeconds(attempts: number): number {
  return (0.5 + Math.random() / 2) * Math.min(3 ** attempts / 100, 1);
}

/**
 * Runs fn while a transaction of `client` holds the advisory lock `key` (a transaction-level
 * lock, released when the transaction ends): the lock holds behind PgBouncer in transaction
 * pooling, where a session-level lock may be taken on one server connection and released on
 * another. fn's statements use the rest of the pool.
 */
async function holdingAdvisoryLock<T>(client: PostgresClient, key: number, fn: () => Promise<T>): Promise<T> {
  let result: T | undefined;
  await client.begin(async (tx) => {
    await tx.unsafe("select pg_advisory_xact_lock($1)", [key]);
    result = await fn();
  });
  return result as T;
}

async function migrateHandle(handle: DbHandle): Promise<void> {
  if (handle.driver === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(handle.db as any, { migrationsFolder });
    return;
  }
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // Several app instances may start at once: one migrates, the others wait for it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  await handle.withMigrationLock(() => migrate(handle.db as any, { migrationsFolder }));
}


function clip(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * An error and its cause in a few hundred characters, for logs. Drizzle wraps a driver's error
 * in one whose message is the whole statement and its parameters (30 KB for the seed's inserts)
 * and keeps what went wrong, PostgreSQL's message, code and detail, on `cause`.
 */
export function describeDatabaseError(error: unknown): string {
  if (!(error instanceof Error)) return clip(String(error));
  const cause: unknown = error.cause;
  // With a cause, the message is drizzle's "Failed query: <statement>": its start says which one.
  const parts = [clip(error.message, cause === undefined ? 300 : 120)];
  if (cause instanceof Error) {
    const { code, detail } = cause as { code?: unknown; detail?: unknown };
    const extra = [typeof code === "string" ? `code ${code}` : "", typeof detail === "string" ? clip(detail) : ""].filter(Boolean).join(", ");
    parts.push(`cause: ${clip(cause.message)}${extra ? ` (${extra})` : ""}`);
  } else if (cause !== undefined) {
    parts.push(`cause: ${clip(String(cause))}`);
  }
  return parts.join("; ");
}

/**
 * Runs raw SQL and returns its rows, whichever driver is in use. PGlite runs the statement on
 * this thread, and its answer resolves as a microtask: the caller's next statement would follow
 * before any request that arrived meanwhile, so the event loop serves those first.
 */
export async function execute<T = Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  if (driverOf(db) === "pglite") await new Promise<void>((resolve) => setImmediate(resolve));
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Opens a database and applies migrations: PGlite in `pgliteDir` when given, else PostgreSQL
 * when `url` or `DATABASE_URL` is set, else PGlite in `PGLITE_DATA_DIR`.
 */
export async function openDatabase(options: { url?: string; pgliteDir?: string } & DatabaseOptions = {}): Promise<DbHandle> {
  // A page prerendered by `next build` would freeze build-time data and, with PGlite, open the
  // folder a running server holds: such pages must call `await connection()` first.
  if (process.env.NEXT_PHASE === "phase-production-build") {
    throw new Error("The database was opened during `next build`: a page or route that reads it must call `await connection()` (from next/server) first.");
  }
  const url = options.pgliteDir ? undefined : (options.url ?? process.env.DATABASE_URL);
  const handle = url ? await openPostgres(url, options) : await openPglite(options.pgliteDir ?? pgliteDataDir());
  try {
    await migrateHandle(handle);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

type Holder = { promise?: Promise<DbHandle> };
const holder: Holder = ((globalThis as Record<symbol, Holder>)[Symbol.for("cardmail.db")] ??= {});

/**
 * The process-wide database, opened and migrated on first use (not seeded: the demo data is the
 * application's, and start-up seeds it).
 * Kept on globalThis so that every bundle of the Next.js server shares one connection pool
 * and, with PGlite, one open data folder.
 *
 * `options` count only on the call that opens the database: the server's start-up
 * (instrumentation.ts) makes the first call, with the validated configuration.
 */
export function getDbHandle(options: DatabaseOptions = {}): Promise<DbHandle> {
  holder.promise ??= openDatabase(options).catch((error: unknown) => {
    holder.promise = undefined;
    throw error;
  });
  return holder.promise;
}

export async function getDb(): Promise<Database> {
  return (await getDbHandle()).db;
}

export async function closeDb(): Promise<void> {
  const pending = holder.promise;
  holder.promise = undefined;
  if (pending) await (await pending).close();
}

export type QueryCounter = { db: Database; count(): number; reset(): void };

/**
 * A second Drizzle instance on the same connection (pool or PGlite) that counts the SQL
 * statements it sends, for tests and benchmarks that check a use case's number of queries.
 */
export async function withQueryCounter(handle: DbHandle): Promise<QueryCounter> {
  let statements = 0;
  const logger = { logQuery: () => void (statements += 1) };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  let db: Database;
  if (handle.driver === "pglite") {
    const { drizzle } = await import("drizzle-orm/pglite");
    db = drizzle(client as import("@electric-sql/pglite").PGlite, { schema, casing: "snake_case", logger }) as unknown as Database;
  } else {
    const { drizzle } = await import("drizzle-orm/postgres-js");
    db = drizzle(client as import("postgres").Sql, { schema, casing: "snake_case", logger }) as unknown as Database;
  }
  return { db, count: () => statements, reset: () => void (statements = 0) };
}

/**
 * Runs fn while this instance holds a PostgreSQL advisory lock (in a transaction on a connection
 * of its own, so fn's statements may use the rest of the pool): instances that start together
 * do fn one after the other. PGlite is one process with one connection: nothing runs beside it,
 * fn runs as is. `db` is the database, not a transaction.
 */
export async function withAdvisoryLock<T>(db: Database, key: number, fn: () => Promise<T>): Promise<T> {
  const client = sessionClient(db);
  if (!("unsafe" in client)) return fn();
  return holdingAdvisoryLock(client, key, fn);
}
