import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { ApiClient } from "./support/api-client";
import { expect, test } from "./support/fixtures";
import { settled } from "./pages/settle";
import { keepScreenshot } from "./support/screenshots";
import { wcagAxe } from "./support/axe";

// A new account exports its address book from the contacts page and subscribes its calendar to its dates.

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await wcagAxe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

// Downloads, a feed and two axe runs a test: more than the default minute on a busy machine.
test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ page, newUser }) => {
  const api = await ApiClient.signIn(page.request, newUser);
  await api.createContact({ first_name: "Priya", last_name: "Raman", phone: "+1 608 555 0142", city: "Madison", birth_month: 2, birth_day: 29, children: [{ first_name: "Anika", birth_month: 7, birth_day: 4 }] });
  await api.createContact({ first_name: "Tom", last_name: "Berg", company: "Berg & Sons, Inc." });
});

// Each flow runs at one width: the download on a phone, the calendar address on a desktop. The
// main-pages spec checks both pages at both widths.
test(`the contacts page downloads the address book as CSV and as vCard (375 px)`, async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/contacts");
  await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await keepScreenshot(page, { path: testInfo.outputPath(`contacts-export-375.png`) });
  await expectNoAxeViolations(page);

  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^cardmail-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csvText = await readFile((await csv.path())!, "utf8");
  const lines = csvText.replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines[0]!.startsWith("uuid,internal_id,prefix,first_name")).toBe(true);
  expect(lines.length).toBe(3);
  expect(csvText).toContain("'+1 608 555 0142");
  expect(csvText).toContain('"Berg & Sons, Inc."');

  const [vcf] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export vCard" }).click()]);
  expect(vcf.suggestedFilename()).toMatch(/^cardmail-contacts-\d{4}-\d{2}-\d{2}\.vcf$/);
  const vcfText = await readFile((await vcf.path())!, "utf8");
  expect(vcfText.match(/BEGIN:VCARD/g)?.length).toBe(2);
  expect(vcfText).toContain("FN:Priya Raman");
  expect(vcfText).toContain("BDAY:--0229");
});

test(`the calendar page gives a webcal address to copy, replace and revoke (1280 px)`, async ({ page, context }, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/calendar?month=2&year=2028");
  await settled(page);
  const panel = page.getByRole("region", { name: "Subscribe in your calendar" });
  await panel.getByRole("button", { name: "Get a calendar address" }).click();
  const address = panel.getByRole("textbox", { name: "Your calendar address" });
  await expect(address).toHaveValue(/^webcal:\/\/.+\/api\/v1\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await address.inputValue();
  await expect(panel.getByRole("link", { name: "Open in your calendar app" })).toHaveAttribute("href", first);
  await panel.getByRole("button", { name: "Copy" }).click();
  await expect(panel.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  await panel.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: testInfo.outputPath(`calendar-feed-1280.png`), fullPage: true });
  await expectNoAxeViolations(page);

  const feedPath = (webcal: string) => new URL(webcal.replace(/^webcal:/, "http:")).pathname;
  const feed = await page.request.get(feedPath(first));
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await feed.text()).toContain("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1");

  await panel.getByRole("button", { name: "Replace address" }).click();
  await expect(address).not.toHaveValue(first);
  expect((await page.request.get(feedPath(first))).status()).toBe(404);
  const second = await address.inputValue();

  await panel.getByRole("button", { name: "Revoke", exact: true }).click();
  await panel.getByRole("button", { name: "Revoke address" }).click();
  await expect(panel.getByRole("button", { name: "Get a calendar address" })).toBeVisible();
  expect((await page.request.get(feedPath(second))).status()).toBe(404);
});
