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
  const nina = fromContacts.getByRole("listitem").filter({ hasText: "Nina Park" });
  await expect(nina).toContainText("On project");
  await expect(nina.getByRole("checkbox")).toBeChecked();
  await expect(nina.getByRole("checkbox")).toBeDisabled();
  await expect(fromContacts.getByRole("button", { name: "Select all shown" })).toHaveCount(0);
  await expect(project.recipientRow("Nina Park")).toBeVisible();
  await expect(project.cost()).toContainText("You need $3.49 more credit.");

  await project.checkOut();
  const checkout = new CheckoutPage(page);
  await expect(checkout.line("Total")).toHaveText("$3.49");
  await expect(checkout.line("Current credit")).toHaveText("$0.00");
  await expect(checkout.payment()).toContainText("You need $3.49 more credit to send this order.");
  await expect(checkout.payButton()).toBeDisabled();
  await expect(checkout.payment().getByRole("link", { name: "Add credit" })).toHaveAttribute("href", `/account/credit?return=/projects/${project.uuid()}/checkout`);

  // The API refuses the same order with the spec's 402 body.
  const refused = await api.checkout(project.uuid());
  expect(refused.status).toBe(402);
  expect(refused.body).toEqual({ message: "No account credit available to process order", credit_available: 0, order_total: 3.49 });
  await page.goto("/orders");
  await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
});

test("a new account adds credit with the demo top-up, goes back to checkout and pays", async ({ page, newUser }) => {
  const api = await ApiClient.signIn(page.request, newUser);
  await api.createContact({ first_name: "Omar", last_name: "Reyes", address: "8 Elm Street", city: "Austin", state: "TX", zip: "78701" });
  const shell = new AppShell(page);

  // From the account page: the credit page offers the packs and the labelled demo top-up.
  await page.goto("/account");
  await page.getByRole("region", { name: "Credit" }).getByRole("link", { name: "Add credit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add credit" })).toBeVisible();
  const form = page.getByRole("form", { name: "Add credit" });
  await expect(form.getByText("Demo top-up: no payment is taken.")).toBeVisible();

  // A custom amount out of range is refused in words, and nothing is added.
  await form.getByText("Other amount").click();
  await form.getByLabel("Amount in dollars").fill("5");
  await form.getByRole("button", { name: "Add as a demo top-up" }).click();
  await expect(form.getByText("The amount must be between $10 and $1,000.")).toBeVisible();
  await expect(form.getByLabel("Amount in dollars")).toBeFocused();

  await form.getByLabel("Amount in dollars").fill("12.50");
  await form.getByRole("button", { name: "Add $12.50 as a demo top-up" }).click();
  await expect(form.getByRole("status")).toContainText("Added $12.50 as a demo top-up. Your balance is now $12.50.");
  await shell.expectCredit("$12.50");

  // The history names the purchase and says that it was a demo.
  await page.goto("/account#credit-history");
  const history = page.getByRole("region", { name: "Credit history" });
  await expect(history).toContainText("Credit bought");
  await expect(history).toContainText("Demo top-up: no payment was taken.");

  // A project that costs more than the balance: checkout's "Add credit" leads here and back.
  const { uuid } = await api.createProject("Thanks, everyone");
  const recipients = Array.from({ length: 8 }, (_, i) => ({ first_name: `Sam${i}`, last_name: "Lee", address: `${i + 1} Oak Road`, city: "Austin", state: "TX", zip: "78701" }));
  await api.addRecipients(uuid, recipients);
  const checkout = new CheckoutPage(page);
  await checkout.goto(uuid);
  await expect(checkout.payButton()).toBeDisabled();
  await checkout.payment().getByRole("link", { name: "Add credit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add credit" })).toBeVisible();
  await form.getByText("$100", { exact: true }).click();
  await form.getByRole("button", { name: "Add $100.00 as a demo top-up" }).click();
  await expect(form.getByRole("status")).toContainText("Your balance is now $112.50.");
  await form.getByRole("link", { name: "Back to checkout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check out" })).toBeVisible();
  await expect(checkout.line("Current credit")).toHaveText("$112.50");
  await expect(checkout.payButton()).toBeEnabled();
});
