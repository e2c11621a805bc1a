// `npm start`: installs dependencies if missing, builds when the sources are newer than the
// last build, then runs the production server and prints where to find it. Node built-ins only,
// so it works on a fresh clone before `npm ci`.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIsStale } from "./build-state.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const port = Number(process.env.PORT || 3000);
// The demo can be tried end to end: credit comes from the labelled demo top-up, unless the
// environment says DEMO_PAYMENTS=false or has a Stripe key (free credit beside real payments
// only when asked for).
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  DEMO_PAYMENTS: process.env.DEMO_PAYMENTS || (process.env.STRIPE_SECRET_KEY ? "false" : "true"),
};
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const serverScript = path.join(root, "server.mjs");

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.error) fail(`Could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`${[command, ...args].join(" ")} failed (exit code ${result.status ?? result.signal}).`);
}

function pgliteDir() {
  return path.resolve(root, process.env.PGLITE_DATA_DIR || path.join(".data", "pglite"));
}

/** The pid of a live process holding the PGlite folder's lock (db/client.ts writes it), if any. */
function pgliteHolder(dir) {
  let pid;
  try {
    pid = Number(fs.readFileSync(`${dir}.lock`, "utf8").trim());
  } catch {
    return undefined;
  }
  if (!pid || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === "EPERM" ? pid : undefined;
  }
  try {
    return /node|next/.test(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8")) ? pid : undefined;
  } catch {
    return pid;
  }
}

function describeDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) return `embedded PostgreSQL (PGlite) in ${pgliteDir()}`;
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}, database ${parsed.pathname.slice(1) || "postgres"}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

function healthAnswers() {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/api/health", timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", () => resolve(false));
    req.on("timeout", () => {
      req.destroy();
      resolve(false);
    });
  });
}

if (!fs.existsSync(path.join(root, "node_modules"))) {
  console.log("Installing dependencies (npm ci)...");
  run(process.platform === "win32" ? "npm.cmd" : "npm", ["ci"]);
}
if (!fs.existsSync(nextBin)) fail("node_modules is incomplete (next is missing): run `npm ci`.");

if (!process.env.DATABASE_URL) {
  // Checked before building: a build must never replace .next under a server that is running,
  // and a second server on the same folder would stop at once anyway.
  const holder = pgliteHolder(pgliteDir());
  if (holder) {
    fail(
      `The embedded database folder ${pgliteDir()} is in use by another Cardmail process (pid ${holder}).\n` +
        "Stop that server first, or set PGLITE_DATA_DIR to another folder, or set DATABASE_URL to use PostgreSQL.",
    );
  }
}

if (buildIsStale(root, ".next")) {
  console.log("Building the app (next build)...");
  run(process.execPath, [nextBin, "build"]);
}

const server = spawn(process.execPath, [serverScript, "-p", String(port)], { stdio: "inherit", env });
let stopping = false;

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}

server.on("exit", (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1) : 1));
});

const startedAt = Date.now();
while (!stopping && server.exitCode === null) {
  if (await healthAnswers()) {
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    console.log(
      [
        "",
        `Cardmail is running at http://localhost:${port} (ready in ${seconds} s)`,
        process.env.CARDMAIL_SEED === "none"
          ? "Demo data is off (CARDMAIL_SEED=none): create an account at /signup."
          : "Demo logins: demo@example.com / demo-password, alex@example.com / demo-password, admin@example.com / admin-password",
        `Database: ${describeDatabase()}`,
        `Buying credit: ${[process.env.STRIPE_SECRET_KEY ? "Stripe Checkout" : "", env.DEMO_PAYMENTS === "true" ? "demo top-ups, no payment taken (DEMO_PAYMENTS=true)" : ""].filter(Boolean).join(" and ") || "off, credit is granted by an administrator"}`,
        `API reference: http://localhost:${port}/docs/api (OpenAPI document: /api/v1/openapi.json)`,
        "Press Ctrl+C to stop.",
        "",
      ].join("\n"),
    );
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
