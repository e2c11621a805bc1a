import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// An address that names nothing of the signed-in account answers HTTP 404 with the section's
// not-found page, not a 200 that only looks like one: crawlers, link checkers and monitoring
// go by the status.
const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";
const pages = [
  { path: `/contacts/${UNKNOWN_UUID}`, heading: "Contact not found" },
  { path: `/contacts/${UNKNOWN_UUID}/edit`, heading: "Contact not found" },
  { path: "/groups/2147480000", heading: "Group not found" },
  { path: "/cards/2147480000", heading: "Card not found" },
  { path: `/projects/${UNKNOWN_UUID}`, heading: "Project not found" },
  { path: `/projects/${UNKNOWN_UUID}/checkout`, heading: "Project not found" },
  { path: "/orders/2147480000", heading: "Order not found" },
  { path: "/orders/not-a-number", heading: "Order not found" },
  { path: "/automations/2147480000", heading: "Automation not found" },
  { path: "/automations/not-a-number", heading: "Automation not found" },
];

test("unknown contacts, groups, cards, projects, orders and automations answer 404 with their not-found page", async ({ page, newUser: _user }) => {
  for (const { path, heading } of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: heading }), path).toBeVisible();
  }
});

// The admin area does not exist for a customer: any of its addresses answers exactly what an
// unknown address does, in the HTML a client without JavaScript reads (status and title: Next
// takes a thrown 404's title from the nearest not-found.tsx) and in the browser (the page).
const ADMIN_PATHS = ["/admin", "/admin/cards", "/admin/users", "/admin/orders", "/admin/orders/1", "/admin/mail", "/admin/mail/not-a-number", "/admin/jobs", "/admin/no-such-page"];
const UNKNOWN_PATH = "/no-such-page";
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

async function unknownAddressPage(page: Page) {
  const raw = await page.request.get(UNKNOWN_PATH);
  expect(raw.status()).toBe(404);
  const title = titleOf(await raw.text());
  expect(title).toBe("Page not found · Cardmail");
  await page.goto(UNKNOWN_PATH);
  return { title: title!, text: await page.getByRole("main").innerText() };
}

async function expectSameNotFound(page: Page, path: string, expected: { title: string; text: string }) {
  const raw = await page.request.get(path);
  expect(raw.status(), path).toBe(404);
  expect(titleOf(await raw.text()), path).toBe(expected.title);
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page, path).toHaveTitle(expected.title);
  await expect(page.getByRole("main"), path).toHaveText(expected.text);
  await expect(page.getByRole("link", { name: "Back to the home page" }), path).toBeVisible();
}

test("a customer's address in the admin area answers the same not-found page as an unknown address", async ({ page, newUser: _user }) => {
  const expected = await unknownAddressPage(page);
  for (const path of ADMIN_PATHS) await expectSameNotFound(page, path, expected);
});
