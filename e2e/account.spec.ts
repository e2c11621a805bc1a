import path from "node:path";
import { apiToken } from "./support/accounts";
import { expect, test } from "./support/fixtures";

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
  await settings.getByRole("combobox", { name: "Time zone" }).selectOption("Australia/Adelaide");
  await settings.getByRole("button", { name: "Save name and time zone" }).click();
  await expect(settings.getByText("Your name and time zone were saved.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: /Grace Hopper/ })).toBeVisible();
  await settings.screenshot({ path: path.join(SCREENSHOTS, "account-settings-1280.png") });
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
