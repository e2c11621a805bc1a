import { expect, test } from "@playwright/test";
import path from "node:path";
import { MAIN_PAGES, SCREENS_CHECKED, checkedHeight, mainPageSetup, openMainPage } from "./support/main-pages";

// Screenshots of every main page on a desktop and a phone, kept as a CI artifact: the whole page,
// or its first screens when it is longer (the capture then takes the same time whatever the length).
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
          const { checked, whole } = await checkedHeight(page);
          // Lazy images in the captured part load before the picture is taken.
          await page.evaluate(async (limit) => {
            const images = Array.from(document.images).filter((img) => img.getBoundingClientRect().top + window.scrollY < limit);
            for (const img of images) img.loading = "eager";
            await Promise.all(images.map((img) => (img.complete ? null : new Promise((resolve) => img.addEventListener("load", resolve, { once: true })))));
          }, checked);
          if (whole > checked) test.info().annotations.push({ type: "screenshot", description: `first ${SCREENS_CHECKED} screens of ${whole} px` });
          await page.screenshot({
            path: path.join(OUT, `${main.name}-${viewport.label}.png`),
            fullPage: true,
            clip: { x: 0, y: 0, width: viewport.width, height: checked },
            animations: "disabled",
            timeout: 15_000,
          });
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
