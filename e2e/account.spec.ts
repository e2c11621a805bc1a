import path from "node:path";
import { apiToken } from "./support/accounts";
import { ApiClient } from "./support/api-client";
import { expect, test } from "./support/fixtures";
import { LoginPage } from "./pages/auth";
import { keepScreenshot } from "./support/screenshots";

const SCREENSHOTS = path.join(__dirname, "artifacts", "screenshots");

/** How the app writes a moment in a zone (lib/time-zone.ts), spaces as a reader sees them. */
const inZone = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone })
    .format(new Date(iso))
    .replace(/\s+/g, " ");

test("a new name and time zone show across the app, and every time moves to the zone", async ({ page, newUser }) => {
  // A token used once: the Developers page shows when, to the minute.
  const token = await apiToken(page.request, newUser, "zone-check");
  expect((await page.request.get("/api/v1/account", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  await page.goto("/account/developers");
  const lastUsed = page.getByText(/^Last used/).locator("time");
  const instant = (await lastUsed.getAttribute("datetime"))!;
  await expect(lastUsed).toHaveText(inZone(instant, "UTC"));

  await page.goto("/account");
  const settings = page.getByRole("region", { name: "Name and time zone" });
  await settings.getByRole("textbox", { name: "Your name" }).fill("Grace Hopper");
  // The zones are grouped by region with friendly names, and a search narrows them (the chosen one stays).
  await settings.getByRole("searchbox", { name: "Find a time zone" }).fill("adelaide");
  await expect(settings.getByRole("combobox", { name: "Time zone" }).locator("option")).toHaveText(["UTC: Coordinated Universal Time", /^Adelaide: .*Central.* \(GMT\+\d+:30\)$/]);
  await settings.getByRole("combobox", { name: "Time zone" }).selectOption("Australia/Adelaide");
  await settings.getByRole("button", { name: "Save name and time zone" }).click();
  await expect(settings.getByText("Your name and time zone were saved.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: /Grace Hopper/ })).toBeVisible();
  await keepScreenshot(settings, { path: path.join(SCREENSHOTS, "account-settings-1280.png") });
  await page.reload();
  await expect(page.locator("#profile")).toContainText("Australia/Adelaide");
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Australia/Adelaide");

  // The same moment, now written in Adelaide's time (UTC+9:30, or +10:30 in its summer).
  await page.goto("/account/developers");
  await expect(page.getByText(/^Last used/).locator("time")).toHaveAttribute("datetime", instant);
  await expect(page.getByText(/^Last used/).locator("time")).toHaveText(inZone(instant, "Australia/Adelaide"));
  expect(inZone(instant, "Australia/Adelaide")).toMatch(/GMT\+(9|10):30$/);

  // The API keeps answering in UTC, whatever the zone.
  const account = await page.request.get("/api/v1/account", { headers: { authorization: `Bearer ${token}` } });
  expect(((await account.json()) as { created_at: string }).created_at).toMatch(/Z$/);

  // A zone that is not in the list is refused in words.
  await page.goto("/account");
  await page.getByRole("combobox", { name: "Time zone" }).evaluate((select: HTMLSelectElement) => {
    select.add(new Option("Nowhere", "Nowhere/Town"));
    select.value = "Nowhere/Town";
  });
  await page.getByRole("button", { name: "Save name and time zone" }).click();
  await expect(page.getByText("Choose a time zone from the list.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveAttribute("aria-invalid", "true");
});

test("deleting the account takes the email typed again and the password, signs out, and nothing opens it after", async ({ page, newUser }) => {
  // On a phone's width: the panel is the last of a long page.
  await page.setViewportSize({ width: 375, height: 812 });
  const client = await ApiClient.signIn(page.request, newUser);
  const contact = await client.createContact({ first_name: "Ada", last_name: "Lovelace", address: "12 Analytical Way", city: "London", state: "NY", zip: "10001" });
  await client.createGroup("Family", [contact]);
  const token = await apiToken(page.request, newUser, "delete-check");

  await page.goto("/account");
  const panel = page.getByRole("region", { name: "Delete account" });
  await expect(panel.getByRole("heading", { name: "Delete account" })).toBeVisible();
  await expect(panel).toContainText("This cannot be undone.");
  const confirm = panel.getByRole("textbox", { name: `Type ${newUser.email} to confirm` });
  const password = panel.getByLabel("Your password");

  await confirm.fill("someone-else@example.com");
  await password.fill(newUser.password);
  await panel.getByRole("button", { name: "Delete my account" }).click();
  await expect(panel.getByText("Type your email address exactly as it is shown to confirm.")).toBeVisible();
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  await keepScreenshot(panel, { path: path.join(SCREENSHOTS, "account-delete-375.png") });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // The email alone is not enough: a session left open does not delete the account.
  await confirm.fill(newUser.email.toUpperCase());
  await password.fill("not-the-password");
  await panel.getByRole("button", { name: "Delete my account" }).click();
  await expect(panel.getByText("The password is incorrect.")).toBeVisible();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(confirm).not.toHaveAttribute("aria-invalid", "true");

  await password.fill(newUser.password);
  await panel.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/login\?deleted=1$/);
  await expect(page.getByText("Your account was deleted, and you were signed out.")).toBeVisible();

  // Signed out, and nothing signs in to it again: not the pages, the password, nor a token.
  await page.goto("/contacts");
  await expect(page).toHaveURL(/\/login/);
  const login = new LoginPage(page);
  await login.signIn(newUser);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("The email or password is incorrect.");
  expect((await page.request.get("/api/v1/contacts", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
});
