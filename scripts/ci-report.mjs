// Summarises the test reports that `.ci/run` collects: every failed test with its first error
// line, every flaky test (failed once, passed on retry, which Playwright's retry would hide),
// and one closing line of totals. Reads Vitest's and Playwright's JSON reports given as
// `label=path` arguments; a report that is missing (its step never ran) is said to be missing.
// Before them, the 20 slowest test files of each suite, where a step's time went. With
// CI_FAILED_STEP set, the last lines name that step and the tests that failed.
import fs from "node:fs";
import path from "node:path";

const firstLine = (text) =>
  String(text ?? "")
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? "";

/** Vitest's JSON reporter (the Jest format). */
function readVitest(report) {
  const result = { passed: 0, failed: 0, skipped: 0, failures: [], flaky: [] };
  for (const file of report.testResults ?? []) {
    const relative = path.relative(process.cwd(), file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === "passed") result.passed += 1;
      else if (test.status === "failed") {
        result.failed += 1;
        result.failures.push({ name: `${relative} › ${test.fullName}`, error: firstLine(test.failureMessages?.[0]) });
      } else result.skipped += 1;
    }
    // A file that fails before its tests run (an import error, a failing hook) has no test results.
    if (file.status === "failed" && (file.assertionResults ?? []).every((test) => test.status !== "failed")) {
      result.failed += 1;
      result.failures.push({ name: `${relative} (the file itself)`, error: firstLine(file.message) });
    }
  }
  return result;
}

/** Playwright's JSON reporter. */
function readPlaywright(report) {
  const result = { passed: 0, failed: 0, skipped: 0, failures: [], flaky: [] };
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `[${test.projectName}] ${spec.file ?? suite.file} › ${[...titles, spec.title].join(" › ")}`;
        const failedResult = (test.results ?? []).find((r) => r.status !== "passed" && r.status !== "skipped");
        const error = firstLine(failedResult?.error?.message ?? failedResult?.errors?.[0]?.message);
        if (test.status === "expected") result.passed += 1;
        else if (test.status === "flaky") {
          result.passed += 1;
          result.flaky.push({ name, error });
        } else if (test.status === "skipped") result.skipped += 1;
        else {
          result.failed += 1;
          result.failures.push({ name, error });
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  for (const error of report.errors ?? []) {
    result.failed += 1;
    result.failures.push({ name: "(outside any test)", error: firstLine(error.message) });
  }
  return result;
}

/** Seconds spent in each test file (for Playwright, summed over its tests and their retries). */
function secondsPerFile(report) {
  const seconds = new Map();
  const add = (file, ms) => seconds.set(file, (seconds.get(file) ?? 0) + ms / 1000);
  if ("testResults" in report) {
    for (const file of report.testResults ?? []) add(path.relative(process.cwd(), file.name), (file.endTime ?? 0) - (file.startTime ?? 0));
    return seconds;
  }
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) for (const result of test.results ?? []) add(`e2e/${spec.file ?? file}`, result.duration ?? 0);
    for (const child of suite.suites ?? []) visit(child, child.file ?? file);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file);
  return seconds;
}

function printSlowestFiles(label, report) {
  const slowest = [...secondsPerFile(report)].sort((a, b) => b[1] - a[1]).slice(0, 20);
  if (slowest.length === 0) return;
  console.log(`\n${label}, the 20 slowest test files (seconds):`);
  for (const [file, seconds] of slowest) console.log(`${seconds.toFixed(1).padStart(8)}  ${file}`);
}

const reports = [];
for (const argument of process.argv.slice(2)) {
  const [label, file] = argument.split("=");
  reports.push({ label, report: fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null });
}
console.log("\n=== where the time went");
for (const { label, report } of reports) if (report) printSlowestFiles(label, report);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const flaky = [];
console.log("\n=== test summary");
for (const { label, report } of reports) {
  if (!report) {
    console.log(`${label}: no report (the step did not run or did not finish)`);
    continue;
  }
  const result = "testResults" in report ? readVitest(report) : readPlaywright(report);
  console.log(`${label}: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped, ${result.flaky.length} flaky`);
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
  failures.push(...result.failures.map((f) => ({ ...f, label })));
  flaky.push(...result.flaky.map((f) => ({ ...f, label })));
}

console.log(`\nFlaky tests (failed, then passed on retry): ${flaky.length === 0 ? "none" : flaky.length}`);
for (const test of flaky) console.log(`  ${test.label}: ${test.name}\n      first failure: ${test.error}`);
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);

const failedStep = process.env.CI_FAILED_STEP;
if (failedStep) {
  console.log(`\nCI FAILED in step "${failedStep}" (exit ${process.env.CI_FAILED_STATUS ?? "non-zero"}).`);
  if (failures.length === 0) console.log("No test failed: the step's own output above says why.");
  else {
    console.log(`Failed tests: ${failures.length}`);
    for (const test of failures) console.log(`  ${test.label}: ${test.name}\n      ${test.error}`);
  }
}
