import { ApiClient } from "./support/api-client";
import { expect, test } from "./support/fixtures";
import { AppShell } from "./pages/app-shell";
import { CardPage, CatalogPage } from "./pages/cards";
import { CheckoutPage, ProjectPage } from "./pages/projects";

const CARD = "Thanks a Bunch"; // $3.49

test("with no credit, checkout shows the shortfall and cannot be confirmed", async ({ page, newUser }) => {
  const api = await ApiClient.signIn(page.request, newUser);
  await api.createContact({ first_name: "Nina", last_name: "Park", address: "3 Birch Lane", city: "Raleigh", state: "NC", zip: "27608" });

  await page.goto("/contacts");
  await new AppShell(page).expectCredit("$0.00");

  const catalog = new CatalogPage(page);
  await catalog.goto();
  await catalog.filterByOccasion("Thank You");
  await catalog.open(CARD);
  await new CardPage(page).sendThisCard({ name: "Thanks, Nina", message: "Thank you for the help with the move!" });

  const project = new ProjectPage(page);
  await project.expectLoaded("Thanks, Nina");
  const fromContacts = await project.openTab("From contacts");
  await fromContacts.getByRole("checkbox", { name: /Nina Park/ }).check();
  await fromContacts.getByRole("button", { name: "Add 1 to project" }).click();
  await expect(fromContacts.getByRole("status")).toHaveText("Added 1 recipient.");
  await expect(project.recipientRow("Nina Park")).toBeVisible();
  await expect(project.cost()).toContainText("You need $3.49 more credit.");

  await project.checkOut();
  const checkout = new CheckoutPage(page);
  await expect(checkout.line("Total")).toHaveText("$3.49");
  await expect(checkout.line("Current credit")).toHaveText("$0.00");
  await expect(checkout.payment()).toContainText("You need $3.49 more credit to send this order.");
  await expect(checkout.payButton()).toBeDisabled();
  await expect(checkout.payment().getByRole("link", { name: "Add credit" })).toHaveAttribute("href", "/account");

  // The API refuses the same order with the spec's 402 body.
  const refused = await api.checkout(project.uuid());
  expect(refused.status).toBe(402);
  expect(refused.body).toEqual({ message: "No account credit available to process order", credit_available: 0, order_total: 3.49 });
  await page.goto("/orders");
  await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
});
