import { expect, test } from "@playwright/test";
import path from "node:path";
import { MAIN_PAGES, mainPageSetup, openMainPage } from "./support/main-pages";

// Full-page screenshots of every main page on a desktop and a phone, kept as a CI artifact.
const OUT = path.join(__dirname, "artifacts", "screenshots");
const VIEWPORTS = [
  { label: "1280", width: 1280, height: 800 },
  { label: "375", width: 375, height: 812 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`screenshots at ${viewport.label} px`, () => {
    for (const main of MAIN_PAGES) {
      test(`${main.name}`, async ({ browser, baseURL }) => {
        const { ids, sessions } = await mainPageSetup();
        const context = await browser.newContext({ baseURL, storageState: sessions[main.role], viewport });
        try {
          const page = await context.newPage();
          await openMainPage(page, main.path(ids));
          // Lazy images below the fold load before the picture is taken.
          await page.evaluate(async () => {
            for (const img of Array.from(document.images)) img.loading = "eager";
            await Promise.all(Array.from(document.images).map((img) => (img.complete ? null : new Promise((resolve) => img.addEventListener("load", resolve, { once: true })))));
          });
          await page.screenshot({ path: path.join(OUT, `${main.name}-${viewport.label}.png`), fullPage: true, animations: "disabled" });
          // Nothing may make the whole page scroll sideways (wide tables scroll inside their own box).
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect.soft(overflow, "page-wide horizontal overflow in px").toBeLessThanOrEqual(0);
        } finally {
          await context.close();
        }
      });
    }
  });
}
