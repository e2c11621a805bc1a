import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyKeys, loginAttempts } from "@/db/schema";
import { createUser } from "@/test/api";
import { pruneExpiredRecords } from "./index";

describe("pruneExpiredRecords", () => {
  it("forgets old login attempts and expired idempotency keys, and keeps the recent ones", async () => {
    const user = await createUser();
    const { db } = user;
    const hoursAgo = (hours: number) => sql`now() - make_interval(hours => ${hours})`;
    await db.insert(loginAttempts).values([
      { email: "old@example.com", ip: "1", succeeded: false, createdAt: hoursAgo(25) },
      { email: "recent@example.com", ip: "1", succeeded: false },
    ]);
    const key = { userId: user.id, method: "POST", path: "/api/v1/contacts", requestHash: "h", responseStatus: 201 };
    await db.insert(idempotencyKeys).values([
      { ...key, key: "expired", createdAt: hoursAgo(25) },
      { ...key, key: "live", createdAt: hoursAgo(23) },
    ]);

    await pruneExpiredRecords();

    const attempts = await db.select({ email: loginAttempts.email }).from(loginAttempts);
    expect(attempts.map((a) => a.email)).toEqual(["recent@example.com"]);
    const keys = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(keys.map((k) => k.key)).toEqual(["live"]);
  });
});
