import os from "node:os";
import { describe, expect, it } from "vitest";
import { describeDatabaseError, poolSize } from "./client";

describe("the PostgreSQL pool size", () => {
  it("is one connection per core unless configured", () => {
    expect(poolSize()).toBe(Math.max(2, os.availableParallelism()));
    expect(poolSize(7)).toBe(7);
  });

  it("never goes below the two connections start-up migrations need", () => {
    expect(poolSize(1)).toBe(2);
  });
});

describe("a database error, described for the start-up log", () => {
  it("keeps the driver's message, code and detail and leaves out the statement", () => {
    const statement = `insert into "cards" (${"\"slug\", ".repeat(5000)}) values ($1)`;
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "cards_slug_unique"'), {
      code: "23505",
      detail: "Key (slug)=(balloon-bouquet-birthday) already exists.",
    });
    const wrapped = new Error(`Failed query: ${statement}\nparams: balloon-bouquet-birthday`, { cause: driverError });

    const text = describeDatabaseError(wrapped);
    expect(text.length).toBeLessThan(1000);
    expect(text).toContain("Failed query: insert into");
    expect(text).toContain('cause: duplicate key value violates unique constraint "cards_slug_unique" (code 23505, Key (slug)=(balloon-bouquet-birthday) already exists.)');
  });

  it("gives errors without a cause as they are", () => {
    expect(describeDatabaseError(new Error("connect ECONNREFUSED 127.0.0.1:5432"))).toBe("connect ECONNREFUSED 127.0.0.1:5432");
    expect(describeDatabaseError("gone")).toBe("gone");
  });
});

describe("the contacts' trigram index", () => {
  it("merges its pending list in small steps on PGlite, which runs in the server's thread, and in larger ones on PostgreSQL", async () => {
    const { getDbHandle, execute } = await import("./client");
    const { sql } = await import("drizzle-orm");
    const handle = await getDbHandle();
    const [index] = await execute<{ options: string[] }>(handle.db, sql`select reloptions as options from pg_class where relname = 'contacts_search_trgm_idx'`);
    expect(index!.options).toEqual([`gin_pending_list_limit=${handle.driver === "pglite" ? 256 : 2048}`]);
  });
});
