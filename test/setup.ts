import fs from "node:fs";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { withDatabase } from "./global-setup";

process.env.CARDMAIL_SEED ??= "none";
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.FULFILMENT_STEP_SECONDS = "0";
// Tests read log lines through captureLogs(); the rest would bury the test output.
process.env.LOG_LEVEL ??= "silent";

const adminUrl = inject("pgAdminUrl");
let testDatabase: string | undefined;

if (adminUrl) {
  testDatabase = `cardmail_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${testDatabase}" template "${inject("pgTemplate")}"`);
  await admin.end();
  process.env.DATABASE_URL = withDatabase(adminUrl, testDatabase);
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = "memory://";
  const { startInMemoryDatabasesFrom } = await import("@/db/client");
  startInMemoryDatabasesFrom(new Blob([fs.readFileSync(inject("pgliteTemplate"))]));
}

// The database opens on a file's first use of it: a file of pure functions never pays for one.
afterAll(async () => {
  const { closeDb } = await import("@/db/client");
  await closeDb();
  if (adminUrl && testDatabase) {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${testDatabase}" with (force)`);
    await admin.end();
  }
});
