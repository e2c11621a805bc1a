// The import rules ESLint cannot see, checked on the module graph madge reads (part of
// `npm run lint`):
// - no import cycle;
// - no two folders of lib/ import each other (test files aside: nothing imports them);
// - lib/queue, the job queue's plumbing every domain uses, imports no domain (only db/ and
//   lib/logger), so that the registry above the domains (lib/jobs) is the only way back;
// - no source file over 400 lines (tests and migrations aside).
// ESLint holds the rest (app/ and components/ import nothing of db/; lib/ nothing of Next.js).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import madge from "madge";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const MAX_LINES = 400;
const QUEUE_MAY_IMPORT = [/^db\//, /^lib\/logger\.ts$/, /^lib\/queue\//];

const isTest = (file) => /\.(test|spec)\.tsx?$/.test(file) || file.startsWith("test/") || file.startsWith("e2e/");
const libFolder = (file) => {
  const parts = file.split("/");
  return parts[0] === "lib" && parts.length > 2 ? `lib/${parts[1]}` : null;
};

const graph = await madge(["lib", "app", "components", "db"], {
  baseDir: root,
  tsConfig: path.join(root, "tsconfig.json"),
  fileExtensions: ["ts", "tsx"],
  excludeRegExp: [/node_modules/, /\.next/],
});
const problems = [];

for (const cycle of graph.circular()) problems.push(`import cycle: ${cycle.join(" -> ")} -> ${cycle[0]}`);

const edges = new Map();
for (const [file, imports] of Object.entries(graph.obj())) {
  if (isTest(file)) continue;
  const from = libFolder(file);
  for (const imported of imports) {
    if (file.startsWith("lib/queue/") && !QUEUE_MAY_IMPORT.some((allowed) => allowed.test(imported))) {
      problems.push(`lib/queue imports a domain: ${file} -> ${imported}`);
    }
    const to = libFolder(imported);
    if (from && to && from !== to) {
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, `${file} -> ${imported}`);
    }
  }
}
for (const [key, example] of edges) {
  const [from, to] = key.split(" -> ");
  if (from < to && edges.has(`${to} -> ${from}`)) {
    problems.push(`${from} and ${to} import each other: ${example}, and ${edges.get(`${to} -> ${from}`)}`);
  }
}

for (const file of Object.keys(graph.obj())) {
  if (isTest(file) || file.includes("/migrations/")) continue;
  const lines = fs.readFileSync(path.join(root, file), "utf8").split("\n").length - 1;
  if (lines > MAX_LINES) problems.push(`${file} has ${lines} lines (at most ${MAX_LINES}: split it by what its parts do)`);
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} import rule${problems.length === 1 ? "" : "s"} broken (scripts/check-imports.mjs).`);
  process.exit(1);
}
console.log(`Imports: ${Object.keys(graph.obj()).length} modules, no cycle, no two lib/ folders importing each other, lib/queue below the domains, no file over ${MAX_LINES} lines.`);
