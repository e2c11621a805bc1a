import { expect, test, type Page, type Response, type TestInfo } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  BELOW_CHECKED_SCREENS,
  MAIN_PAGES,
  SCREENS_CHECKED,
  checkedHeight,
  mainPageSetup,
  markBelowCheckedScreens,
  openMainPage,
} from "./support/main-pages";
import { SCREENSHOTS_WANTED } from "./support/screenshots";
import { JS_BUDGET_BYTES, JS_WEIGHT_ROWS, type JsWeightRow } from "./support/js-weight";
import { wcagAxe } from "./support/axe";

// Every main page, visited once for all of its checks, at a fixed cost per page: loaded at 375 px
// (phone first) with an empty cache, its first-load JavaScript weighed against the budget, no
// page-wide sideways scroll and no serious or critical WCAG 2 A/AA violation (axe); then resized
// to 1280 px and checked for sideways scroll again, and for accessibility again where the page
// shows other elements at that width (`wideLayout`). Screenshots of both widths are taken only on
// demand (`npm run screenshots`, SCREENSHOTS=1); a failing test keeps its own screenshot anyway.
const SCREENSHOTS = path.join(__dirname, "artifacts", "screenshots");
const A11Y = path.join(__dirname, "artifacts", "a11y");
const PHONE = { label: "375", width: 375, height: 812 };
const DESKTOP = { label: "1280", width: 1280, height: 800 };

type Script = { url: string; gzip: number; transferred: number; afterLoad: boolean };

/** Counts every script the page downloads, also the ones loaded after the load event (deferred, prefetched). */
function recordScripts(page: Page): Promise<Script>[] {
  const scripts: Promise<Script>[] = [];
  let loadFired = false;
  page.once("load", () => (loadFired = true));
  page.on("response", (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    const afterLoad = loadFired;
    scripts.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await response
          .request()
          .sizes()
          .catch(() => ({ responseBodySize: body.length }));
        return { url: response.url(), gzip: gzipSync(body).length, transferred: sizes.responseBodySize, afterLoad };
      })(),
    );
  });
  return scripts;
}

/** No page-wide sideways scroll at the viewport's width; with SCREENSHOTS=1, the first screens as a picture. */
async function layout(page: Page, name: string, label: string, testInfo: TestInfo) {
  if (SCREENSHOTS_WANTED) await screenshot(page, name, label, testInfo);
  // Nothing may make the whole page scroll sideways (wide tables scroll inside their own box).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `${label} px: page-wide horizontal overflow in px`).toBeLessThanOrEqual(0);
}

/** The first screens of the page at the viewport's width, in e2e/artifacts/screenshots/. */
async function screenshot(page: Page, name: string, label: string, testInfo: TestInfo) {
  const viewport = page.viewportSize()!;
  const { checked, whole } = await checkedHeight(page);
  await page.evaluate(async (limit) => {
    const images = Array.from(document.images).filter((img) => img.getBoundingClientRect().top + window.scrollY < limit);
    for (const img of images) img.loading = "eager";
    await Promise.all(images.map((img) => (img.complete ? null : new Promise((resolve) => img.addEventListener("load", resolve, { once: true })))));
  }, checked);
  if (whole > checked) testInfo.annotations.push({ type: "screenshot", description: `${label} px: first ${SCREENS_CHECKED} screens of ${whole} px` });
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${name}-${label}.png`),
    fullPage: true,
    clip: { x: 0, y: 0, width: viewport.width, height: checked },
    animations: "disabled",
    timeout: 30_000,
  });
}

/** Accessibility of the checked screens (axe's time grows with the page's length): no serious or critical violation. */
async function accessibility(page: Page, name: string, label: string, testInfo: TestInfo) {
  await page.locator(`[${BELOW_CHECKED_SCREENS}]`).evaluateAll((elements, attribute) => elements.forEach((e) => e.removeAttribute(attribute)), BELOW_CHECKED_SCREENS);
  await markBelowCheckedScreens(page);
  const results = await wcagAxe(page).exclude(`[${BELOW_CHECKED_SCREENS}]`).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map((v) => ({
    page: name,
    width: label,
    rule: v.id,
    impact: v.impact,
    help: v.help,
    selectors: v.nodes.map((n) => n.target.join(" ")).slice(0, 10),
  }));
  const minor = results.violations.filter((v) => !serious.includes(v)).map((v) => `${v.id} (${v.impact}): ${v.nodes.length}`);
  const body = JSON.stringify({ serious: report, minor }, null, 2);
  await testInfo.attach(`axe-violations-${label}.json`, { body, contentType: "application/json" });
  fs.mkdirSync(A11Y, { recursive: true });
  fs.writeFileSync(path.join(A11Y, `${name}-${label}.json`), body);
  for (const v of report) console.log(`[a11y] ${v.page} @${v.width}: ${v.rule} (${v.impact}) ${v.help} -> ${v.selectors.join(" | ")}`);
  expect.soft(report, `${label} px: serious or critical WCAG 2 A/AA violations`).toEqual([]);
}

test.describe("main pages at 375 and 1280 px", () => {
  for (const main of MAIN_PAGES) {
    const checks = main.wideLayout ? "accessibility at both widths" : "accessibility at 375 px";
    test(`${main.name}: JavaScript weight, sideways scroll at both widths, ${checks}`, async ({ browser, baseURL }, testInfo) => {
      test.setTimeout(SCREENSHOTS_WANTED ? 180_000 : 120_000);
      const { ids, sessions } = await mainPageSetup();
      // A new context per page: an empty cache, as on a first visit, whose scripts are weighed.
      const context = await browser.newContext({ baseURL, storageState: sessions[main.role], viewport: { width: PHONE.width, height: PHONE.height } });
      try {
        const page = await context.newPage();
        const scripts = recordScripts(page);
        const pagePath = main.path(ids);
        await openMainPage(page, pagePath);
        await layout(page, main.name, PHONE.label, testInfo);

        const loaded = await Promise.all(scripts);
        const gzipBytes = loaded.reduce((sum, s) => sum + s.gzip, 0);
        const largest = [...loaded].sort((a, b) => b.gzip - a.gzip)[0];
        const row: JsWeightRow = {
          page: `${main.name} (${pagePath.replace(/[0-9a-f-]{36}|\/\d+(?=$|\/|\?)/g, (m) => (m.startsWith("/") ? "/{id}" : "{uuid}")).replace(/\?.*$/, "")})`,
          order: MAIN_PAGES.indexOf(main),
          scripts: loaded.length,
          gzipBytes,
          afterLoadBytes: loaded.filter((s) => s.afterLoad).reduce((sum, s) => sum + s.gzip, 0),
          transferredBytes: loaded.reduce((sum, s) => sum + s.transferred, 0),
          largest: largest ? { name: new URL(largest.url).pathname.split("/").pop() ?? "", gzipBytes: largest.gzip } : null,
        };
        fs.mkdirSync(JS_WEIGHT_ROWS, { recursive: true });
        fs.writeFileSync(path.join(JS_WEIGHT_ROWS, `${main.name}.json`), JSON.stringify(row));
        expect.soft(gzipBytes, `${main.name}: gzipped first-load JavaScript in bytes`).toBeLessThan(JS_BUDGET_BYTES);
        await accessibility(page, main.name, PHONE.label, testInfo);

        // The same page on a desktop: the layout follows the width (CSS and the components' media queries).
        await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
        await layout(page, main.name, DESKTOP.label, testInfo);
        if (main.wideLayout) await accessibility(page, main.name, DESKTOP.label, testInfo);
      } finally {
        await context.close();
      }
    });
  }
});
