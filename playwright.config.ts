import fs from "node:fs";
import { defineConfig } from "@playwright/test";

// Browser and API tests against the production build (server.mjs) on a fresh database.
// Never downloads a browser: the ui project drives the system Chromium.
const port = Number(process.env.E2E_PORT || 3210);
const baseURL = `http://127.0.0.1:${port}`;
const isCI = !!process.env.CI;
// Debian's Chromium: its headless shell (package chromium-headless-shell, the same engine without
// the desktop browser around it) when installed, else the browser itself. The whole suite runs in
// about 60% of the browser's time with the shell, on two cores where the browsers are the load.
const chromium = process.env.CHROMIUM_PATH || ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file)) || "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e/artifacts/test-results",
  // The first-load JavaScript table of the main pages, from the rows their visits left.
  globalTeardown: "./e2e/support/js-weight.ts",
  forbidOnly: isCI,
  fullyParallel: true,
  // Three on two cores: the tests wait on the server and on pages often enough that a third keeps
  // the processor busy (measured: 2 workers took 5.5 min, 3 workers 4.1 min, 4 workers 4.3 min).
  workers: 3,
  retries: isCI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // On CI a JSON report too, from which `.ci/run` lists flaky and failed tests at its end.
  reporter: isCI
    ? [
        ["list"],
        ["html", { outputFolder: "e2e/artifacts/report", open: "never" }],
        ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE || "e2e/artifacts/results.json" }],
      ]
    : [["list"]],
  use: {
    baseURL,
    // Recording a trace of every test to keep the failing ones' cost a tenth of the suite's time:
    // a test that fails is traced on its retry instead.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    },
  },
  projects: [
    {
      // Plain HTTP through the request fixture: no browser is started.
      name: "api",
      testDir: "e2e/api",
    },
    {
      name: "ui",
      testDir: "e2e",
      testIgnore: ["api/**"],
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 }, locale: "en-US", timezoneId: "UTC" },
    },
  ],
  webServer: {
    // Builds first when the sources are newer than the build (E2E_SKIP_BUILD=1 reuses it as is).
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/health`,
    timeout: 600_000,
    // Each run gets a fresh database; E2E_REUSE_SERVER=1 keeps a server already running on the port (while writing specs).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: { E2E_PORT: String(port) },
  },
});
