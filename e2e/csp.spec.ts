import { expect, test } from "@playwright/test";

// Pages allow scripts by the nonce of their request's policy (proxy.ts): Next's own scripts
// must run under it, with no violation reported.
test.describe("content security policy in the browser", () => {
  test("the sign-in page runs its scripts under the policy, without violations", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => typeof (window as unknown as { next?: unknown }).next)).toBe("object");
    expect(violations).toEqual([]);
  });
});
