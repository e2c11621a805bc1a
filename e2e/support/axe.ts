import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe on a page for the WCAG 2 A and AA rules. Legacy mode runs axe in the page itself: the
 * default opens a second, blank page to merge the frames' results and injects axe's half-megabyte
 * source there again, which doubled each check's time. Cardmail's pages have no cross-origin
 * frames to merge (the mailbox's sandboxed frame is excluded where it appears).
 */
export function wcagAxe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode(true);
}
