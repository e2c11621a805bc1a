import { ADMIN, signUpOverHttp } from "./support/accounts";
import { expect, signInAs, test } from "./support/fixtures";
import { AdminCardsPage, AdminJobsPage } from "./pages/admin";
import { CatalogPage } from "./pages/cards";

// A Get Well card of the seed catalog that no other spec uses.
const CARD = "Feel Better Soon";

test("an admin deactivates a card and it leaves the catalog", async ({ page, browser, baseURL }) => {
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  await signUpOverHttp(customer.request, "catalog");
  await signInAs(page, ADMIN);
  const admin = new AdminCardsPage(page);
  let deactivated = false;

  try {
    const catalog = new CatalogPage(customer);
    await catalog.goto();
    await catalog.filterByOccasion("Get Well");
    await catalog.open(CARD);
    const cardUrl = customer.url();

    await admin.goto();
    await admin.setActive(CARD, false);
    deactivated = true;

    await catalog.goto();
    await catalog.filterByOccasion("Get Well");
    await expect(catalog.grid()).toBeVisible();
    await expect(catalog.tile(CARD)).toHaveCount(0);
    await customer.goto(cardUrl);
    await expect(customer.getByRole("heading", { name: "Card not found" })).toBeVisible();

    await admin.setActive(CARD, true);
    deactivated = false;
    await catalog.goto();
    await catalog.filterByOccasion("Get Well");
    await expect(catalog.tile(CARD)).toBeVisible();
  } finally {
    // Leave the catalog as the seed made it, even when an assertion failed half-way.
    if (deactivated) {
      await admin.goto();
      await admin.setActive(CARD, true);
    }
    await customerContext.close();
  }
});

test("the admin area does not exist for customers: every page answers like an unknown address", async ({ page, newUser: _user }) => {
  // The page an unknown address gets, signed in as the same customer.
  const unknown = await page.goto("/no-such-page");
  expect(unknown?.status()).toBe(404);
  const notFoundPage = await page.locator("body").innerText();
  for (const path of ["/admin", "/admin/cards", "/admin/users", "/admin/orders", "/admin/orders/1", "/admin/jobs"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page, path).toHaveTitle("Page not found · Cardmail");
    await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
    // The same page, not the app's shell around a not-found panel: one main landmark, no navigation.
    expect(await page.locator("body").innerText(), path).toBe(notFoundPage);
    await expect(page.getByRole("main"), path).toHaveCount(1);
    await expect(page.getByRole("navigation"), path).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Deactivate/ })).toHaveCount(0);
  }
});

test("an admin sees the job queues with their depth and the last day's outcomes", async ({ page }) => {
  await signInAs(page, ADMIN);
  await page.goto("/admin");
  const jobs = new AdminJobsPage(page);
  await jobs.openFromNav();

  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page).toHaveTitle("Jobs · Admin · Cardmail");
  await expect(jobs.queues().getByRole("columnheader")).toHaveText(["Queue", "Waiting", "Retrying", "Running", "Completed (24 h)", "Failed (24 h)"]);
  for (const queue of ["fulfilment-step", "prune-expired-records"]) {
    await expect(jobs.queueRow(queue)).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 2, name: "Recent failures" })).toBeVisible();
});
