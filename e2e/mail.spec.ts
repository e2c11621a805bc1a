import path from "node:path";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { ApiClient } from "./support/api-client";
import { ADMIN, newCredentials } from "./support/accounts";
import { expect, signInAs, test } from "./support/fixtures";
import { LoginPage, SignUpPage } from "./pages/auth";
import { CheckoutPage } from "./pages/projects";
import { settled } from "./pages/settle";
import { keepScreenshot } from "./support/screenshots";
import { wcagAxe } from "./support/axe";

// The e2e server runs without SMTP_URL: mail is kept, and the admin reads it at /admin/mail. The
// pages without state of their own (the forgotten-password form, an expired link, the empty
// mailbox) are checked with the main pages; these are the ones a mail leads to.
// Two browsers (the user and the admin) and checks at two widths on three pages: longer than one page load.
test.setTimeout(240_000);

const SCREENSHOTS = path.join(__dirname, "artifacts", "screenshots");
const WIDTHS = [
  { label: "1280", width: 1280, height: 800 },
  { label: "375", width: 375, height: 812 },
];

/**
 * No sideways scroll at either width, and no WCAG 2 A/AA violation (axe) at the phone's, as the
 * main pages are checked; screenshots of both widths with SCREENSHOTS=1.
 * `skipFrames` leaves the content of the page's iframes out: axe cannot run inside the mailbox's
 * sandboxed frame (no script may run there, which is the point) and waits on it for ever.
 */
