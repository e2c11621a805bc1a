#!/usr/bin/env node
// Lighthouse (mobile, its default simulated slow 4G and 4x CPU slowdown) of the signed-in pages
// of a running server, as docs/testing.md "Page speed" reports them:
//
//   npm start                      # in another terminal: the production build with the demo data
//   node scripts/lighthouse.mjs [BASE_URL] [PATH ...]
//
// BASE_URL defaults to http://127.0.0.1:3000, the paths to /, /calendar and /contacts;
// LIGHTHOUSE_RUNS (default 5) runs a page, the median reported beside each run's score. Signs in
// as demo@example.com in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) and hands
// the session cookie to Lighthouse, fetched from the npm registry by npx (not a dependency).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const LIGHTHOUSE = "lighthouse@12.2.3";
const [base = "http://127.0.0.1:3000", ...argPaths] = process.argv.slice(2);
const pages = argPaths.length > 0 ? argPaths : ["/", "/calendar", "/contacts"];
const runs = Number(process.env.LIGHTHOUSE_RUNS || 5);
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const chromeFlags = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --no-first-run";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardmail-lighthouse-"));

async function sessionCookie() {
  const browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill("demo@example.com");
    await page.getByLabel("Password").fill("demo-password");
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith("/login")), page.getByRole("button", { name: /sign in/i }).click()]);
    return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

const headers = path.join(dir, "headers.json");
fs.writeFileSync(headers, JSON.stringify({ Cookie: await sessionCookie() }));
const rows = [];
for (const page of pages) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const report = path.join(dir, `report-${results.length}.json`);
    execFileSync(
      "npx",
      ["--yes", LIGHTHOUSE, `${base}${page}`, "--only-categories=performance", "--output=json", `--output-path=${report}`, `--extra-headers=${headers}`, `--chrome-flags=${chromeFlags}`, "--quiet"],
      { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ["ignore", "ignore", "inherit"] },
    );
    const { categories, audits } = JSON.parse(fs.readFileSync(report, "utf8"));
    const result = {
      score: Math.round(categories.performance.score * 100),
      fcp: audits["first-contentful-paint"].numericValue,
      lcp: audits["largest-contentful-paint"].numericValue,
      tbt: audits["total-blocking-time"].numericValue,
    };
    results.push(result);
    console.log(`${page} run ${results.length}: ${result.score} (FCP ${(result.fcp / 1000).toFixed(1)} s, LCP ${(result.lcp / 1000).toFixed(1)} s, TBT ${result.tbt.toFixed(0)} ms)`);
  }
  const pick = (key) => median(results.map((r) => r[key]));
  rows.push(`| \`${page}\` | ${results.map((r) => r.score).join(", ")} | ${pick("score")} | ${(pick("fcp") / 1000).toFixed(1)} s | ${(pick("lcp") / 1000).toFixed(1)} s | ${pick("tbt").toFixed(0)} ms |`);
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(`\n| page | scores | median | median FCP | median LCP | median TBT |\n|---|---|---:|---:|---:|---:|\n${rows.join("\n")}`);
