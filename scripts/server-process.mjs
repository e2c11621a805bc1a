// Starting and stopping a production server (server.mjs) from the scripts that test one over
// real HTTP, and the HTTP calls they make.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const serverScript = path.join(root, "server.mjs");

export const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** `next build` into `.next`, unless SMOKE_SKIP_BUILD=1 says a current build is there. */
export function buildUnlessSkipped(env) {
  if (process.env.SMOKE_SKIP_BUILD === "1") return;
  const started = Date.now();
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env });
  if (build.status !== 0) throw new Error("next build failed");
  console.log(`next build: ${seconds(started)}`);
}

/**
 * The environment of a production server on a new database with the demo data: a key of its own
 * (sessions of other runs do not apply), plus the script's own settings.
 */
export function productionServerEnv(settings) {
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
    CARDMAIL_SEED: "demo",
    ...settings,
  };
}

/** A server.mjs process in a process group of its own, its output in `logFile`. */
export function startServer({ port, env, logFile }) {
  const log = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, [serverScript, "-p", String(port)], { cwd: root, env, detached: true, stdio: ["ignore", log, log] });
  fs.closeSync(log);
  return { child, port, base: `http://127.0.0.1:${port}`, logFile };
}

export async function waitForHealth(server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server on port ${server.port} exited with code ${server.child.exitCode}`);
    try {
      const res = await fetch(`${server.base}/api/health`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no 200 from ${server.base}/api/health within ${timeoutMs / 1000} s`);
}

/** Stops the whole process group (SIGTERM, then SIGKILL after 10 s), so nothing it started outlives it. */
export async function stopServer(server) {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

/** One JSON call: the status, the content type, the parsed body (or undefined) and the text. */
export async function request(base, method, pathname, { token, body, rawBody, headers: extra } = {}) {
  const headers = { ...extra };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined || rawBody !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${pathname}`, { method, headers, body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, type: res.headers.get("content-type") ?? "", headers: res.headers, json, text };
}

/** Collects named checks and prints each as it is made. */
export function checker() {
  let failures = 0;
  return {
    check(name, ok, detail) {
      console.log(`${ok ? "ok  " : "FAIL"} ${name}${ok ? "" : `: ${detail}`}`);
      if (!ok) failures++;
    },
    get failures() {
      return failures;
    },
  };
}

/**
 * A database of its own on the PostgreSQL server of DATABASE_URL, so that a run never meets what
 * another left: `create` before the servers start, `drop` (forced, whatever is still connected) at the end.
 */
export function scratchDatabase(prefix) {
  const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  return {
    url: url.toString(),
    create: () => admin.unsafe(`create database "${name}"`),
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

/** A folder for the servers' logs of one run. */
export const scratchFolder = (prefix) => fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));

/**
 * Runs a test script's `main`, then its `cleanup` whatever happened, and exits: 0 when `main`
 * finished and no check failed; otherwise 1, after printing every `.log` file of `logDir` to tell
 * why. `logDir` is removed at the end.
 */
export async function runScript({ title, checks, logDir, main, cleanup }) {
  let exitCode = 0;
  try {
    await main();
  } catch (error) {
    console.error(`FAIL ${error instanceof Error ? error.message : String(error)}`);
    exitCode = 1;
  } finally {
    await cleanup();
  }
  if (checks.failures > 0) exitCode = 1;
  if (exitCode !== 0) {
    for (const file of fs.readdirSync(logDir).filter((name) => name.endsWith(".log")).sort()) {
      console.error(`\n--- ${file} ---`);
      console.error(fs.readFileSync(path.join(logDir, file), "utf8"));
    }
  }
  fs.rmSync(logDir, { recursive: true, force: true });
  console.log(exitCode === 0 ? `${title} passed.` : `${title} failed.`);
  process.exit(exitCode);
}
