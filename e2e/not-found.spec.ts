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
