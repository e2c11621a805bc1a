import type { Locator, Page, PageScreenshotOptions } from "@playwright/test";

/**
 * Pictures for a person to look at, taken only when asked (`npm run screenshots`, or
 * SCREENSHOTS=1 with any spec): a full-page capture costs seconds on a long page, and CI asserts
 * what the pictures show instead. A failing test keeps its own screenshot either way
 * (`screenshot: "only-on-failure"` in playwright.config.ts).
 */
export const SCREENSHOTS_WANTED = process.env.SCREENSHOTS === "1";

export async function keepScreenshot(target: Page | Locator, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  await target.screenshot(options);
}
