import { describe, expect, it } from "vitest";
import { getDb, type Database } from "@/db/client";
import { call } from "@/test/api";
import { checkReadiness } from "./health";

/** A database whose every statement answers as `answer` does. */
const databaseThat = (answer: () => Promise<unknown>) => ({ execute: answer }) as unknown as Database;

describe("readiness", () => {
  it("is ready while the database answers", async () => {
    expect(await checkReadiness(await getDb())).toEqual({ ready: true });
  });

  it("is not ready when the database fails", async () => {
    const readiness = await checkReadiness(databaseThat(() => Promise.reject(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))));
    expect(readiness).toEqual({ ready: false, reason: "The database did not answer." });
  });

  it("is not ready when the database does not answer in time, and says so then", async () => {
    const started = Date.now();
    const readiness = await checkReadiness(
      databaseThat(() => new Promise(() => {})),
      { timeoutMs: 100 },
    );
    expect(readiness).toEqual({ ready: false, reason: "The database did not answer within 0.1 s." });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("GET /api/health/ready answers 200 {status: ok} without a token", async () => {
    const res = await call("GET", "/api/health/ready");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
