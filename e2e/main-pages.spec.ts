import AxeBuilder from "@axe-core/playwright";
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
import { JS_BUDGET_BYTES, JS_WEIGHT_ROWS, type JsWeightRow } from "./support/js-weight";

// Every main page, visited once for all of its checks: at 1280 px, then resized to 375 px, a
// screenshot kept as a CI artifact, no page-wide sideways scroll and no serious or critical WCAG 2
// A/AA violation (axe) at each width, and the first-load JavaScript under its budget. One visit
// per page keeps the suite's time to what the checks cost, not to loading every page twice.
const SCREENSHOTS = path.join(__dirname, "artifacts", "screenshots");
const A11Y = path.join(__dirname, "artifacts", "a11y");
const VIEWPORTS = [
  { label: "1280", width: 1280, height: 800 },
  { label: "375", width: 375, height: 812 },
];

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

/** The first screens of the page at the viewport's width, as a CI artifact; no page-wide sideways scroll. */
async function screenshotAndLayout(page: Page, name: string, label: string, testInfo: TestInfo) {
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
  // Nothing may make the whole page scroll sideways (wide tables scroll inside their own box).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `${label} px: page-wide horizontal overflow in px`).toBeLessThanOrEqual(0);
}

/** Accessibility of the checked screens (axe's time grows with the page's length): no serious or critical violation. */
async function accessibility(page: Page, name: string, label: string, testInfo: TestInfo) {
  await page.locator(`[${BELOW_CHECKED_SCREENS}]`).evaluateAll((elements, attribute) => elements.forEach((e) => e.removeAttribute(attribute)), BELOW_CHECKED_SCREENS);
  await markBelowCheckedScreens(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).exclude(`[${BELOW_CHECKED_SCREENS}]`).analyze();
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

test.describe("main pages at 1280 and 375 px", () => {
  for (const main of MAIN_PAGES) {
    test(`${main.name}: screenshot, layout and accessibility at each width, JavaScript weight`, async ({ browser, baseURL }, testInfo) => {
      // Checks at two widths on one visit; the API reference and the admin catalog are long pages.
      test.setTimeout(180_000);
      const { ids, sessions } = await mainPageSetup();
      const [wide, narrow] = VIEWPORTS as [(typeof VIEWPORTS)[number], (typeof VIEWPORTS)[number]];
      // A new context per page: an empty cache, as on a first visit, whose scripts are weighed.
      const context = await browser.newContext({ baseURL, storageState: sessions[main.role], viewport: { width: wide.width, height: wide.height } });
      try {
        const page = await context.newPage();
        const scripts = recordScripts(page);
        const pagePath = main.path(ids);
        await openMainPage(page, pagePath);
        await screenshotAndLayout(page, main.name, wide.label, testInfo);

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
        await accessibility(page, main.name, wide.label, testInfo);

        // The same page on a phone: the layout follows the width (CSS and the components' media queries).
        await page.setViewportSize({ width: narrow.width, height: narrow.height });
        await page.waitForLoadState("networkidle");
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
        await screenshotAndLayout(page, main.name, narrow.label, testInfo);
        await accessibility(page, main.name, narrow.label, testInfo);
      } finally {
        await context.close();
      }
    });
  }
});
