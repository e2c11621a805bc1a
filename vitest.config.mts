import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // The real package throws outside React Server Components; tests are server code too.
      "server-only": path.resolve(import.meta.dirname, "test/server-only.ts"),
    },
  },
  test: {
    include: ["**/*.test.ts"],
    // `*.postgres.test.ts`: what only PostgreSQL can do (several instances on one database), run
    // with DATABASE_URL only. `*.pglite.test.ts`: the embedded database's own folder (its lock,
    // its file modes), opened by the test whatever the run's driver, so run once, without it.
    exclude: ["node_modules/**", ".next*/**", "e2e/**", ".data/**", process.env.DATABASE_URL ? "**/*.pglite.test.ts" : "**/*.postgres.test.ts"],
    environment: "node",
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
    pool: "forks",
    // A worker process imports the app's modules once and runs file after file: a test file
    // still gets a database of its own (test/setup.ts), but no longer pays for a new process and
    // its imports, which was a third of the suite's time.
    isolate: false,
    // Every test file has a database of its own, so files run side by side on every core
    // (Vitest's default leaves one core idle).
    maxWorkers: os.availableParallelism(),
    // The files that cut PostgreSQL connections on purpose (db/connection-loss, db/postgres-pool)
    // may see postgres.js reject a statement it had queued inside a transaction on the cut
    // connection with no one left to hear it: the library's, and what the tests cause. Any other
    // unhandled error fails the run.
    onUnhandledError(error) {
      const cause = error as { code?: string; VITEST_TEST_PATH?: string };
      if (cause.code === "CONNECTION_CLOSED" && /\.postgres\.test\.ts$/.test(cause.VITEST_TEST_PATH ?? "")) return false;
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