async function checkPage(page: Page, name: string, testInfo: TestInfo, options: { skipFrames?: boolean } = {}) {
  for (const viewport of WIDTHS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await settled(page);
    await keepScreenshot(page, { path: path.join(SCREENSHOTS, `${name}-${viewport.label}.png`), fullPage: true, animations: "disabled" });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, `${name} @${viewport.label}: page-wide horizontal overflow in px`).toBeLessThanOrEqual(0);
    if (viewport.width > 375) continue;
    const axe = wcagAxe(page);
    const results = await (options.skipFrames ? axe.exclude("iframe") : axe).analyze();
    const violations = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    await testInfo.attach(`axe-${name}-${viewport.label}.json`, { body: JSON.stringify(violations, null, 2), contentType: "application/json" });
    expect(violations, `${name} @${viewport.label}: axe`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The page's alert that says `text` (Next's route announcer is an alert too). */
const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/**
 * The admin's mailbox in a browser of its own, opened on the newest mail to `to` whose subject
 * matches. A mail written by a job (a password reset) is there once the server's job runner
 * has worked it, a poll or two after the request: the list is loaded again until it shows.
 */
async function openAdminMail(browser: Browser, baseURL: string | undefined, to: string, subject: RegExp) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, ADMIN);
  const row = page.getByRole("listitem").filter({ hasText: to }).filter({ has: page.getByRole("link", { name: subject }) }).first();
  await expect(async () => {
    await page.goto("/admin/mail");
    await expect(page.getByRole("heading", { level: 1, name: "Mail", exact: true })).toBeVisible();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await row.getByRole("link", { name: subject }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  return { context, page, text: (await page.getByTestId("mail-text").textContent()) ?? "" };
}

test("forgot password: the link read from the admin mailbox sets a new password", async ({ page, browser, baseURL, newUser }, testInfo) => {
  // Signed out: the forgotten password is asked for from the sign-in page.
  await page.context().clearCookies();
  const login = new LoginPage(page);
  await login.goto();
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await settled(page);

  // An unknown email gets the same answer as a known one.
  await page.getByRole("textbox", { name: "Email" }).fill(`nobody-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Mail me a link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses nobody-");
  await expect(page.getByRole("status")).toContainText("we have mailed it a link to choose a new password");

  await page.goto("/forgot-password");
  await settled(page);
  await page.getByRole("textbox", { name: "Email" }).fill(newUser.email);
  await page.getByRole("button", { name: "Mail me a link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account uses ${newUser.email}, we have mailed it a link to choose a new password.`);

  const admin = await openAdminMail(browser, baseURL, newUser.email, /^Reset your Cardmail password$/);
  await expect(admin.page.getByText("Kept here")).toBeVisible();
  await expect(admin.page.getByTitle("HTML of the mail: Reset your Cardmail password")).toBeVisible();
  await checkPage(admin.page, "admin-mail-message", testInfo, { skipFrames: true });
  await expect(admin.page.getByRole("link", { name: "← All mail" })).toHaveAttribute("href", "/admin/mail");
  await admin.page.goto("/admin/mail");
  await expect(admin.page.getByRole("heading", { level: 1, name: "Mail", exact: true })).toBeVisible();
  await checkPage(admin.page, "admin-mail-list", testInfo);
  await admin.context.close();

  const link = admin.text.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link, "the reset link in the mail's text").toBeTruthy();
  const { pathname, search } = new URL(link!);
  await page.goto(pathname + search);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await checkPage(page, "reset-password-form", testInfo);

  // The existing password rules.
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(alert(page, "Please correct the highlighted field.")).toBeVisible();

  const newPassword = `${newUser.password}-renewed`;
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page).toHaveURL(/\/login\?password=reset$/);
  await expect(page.getByRole("status").filter({ hasText: "Your password was changed, every session was signed out and your API tokens were revoked." })).toBeVisible();

  // The link works once.
  await page.goto(pathname + search);
  await expect(alert(page, "This link has expired or was already used.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();

  // The old password no longer signs in; the new one does.
  await login.goto();
  await login.signIn({ email: newUser.email, password: newUser.password });
  await expect(alert(page, "The email or password is incorrect.")).toBeVisible();
  await login.signIn({ email: newUser.email, password: newPassword });
  await expect(page).toHaveURL(/\/$/);
});

test("sign up, add credit, send a card: the receipt is in the admin mailbox", async ({ page, browser, baseURL }) => {
  const user = newCredentials("receipt");
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.signUp(user);
  await expect(page).toHaveURL(/\/welcome$/);
  const api = await ApiClient.signIn(page.request, user);
  const { uuid } = await api.createProject("Thank you, Rosa");
  await api.addRecipients(uuid, [{ first_name: "Rosa", last_name: "Parks", address: "12 Cleveland Ave", city: "Montgomery", state: "AL", zip: "36104" }]);

  // The demo top-up (DEMO_PAYMENTS is set for e2e).
  await page.goto("/account/credit");
  await expect(page.getByRole("heading", { level: 1, name: "Add credit" })).toBeVisible();
  await settled(page);
  const form = page.getByRole("form", { name: "Add credit" });
  await form.getByText("$25", { exact: true }).click();
  await form.getByRole("button", { name: "Add $25.00 as a demo top-up" }).click();
  await expect(form.getByRole("status")).toContainText("Your balance is now $25.00.");

  const checkout = new CheckoutPage(page);
  await checkout.goto(uuid);
  await checkout.payButton().click();
  await expect(page).toHaveURL(/\/orders\/\d+/);
  const orderId = page.url().match(/\/orders\/(\d+)/)![1];

  const admin = await openAdminMail(browser, baseURL, user.email, new RegExp(`^Your Cardmail receipt for order #${orderId}$`));
  expect(admin.text).toContain(`Receipt for order #${orderId}`);
  expect(admin.text).toContain("Rosa Parks");
  expect(admin.text).toMatch(new RegExp(`https?://\\S+/orders/${orderId}`));
  await admin.context.close();
});

test("change email: confirmed by the link mailed to the new address; until then the old one stays", async ({ page, browser, baseURL, newUser }, testInfo) => {
  const newEmail = newUser.email.replace(/^e2e-/, "e2e-moved-");
  await page.goto("/account#email");
  await settled(page);
  const panel = page.getByRole("region", { name: "Email", exact: true });
  await panel.getByLabel("New email").fill(newEmail);
  await panel.getByLabel("Current password").fill(newUser.password);
  await panel.getByRole("button", { name: "Change email" }).click();
  await expect(panel.getByRole("status").filter({ hasText: `We mailed a confirmation link to ${newEmail}.` })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("region", { name: "Email", exact: true })).toContainText(`Waiting for confirmation of ${newEmail}`);
  await expect(page.getByRole("region", { name: "Profile" })).toContainText(newUser.email);

  const admin = await openAdminMail(browser, baseURL, newEmail, /^Confirm your new email for Cardmail$/);
  await admin.context.close();
  const link = admin.text.match(/https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link, "the confirmation link in the mail's text").toBeTruthy();
  const { pathname, search } = new URL(link!);
  await page.goto(pathname + search);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your new email" })).toBeVisible();
  await checkPage(page, "confirm-email-form", testInfo);
  await page.getByRole("button", { name: "Confirm the new email" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Your account's email is now ${newEmail}.` })).toBeVisible();

  await page.goto("/account");
  await expect(page.getByRole("region", { name: "Profile" })).toContainText(newEmail);
  await expect(page.getByRole("region", { name: "Email", exact: true })).not.toContainText("Waiting for confirmation");

  // The old address is told, with the way back if its owner did not make the change.
  const notice = await openAdminMail(browser, baseURL, newUser.email, /^The email of your Cardmail account was changed$/);
  await notice.context.close();
  expect(notice.text).toContain(newEmail);
  expect(notice.text).toContain("someone else knows your password");
  const takeBack = notice.text.match(/https?:\/\/\S+\/take-back-account\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(takeBack, "the take-back link in the notice's text").toBeTruthy();

  // Opened by the old address's owner: the account returns to it, with a new password, everyone signed out.
  const owner = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const ownerPage = await owner.newPage();
  const back = new URL(takeBack!);
  await ownerPage.goto(back.pathname + back.search);
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Take your account back" })).toBeVisible();
  await expect(ownerPage.getByText(`The account's email goes back to ${newUser.email}`)).toBeVisible();
  await checkPage(ownerPage, "take-back-account-form", testInfo);
  const newPassword = `${newUser.password}-mine`;
  await ownerPage.getByLabel("New password").fill(newPassword);
  await ownerPage.getByRole("button", { name: "Take my account back" }).click();
  await expect(ownerPage).toHaveURL(/\/login\?account=taken-back$/);
  await expect(ownerPage.getByRole("status").filter({ hasText: "Your account is yours again" })).toBeVisible();

  // The session that changed the email is over; the account signs in with the old email and the new password.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login/);
  const login = new LoginPage(ownerPage);
  await login.signIn({ email: newUser.email, password: newPassword });
  await expect(ownerPage).toHaveURL(/\/$/);
  await ownerPage.goto(back.pathname + back.search);
  await expect(alert(ownerPage, "This link has expired or was already used.")).toBeVisible();
  await owner.close();
});
