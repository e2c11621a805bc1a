import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { execute, isConnectionLost, openDatabase, sqlExecutor, withAdvisoryLock, type Database, type DbHandle } from "./client";

// A connection whose server process dies mid-use (pg_terminate_backend, a failover, a pooler
// restart) fails what ran on it, and nothing else: no uncaughtException (Vitest fails a file that
// has one), and the pool goes on serving. postgres.js 3.4.9 crashes or wedges on several of these
// (porsager/postgres#1199, #1208, and more): db/postgres-pool.ts guards against them.
describe("a database connection lost mid-use", { timeout: 30_000 }, () => {
  let handle: DbHandle;
  let db: Database;
  // On the server's own database (test/global-setup.ts), so that this file's database can refuse connections.
  const admin = postgres(inject("pgAdminUrl"), { max: 1, onnotice: () => {} });
  const appName = `connection-loss-${process.pid}`;

  beforeAll(async () => {
    process.env.PGAPPNAME = appName;
    handle = await openDatabase({ url: process.env.DATABASE_URL, poolMax: 2 });
    delete process.env.PGAPPNAME;
    db = handle.db;
  });

  afterAll(async () => {
    await handle?.close();
    await admin.end();
  });

  const backendPid = async (on: Database) => (await execute<{ pid: number }>(on, sql`select pg_backend_pid() as pid`))[0]!.pid;
  const terminate = async (pid: number) => void (await admin`select pg_terminate_backend(${pid})`);
  /**
   * The pool serves: ten statements at once all answer, each within 2 s. A statement that met a
   * connection dying from the last cut may fail (pg_terminate_backend does not wait for the
   * backend to go): then again, for at most `withinMs`.
   */
  async function poolServes(withinMs = 2_000) {
    const since = Date.now();
    for (;;) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          Promise.race([
            execute<{ n: number }>(db, sql`select ${i}::int as n`).then(
              (rows) => rows[0]!.n,
              (error: unknown) => (isConnectionLost(error) ? "connection lost" : error),
            ),
            new Promise((resolve) => setTimeout(() => resolve("no answer within 2 s"), 2_000)),
          ]),
        ),
      );
      if (!answers.includes("connection lost") || Date.now() - since > withinMs) {
        expect(answers).toEqual(Array.from({ length: 10 }, (_, i) => i));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("fails a transaction whose connection is cut between two statements, then serves", async () => {
    const transaction = db.transaction(async (tx) => {
      await terminate(await backendPid(tx));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await execute(tx, sql`select 1`);
    });
    await expect(transaction).rejects.toSatisfy(isConnectionLost);
    await poolServes();
  });

  it("fails a transaction whose connection is cut during a statement, then serves", async () => {
    const transaction = db.transaction(async (tx) => {
      const pid = await backendPid(tx);
      setTimeout(() => void terminate(pid), 200);
      await execute(tx, sql`select pg_sleep(2)`);
    });
    await expect(transaction).rejects.toSatisfy(isConnectionLost);
    await poolServes();
  });

  it("fails a savepoint's statement on a cut connection, then serves", async () => {
    const transaction = db.transaction(async (tx) => {
      const pid = await backendPid(tx);
      await tx.transaction(async (inner) => {
        await terminate(pid);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await execute(inner, sql`select 1`);
      });
    });
    await expect(transaction).rejects.toSatisfy(isConnectionLost);
    await poolServes();
  });

  it("releases an advisory lock whose connection is cut, and the lock's caller learns it, then serves", async () => {
    const key = 727_274_999;
    const locked = withAdvisoryLock(db, key, async () => {
      const [holder] = await admin<{ pid: number }[]>`
        select pid from pg_locks where locktype = 'advisory' and objid = ${key} and granted`;
      await terminate(holder!.pid);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return "done";
    });
    await expect(locked).rejects.toSatisfy(isConnectionLost);
    await poolServes();
    // The lock went with its connection: another holder gets it at once.
    await expect(withAdvisoryLock(db, key, async () => "again")).resolves.toBe("again");
  });

  it("fails the queue's multi-statement text on a cut connection, then serves", async () => {
    const { executeSql } = sqlExecutor(db);
    const running = executeSql("begin; select pg_sleep(2); commit");
    await new Promise((resolve) => setTimeout(resolve, 300));
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${appName} and query like '%pg_sleep(2)%'`;
    await expect(running).rejects.toSatisfy(isConnectionLost);
    await poolServes();
    await expect(executeSql("begin; select 41 + 1 as n; commit")).resolves.toBeDefined();
    expect(await executeSql("select 41 + 1 as n; select 42 + 1 as n")).toEqual({ rows: [{ n: 43 }] });
  });

  it("fails a reserved connection's statements once its connection is cut, and its release harms nothing", async () => {
    const client = (db as unknown as { $client: postgres.Sql }).$client;
    const reserved = await client.reserve();
    const [row] = await reserved.unsafe<{ pid: number }[]>("select pg_backend_pid() as pid");
    await terminate(row!.pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(reserved.unsafe("select 1")).rejects.toSatisfy(isConnectionLost);
    await expect(reserved.unsafe("select 1")).rejects.toSatisfy(isConnectionLost);
    reserved.release();
    await poolServes();
  });

  it("fails statements at once while the database refuses connections, and serves once it accepts them", async () => {
    const name = new URL(process.env.DATABASE_URL!).pathname.slice(1);
    let running = true;
    const load = Array.from({ length: 4 }, async (_, i) => {
      while (running) {
        await execute(db, sql`select ${i}::int, pg_sleep(0.01)`).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    await admin.unsafe(`alter database "${name}" allow_connections false`);
    try {
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${appName}`;
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = Date.now();
        const answer = await Promise.race([
          execute(db, sql`select 1`).then(
            () => "answered",
            (error: unknown) => (isConnectionLost(error) || (error as { cause?: { code?: string } }).cause?.code === "55000" ? "refused" : error),
          ),
          new Promise((resolve) => setTimeout(() => resolve("no answer within 2 s"), 2_000)),
        ]);
        expect(answer).toBe("refused");
        expect(Date.now() - started).toBeLessThan(2_000);
      }
    } finally {
      await admin.unsafe(`alter database "${name}" allow_connections true`);
      running = false;
      await Promise.all(load);
    }
    await poolServes();
  });

  it("serves again, within 2 s, after every connection of the pool is cut under load", async () => {
    let running = true;
    const failures: unknown[] = [];
    const load = Array.from({ length: 6 }, async (_, i) => {
      while (running) {
        try {
          if (i % 2 === 0) await db.transaction(async (tx) => void (await execute(tx, sql`select ${i}::int`)));
          else await execute(db, sql`select ${i}::int`);
        } catch (error) {
          if (!isConnectionLost(error)) failures.push(error);
        }
      }
    });
    try {
      for (let round = 0; round < 5; round++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        await admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${appName}`;
        await poolServes();
      }
    } finally {
      running = false;
      await Promise.all(load);
    }
    expect(failures).toEqual([]);
  });
});
