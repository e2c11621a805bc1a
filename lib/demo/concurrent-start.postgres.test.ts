import postgres from "postgres";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DbHandle } from "@/db/client";
import { cards, users } from "@/db/schema";
import { CATALOG } from "@/db/seed/catalog-data";
import { withDatabase } from "@/test/global-setup";
import { seedDemoIfEmpty } from "./seed";

// Only PostgreSQL can be opened by two instances at once (PGlite allows one process per folder,
// and its migration lock is a no-op), so the race exists there only: `*.postgres.test.ts` files
// run with DATABASE_URL (vitest.config.mts), and CI runs the suite on both drivers.
describe("two instances starting at once on a new PostgreSQL database", { timeout: 120_000 }, () => {
  const adminUrl = inject("pgAdminUrl");
  const name = `cardmail_race_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const handles: DbHandle[] = [];

  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it("migrate and seed it once, and both start", async () => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const url = withDatabase(adminUrl, name);

    // As instrumentation.ts does, each with a pool of its own.
    const start = async () => {
      const handle = await openDatabase({ url, poolMax: 2 });
      handles.push(handle);
      return seedDemoIfEmpty(handle, { mode: "demo" });
    };
    const seeded = await Promise.all([start(), start()]);

    expect(seeded.sort()).toEqual([false, true]);
    const db = handles[0]!.db;
    const [demo] = await db.select({ n: count() }).from(users).where(eq(users.email, "demo@example.com"));
    const [catalog] = await db.select({ n: count() }).from(cards);
    expect(Number(demo!.n)).toBe(1);
    expect(Number(catalog!.n)).toBe(CATALOG.length);
  });
});
