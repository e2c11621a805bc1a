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
    // `*.postgres.test.ts`: what only PostgreSQL can do (several instances on one database).
    exclude: ["node_modules/**", ".next*/**", "e2e/**", ".data/**", ...(process.env.DATABASE_URL ? [] : ["**/*.postgres.test.ts"])],
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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
