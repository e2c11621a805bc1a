import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execute, openDatabase, withAdvisoryLock, type Database, type DbHandle } from "./client";

// The pool of db/postgres-pool.ts with two connections, as on a 2-core machine.
describe("the PostgreSQL pool", { timeout: 30_000 }, () => {
  let handle: DbHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await openDatabase({ url: process.env.DATABASE_URL, poolMax: 2 });
    db = handle.db;
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("runs a statement a lock's body waits for while every connection holds a transaction", async () => {
    const answer = await withAdvisoryLock(db, 727_274_998, async () => {
      // The lock's transaction holds one connection; this one holds the other for 300 ms.
      const other = db.transaction(async (tx) => void (await execute(tx, sql`select pg_sleep(0.3)`)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Neither connection is free: both wait for `other` to end, then run on its connection.
      const [rows, selected] = await Promise.all([
        execute<{ n: number }>(db, sql`select 42 as n`),
        db.select({ n: sql<number>`41 + 1` }).from(sql`(values (1)) as v(x)`),
      ]);
      await other;
      return [rows[0]!.n, selected[0]!.n];
    });
    expect(answer).toEqual([42, 42]);
  });

  it("serves many statements and transactions at once on its two connections", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 5 === 0
          ? db.transaction(async (tx) => (await execute<{ n: number }>(tx, sql`select ${i}::int as n`))[0]!.n)
          : execute<{ n: number }>(db, sql`select ${i}::int as n`).then((rows) => rows[0]!.n),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
