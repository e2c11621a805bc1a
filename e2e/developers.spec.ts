import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import path from "node:path";
import { signUpOverHttp } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { DevelopersPage } from "./pages/developers";

const SHOTS = path.join(__dirname, "artifacts", "screenshots");

const contactsStatus = async (request: APIRequestContext, token: string) =>
  (await request.get("/api/v1/contacts", { headers: { authorization: `Bearer ${token}`, accept: "application/json" } })).status();

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
}

test("a token made in the web app works with the API until it is replaced or revoked", async ({ page, request }) => {
  // Two axe runs and two screenshots on top of the steps: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpOverHttp(page.request, "developer");
  const developers = new DevelopersPage(page);

  await page.goto("/account");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Developers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Developers" })).toBeVisible();
  await expect(developers.tokens()).toContainText("No app has an active token.");
  await developers.goto();

  const first = await developers.createToken("crm-sync");
  expect(first).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(await contactsStatus(request, first)).toBe(200);
  await expect(developers.token("crm-sync")).toContainText("Never used");
  await developers.goto();
  await expect(developers.token("crm-sync")).toContainText("Last used");

  // The same app_id again: as a login with it would, the new token replaces the old one.
  await developers.tokens().getByLabel("App ID").fill("crm-sync");
  await expect(developers.tokens()).toContainText("crm-sync already has a token: a new one revokes it");
  const second = await developers.createToken("crm-sync", "Replace token");
  await expect(developers.tokens()).toContainText("The previous token of crm-sync was revoked");
  expect(await contactsStatus(request, first)).toBe(401);
  expect(await contactsStatus(request, second)).toBe(200);

  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(SHOTS, "developers-token-1280.png"), fullPage: true, animations: "disabled" });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(SHOTS, "developers-token-375.png"), fullPage: true, animations: "disabled" });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "page-wide horizontal overflow in px").toBeLessThanOrEqual(0);

  await developers.revoke("crm-sync");
  await expect(developers.tokens()).toContainText("No app has an active token.");
  expect(await contactsStatus(request, second)).toBe(401);
});
