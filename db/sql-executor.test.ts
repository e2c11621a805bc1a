import { describe, expect, it } from "vitest";
import { getDb, sqlExecutor } from "./client";

describe("sqlExecutor", () => {
  it("runs several statements in one text and answers the last one's rows", async () => {
    const { executeSql } = sqlExecutor(await getDb());
    const result = await executeSql("create temporary table if not exists t (n int); insert into t values (1), (2); select count(*)::int as n from t");
    expect(result.rows).toEqual([{ n: 2 }]);
  });

  it("sends objects as JSON and dates as timestamps", async () => {
    const { executeSql } = sqlExecutor(await getDb());
    const at = new Date("2026-03-14T12:00:00Z");
    const { rows } = await executeSql("select $1::jsonb as data, $2::timestamptz = '2026-03-14T12:00:00Z' as same, $3::int as missing", [{ id: 7 }, at, undefined]);
    expect(rows).toEqual([{ data: { id: 7 }, same: true, missing: null }]);
  });

  it("leaves the connection usable after a transaction in the text fails half-way", async () => {
    const { executeSql } = sqlExecutor(await getDb());
    await expect(executeSql("begin; select 1/0; commit")).rejects.toThrow(/division by zero/);
    expect((await executeSql("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("writes with a transaction: what it sent rolls back with it", async () => {
    const db = await getDb();
    await executeOn(db, "create table if not exists executor_probe (n int)");
    await expect(
      db.transaction(async (tx) => {
        await sqlExecutor(tx).executeSql("insert into executor_probe values ($1)", [1]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await executeOn(db, "select count(*)::int as n from executor_probe")).rows).toEqual([{ n: 0 }]);
  });
});

const executeOn = (db: Awaited<ReturnType<typeof getDb>>, text: string) => sqlExecutor(db).executeSql(text);
