// The checks of production servers, one after another, each on the build in .next (or
// NEXT_DIST_DIR) and on a database of its own: the hostile upload (PGlite) first, then, on the
// PostgreSQL of DATABASE_URL, two instances, two instances behind PgBouncer, a cut connection and
// a kill -9 in the middle of an automations pass. Each prints its own checks; this prints each
// one's time and ends with the ones that failed. SMOKE_SKIP_BUILD=1 reuses the build as it is.
// Arguments name the checks to run (`import-blocking`, `two-instances`, `pgbouncer`,
// `connection-cut`, `kill-restart`), or `--except NAME...` the ones to leave out; none runs them all.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildUnlessSkipped, root } from "./server-process.mjs";

const ALL_CHECKS = [
  { key: "import-blocking", name: "an import cannot block the server", script: "import-blocking.mjs" },
  { key: "two-instances", name: "two instances on one database", script: "two-instances.mjs" },
  { key: "pgbouncer", name: "two instances behind PgBouncer (transaction pooling)", script: "two-instances.mjs", env: { TWO_INSTANCES_PGBOUNCER: "1" } },
  { key: "connection-cut", name: "a cut database connection heals", script: "connection-cut.mjs" },
  { key: "kill-restart", name: "automations through a kill -9 of either instance", script: "automations-kill-restart.mjs" },
];

const args = process.argv.slice(2);
const except = args[0] === "--except";
const named = except ? args.slice(1) : args;
const unknown = named.filter((key) => !ALL_CHECKS.some((check) => check.key === key));
if (unknown.length > 0) {
  console.error(`Unknown check(s): ${unknown.join(", ")}. The checks: ${ALL_CHECKS.map((check) => check.key).join(", ")}.`);
  process.exit(2);
}
const CHECKS = named.length === 0 ? ALL_CHECKS : ALL_CHECKS.filter((check) => named.includes(check.key) !== except);

// The hostile upload runs on PGlite; the others need PostgreSQL.
if (!process.env.DATABASE_URL && CHECKS.some((check) => check.key !== "import-blocking")) {
  console.error("DATABASE_URL must name a PostgreSQL database (each check creates and drops one of its own beside it).");
  process.exit(2);
}

// One build for all of them, made here unless skipped.
buildUnlessSkipped({ ...process.env });

const failed = [];
const times = [];
for (const check of CHECKS) {
  const started = Date.now();
  console.log(`\n--- ${check.name} (scripts/${check.script})`);
  const result = spawnSync(process.execPath, [path.join(root, "scripts", check.script)], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, SMOKE_SKIP_BUILD: "1", ...check.env },
  });
  const took = ((Date.now() - started) / 1000).toFixed(1);
  times.push(`${took.padStart(6)} s  ${check.name}`);
  if (result.status !== 0) failed.push(check.name);
}

console.log(`\n${times.join("\n")}`);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join("; ")}`);
  process.exit(1);
}
console.log("\nEvery production server check passed.");
