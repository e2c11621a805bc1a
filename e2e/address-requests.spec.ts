import type { Page } from "@playwright/test";
import { expect, test, watchConsole } from "./support/fixtures";
import { wcagAxe } from "./support/axe";
import { keepScreenshot } from "./support/screenshots";

// A user asks a friend for their address: creates a link, the friend opens it signed out on a
// phone and sends the form, and the owner accepts it and finds the new contact.

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await wcagAxe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe.configure({ timeout: 180_000 });

test("ask a friend for their address, and accept it into the address book", async ({ page, browser, baseURL, newUser: _user }, testInfo) => {
  await page.goto("/address-requests");
  await expect(page.getByRole("heading", { level: 1, name: "Address requests" })).toBeVisible();
  await expect(page.getByText("No links yet")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Message").fill("Holiday cards are coming! Where should yours go?");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page).toHaveURL(/\/address-requests\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Holiday cards are coming! Where should yours go?" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code of the link" })).toBeVisible();
  const url = await page.getByLabel("Link to share").inputValue();
  expect(url).toMatch(/\/address\/[A-Za-z0-9_-]{43}$/);
  const reviewUrl = page.url();

  // The friend: no account, a phone's width, the page's own origin.
  const friendContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const friend = await friendContext.newPage();
  const friendErrors: string[] = [];
  watchConsole(friend, friendErrors);
  const scripts: string[] = [];
  friend.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  try {
    await friend.goto(new URL(new URL(url).pathname, baseURL).toString());
    await expect(friend.getByRole("heading", { level: 1 })).toContainText("would like to send you a card");
    await expect(friend.getByText("Holiday cards are coming! Where should yours go?")).toBeVisible();
    expect(await friend.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(friend);
    await keepScreenshot(friend, { path: testInfo.outputPath("address-page-375.png"), fullPage: true });

    // A mistake first: the form comes back with it beside its field, and what was typed kept.
    await friend.getByLabel("First name", { exact: true }).first().fill("Marisol");
    await friend.getByLabel("Last name", { exact: true }).first().fill("Vega");
    await friend.getByLabel("Street address").fill("48 Orchard Street");
    await friend.getByLabel("City").fill("Burlington");
    await friend.getByLabel("State").fill("VT");
    await friend.getByLabel("ZIP or postal code").fill("30301");
    await friend.getByLabel("Email").fill("marisol.vega@example.org");
    await friend.getByLabel("Month").first().selectOption({ label: "March" });
    await friend.getByLabel("Day").first().fill("14");
    await friend.getByRole("button", { name: "Send my address" }).click();
    await expect(friend.getByRole("alert")).toContainText("This ZIP code is in Georgia, not Vermont");
    await expect(friend.getByLabel("ZIP or postal code")).toHaveAttribute("aria-invalid", "true");
    await expect(friend.getByLabel("Street address")).toHaveValue("48 Orchard Street");
    await expectNoAxeViolations(friend);
    await keepScreenshot(friend, { path: testInfo.outputPath("address-page-errors-375.png"), fullPage: true });

    await friend.getByLabel("ZIP or postal code").fill("05401");
    await friend.getByRole("button", { name: "Send my address" }).click();
    await expect(friend.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
    await expect(friend.locator("body")).not.toContainText("Orchard");
    await expectNoAxeViolations(friend);
    expect(scripts, "the page at the link loads no JavaScript").toEqual([]);
    // The form sent back with its mistake is a 422 on purpose; the browser notes that status.
    expect(friendErrors.filter((error) => !/status of 422/.test(error))).toEqual([]);
  } finally {
    await friendContext.close();
  }

  // The owner: the note on the contacts list leads to the review.
  await page.goto("/contacts");
  await page.getByRole("link", { name: "1 new address to review" }).click();
  await expect(page).toHaveURL(/\/address-requests$/);
  await page.goto(reviewUrl);
  await expect(page.getByRole("heading", { name: "To review (1)" })).toBeVisible();
  const card = page.getByRole("main").getByRole("listitem").filter({ hasText: "Marisol Vega" });
  await expect(card).toContainText("48 Orchard Street");
  await expect(card).toContainText("Burlington, VT 05401");
  await expect(card).toContainText("March 14");
  await expect(card).toContainText("Accepting adds a new contact.");
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: testInfo.outputPath("address-request-review-1280.png"), fullPage: true });
  await page.getByRole("button", { name: "Accept Marisol Vega" }).click();
  await expect(page.getByRole("heading", { name: "To review (0)" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: "Marisol Vega" })).toContainText("Accepted");

  await page.goto("/contacts");
  await expect(page.getByRole("link", { name: /Marisol Vega/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /new address(es)? to review/ })).toHaveCount(0);
});

test("a closed link says so, and takes nothing", async ({ page, browser, baseURL, newUser: _user }) => {
  await page.goto("/address-requests");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page).toHaveURL(/\/address-requests\/\d+$/);
  const url = await page.getByLabel("Link to share").inputValue();
  await page.getByRole("button", { name: "Close link" }).click();
  await expect(page.getByRole("button", { name: "Reopen link" })).toBeVisible();

  const friendContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  try {
    const friend = await friendContext.newPage();
    const response = await friend.goto(new URL(new URL(url).pathname, baseURL).toString());
    expect(response?.status()).toBe(404);
    await expect(friend.getByRole("heading", { level: 1, name: "This link is closed" })).toBeVisible();
    await expectNoAxeViolations(friend);
  } finally {
    await friendContext.close();
  }
});
