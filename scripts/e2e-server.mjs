// The server the Playwright suite runs against: the production build (`next build`, run here
// first when the sources are newer than the build, unless E2E_SKIP_BUILD=1), served by
// server.mjs on a new, empty PGlite folder so the demo data is seeded fresh for every run.
// Honours NEXT_DIST_DIR (a separate build folder) and E2E_PORT. The folder is removed on exit.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BUILD_INPUTS, buildIsStale } from "./build-state.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const serverScript = path.join(root, "server.mjs");
const distDir = process.env.NEXT_DIST_DIR || ".next";
const port = Number(process.env.E2E_PORT || 3210);

// Not tsconfig.json or package.json: a build into NEXT_DIST_DIR rewrites tsconfig.json.
const buildInputs = BUILD_INPUTS.filter((input) => input !== "tsconfig.json" && input !== "package.json");

const baseEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: distDir };

if (process.env.E2E_SKIP_BUILD === "1") {
  if (!fs.existsSync(path.join(root, distDir, "BUILD_ID"))) {
    console.error(`E2E_SKIP_BUILD=1 but ${distDir}/ holds no production build: run \`npm run build\` first.`);
    process.exit(1);
  }
} else if (buildIsStale(root, distDir, buildInputs)) {
  console.log(`[e2e] building the app into ${distDir}/ (next build)...`);
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { ...baseEnv, NODE_ENV: "production" } });
  if (build.status !== 0) {
    console.error("[e2e] next build failed");
    process.exit(1);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cardmail-e2e-"));
const env = {
  ...baseEnv,
  NODE_ENV: "production",
  PORT: String(port),
  PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
  // A key of its own: no .data/auth-secret is written, and sessions of other runs do not apply.
  AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
  CARDMAIL_SEED: "demo",
  // The fulfilment simulator stays off: orders keep the status checkout gave them.
  FULFILMENT_STEP_SECONDS: "0",
  // Every spec signs up its own users, all from 127.0.0.1: the limit per address would stop the suite.
  SIGN_UP_LIMIT: process.env.SIGN_UP_LIMIT ?? "0",
  // Likewise the reset and email-change mails asked for from one address (the limit per email stays).
  ACCOUNT_MAIL_LIMIT: process.env.ACCOUNT_MAIL_LIMIT ?? "0",
  // e2e/developers.spec.ts sends webhooks to a plain-http receiver on 127.0.0.1.
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  // e2e/api/headers.spec.ts scrapes /api/metrics with it.
  METRICS_TOKEN: process.env.E2E_METRICS_TOKEN || "e2e-metrics-token-0123456789",
  // The credit page's instant demo top-up, as `npm start` offers it.
  DEMO_PAYMENTS: "true",
  // A line per request would bury the test output: warnings and errors only.
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
};
delete env.DATABASE_URL;

console.log(`[e2e] server.mjs on port ${port}, build ${distDir}/, fresh database in ${dataDir}`);
const server = spawn(process.execPath, [serverScript, "-p", String(port), "-H", "127.0.0.1"], { cwd: root, env, stdio: "inherit" });

function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.kill(signal);
    // A request in flight may hold the server: do not wait for ever.
    setTimeout(() => server.kill("SIGKILL"), 5_000).unref();
  });
}

server.on("exit", (code, signal) => {
  cleanUp();
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
