import type { Page } from "@playwright/test";

/**
 * Waits until the page's scripts have loaded and the network is quiet, so React has hydrated
 * the client components: a click before that would do nothing.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
}
