import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { BELOW_CHECKED_SCREENS, MAIN_PAGES, mainPageSetup, markBelowCheckedScreens, openMainPage } from "./support/main-pages";

// WCAG 2 A and AA rules on every main page, wide and narrow: no serious or critical violation.
// The check covers the page's first screens (SCREENS_CHECKED): axe's time grows with the page.
const OUT = path.join(__dirname, "artifacts", "a11y");
const VIEWPORTS = [
  { label: "1280", width: 1280, height: 800 },
  { label: "375", width: 375, height: 812 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility at ${viewport.label} px`, () => {
    for (const main of MAIN_PAGES) {
      test(`${main.name} has no serious or critical WCAG 2 A/AA violations`, async ({ browser, baseURL }, testInfo) => {
        const { ids, sessions } = await mainPageSetup();
        const context = await browser.newContext({ baseURL, storageState: sessions[main.role], viewport });
        try {
          const page = await context.newPage();
          await openMainPage(page, main.path(ids));
          await markBelowCheckedScreens(page);
          const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).exclude(`[${BELOW_CHECKED_SCREENS}]`).analyze();
          const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
          const report = serious.map((v) => ({
            page: main.name,
            width: viewport.label,
            rule: v.id,
            impact: v.impact,
            help: v.help,
            selectors: v.nodes.map((n) => n.target.join(" ")).slice(0, 10),
          }));
          const minor = results.violations.filter((v) => !serious.includes(v)).map((v) => `${v.id} (${v.impact}): ${v.nodes.length}`);
          const body = JSON.stringify({ serious: report, minor }, null, 2);
          await testInfo.attach("axe-violations.json", { body, contentType: "application/json" });
          fs.mkdirSync(OUT, { recursive: true });
          fs.writeFileSync(path.join(OUT, `${main.name}-${viewport.label}.json`), body);
          for (const v of report) console.log(`[a11y] ${v.page} @${v.width}: ${v.rule} (${v.impact}) ${v.help} -> ${v.selectors.join(" | ")}`);
          expect(report).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  });
}
