import type { BrowserContext, Page } from "@playwright/test";
import { ADMIN, signUpOverHttp, type Credentials } from "./support/accounts";
import { ApiClient } from "./support/api-client";
import { expect, signInAs, test, watchConsole } from "./support/fixtures";
import { AdminUsersPage } from "./pages/admin";
import { AppShell } from "./pages/app-shell";
import { settled } from "./pages/settle";
import { CardPage, CatalogPage } from "./pages/cards";
import { TrackingPage } from "./pages/orders";
import { CheckoutPage, CsvImportPanel, ProjectPage } from "./pages/projects";

// One customer's mailing from start to finish; each step is a test and builds on the one before.
test.describe.configure({ mode: "serial" });

const CARD = "Grateful Tide"; // $3.49, used by no other spec
const PROJECT = "Thank-you notes";
const GROUP = "Book club";
const GROUP_MEMBERS = [
  { first_name: "Amelia", last_name: "Hart", address: "14 Cedar Lane", city: "Madison", state: "WI", zip: "53703" },
  { first_name: "Bruno", last_name: "Costa", address: "920 River Road", apt: "Apt 2", city: "Boise", state: "ID", zip: "83702" },
];
const CSV_WITH_ERROR = "First Name,Last Name,Address,City,State,Zip\nCora,Lind,5 Pine Street,Eugene,OR,97401\nDev,Rao,77 Park Place,Austin,TX,\n";
const CSV = "first_name,last_name,address,city,state,zip,company\nCora,Lind,5 Pine Street,Eugene,OR,97401,\nDev,Rao,77 Park Place,Austin,TX,78704,Rao & Sons\n";
const RECIPIENTS = ["Amelia Hart", "Bruno Costa", "Cora Lind", "Dev Rao"];
// A delivery date chosen at checkout, four weeks ahead: the pieces wait, pending, for it.
const DELIVERY = new Date(Date.now() + 28 * 86_400_000);
const DELIVERY_DATE = DELIVERY.toISOString().slice(0, 10);
const DELIVERY_DATE_TEXT = DELIVERY.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

let context: BrowserContext;
let page: Page;
let user: Credentials;
let projectUuid: string;
const consoleErrors: string[] = [];

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  watchConsole(page, consoleErrors);
  user = await signUpOverHttp(page.request, "sender");
  const api = await ApiClient.signIn(page.request, user);
  const members = [];
  for (const member of GROUP_MEMBERS) members.push(await api.createContact(member));
  await api.createGroup(GROUP, members);
});

test.afterAll(async () => {
  await context?.close();
  expect(consoleErrors, "console errors").toEqual([]);
});

test("pick a card and create a project (Send this card)", async () => {
  const catalog = new CatalogPage(page);
  await catalog.goto();
  await catalog.filterByOccasion("Thank You");
  await catalog.open(CARD);
  await expect(page.getByText("$3.49")).toBeVisible();

  // Like a card in a shop, it can be turned over: front, inside and back, one at a time.
  const card = new CardPage(page);
  await expect(card.sides().getByRole("button")).toHaveText(["Front", "Inside", "Back"]);
  await expect(page.getByRole("img", { name: `${CARD} — front` })).toBeVisible();
  await card.showSide("Back");
  const back = page.getByRole("img", { name: `${CARD} — back` });
  await expect(back).toBeVisible();
  await expect(back).toHaveAttribute("src", /\/card-art\/grateful-tide\/back\.svg$/);
  await expect.poll(() => back.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole("img", { name: `${CARD} — front` })).toHaveCount(0);
  await card.showSide("Front");

  await card.sendThisCard({ name: PROJECT, message: "Thank you for the lovely evening. Same time next month?", signoff: "Warmly, Sam" });
  const project = new ProjectPage(page);
  await project.expectLoaded(PROJECT);
  await expect(project.recipients()).toContainText("No recipients yet");
  await expect(project.cost()).toContainText("Add recipients to see the total.");
  projectUuid = project.uuid();
});

test("add recipients from a group", async () => {
  const project = new ProjectPage(page);
  await project.addGroup(GROUP, 2);
  for (const name of ["Amelia Hart", "Bruno Costa"]) await expect(project.recipientRow(name)).toBeVisible();
  await expect(project.recipientRow("Bruno Costa")).toContainText("920 River Road, Apt 2");
  await expect(project.recipientRow("Bruno Costa")).toContainText("Not ordered");
});

test("add recipients from CSV: preview, fix, then import", async () => {
  const project = new ProjectPage(page);
  const csv = new CsvImportPanel(page, await project.openTab("CSV file"));

  // A row with a missing ZIP code: shown in the preview, and nothing can be imported.
  await csv.paste(CSV_WITH_ERROR);
  await expect(csv.preview().getByRole("heading")).toHaveText(/2 rows, 1 ready/);
  await expect(csv.preview().getByRole("alert")).toContainText(/zip/i);
  await expect(csv.importButton()).toBeDisabled();

  // The corrected file, uploaded: every row ready.
  await csv.upload("recipients.csv", CSV);
  const preview = csv.preview();
  await expect(preview.getByRole("heading")).toHaveText(/2 rows, 2 ready/);
  const rows = preview.getByRole("table", { name: "Rows of the file" }).getByRole("row");
  await expect(rows.filter({ hasText: "Cora Lind" })).toContainText("Ready");
  await expect(rows.filter({ hasText: "Dev Rao" })).toContainText("Rao & Sons");
  await csv.importButton().click();
  await expect(csv.tab.getByRole("status")).toHaveText("Imported 2 recipients: 2 new contacts.");
  // The toast shows the same words, hidden from screen readers, which hear the status once.
  await expect(page.locator("[data-toast][aria-hidden='true']", { hasText: "Imported 2 recipients: 2 new contacts." })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Imported 2 recipients" })).toHaveCount(1);

  for (const name of RECIPIENTS) await expect(project.recipientRow(name)).toBeVisible();
  await expect(project.cost()).toContainText("$13.96"); // 4 x $3.49
  await expect(project.cost()).toContainText("You need $13.96 more credit.");
});

test("check out with credit granted by an admin", async ({ browser, baseURL }) => {
  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await signInAs(admin, ADMIN);
    await new AdminUsersPage(admin).grantCredit(user.email, "20.00", "Credit for the e2e mailing");
  } finally {
    await adminContext.close();
  }

  await page.reload();
  await settled(page);
  const project = new ProjectPage(page);
  await expect(project.cost()).toContainText("Your credit covers this order.");
  await project.checkOut();

  const checkout = new CheckoutPage(page);
  await expect(checkout.line("Recipients")).toHaveText("4");
  await expect(checkout.line("Total")).toHaveText("$13.96");
  await expect(checkout.line("Current credit")).toHaveText("$20.00");
  await expect(checkout.line("Credit after")).toHaveText("$6.04");
  await expect(checkout.payment().getByRole("radio", { name: /As soon as possible/ })).toBeChecked();
  await checkout.chooseDeliveryDate(DELIVERY_DATE);
  await checkout.payButton().click();
  await new TrackingPage(page).expectLoaded();
  await new AppShell(page).expectCredit("$6.04");
});

test("the tracking page shows every recipient with its status", async () => {
  const tracking = new TrackingPage(page);
  await tracking.expectLoaded();
  await expect(page.getByRole("main")).toContainText("4 cards");
  await expect(page.getByRole("main")).toContainText("$13.96 charged");
  await expect(tracking.pieces()).toHaveCount(4);
  for (const name of RECIPIENTS) {
    const piece = tracking.piece(name);
    await expect(piece).toContainText("Pending");
    await expect(piece).toContainText("Order placed");
    await expect(piece).toContainText(`Scheduled delivery ${DELIVERY_DATE_TEXT}`);
  }
  await expect(tracking.piece("Dev Rao")).toContainText("Rao & Sons");
  await expect(tracking.piece("Bruno Costa")).toContainText("920 River Road, Apt 2");

  // The order is listed, and the project knows its recipients were ordered.
  const orderId = tracking.orderId();
  await page.goto("/orders");
  await expect(page.getByRole("link", { name: new RegExp(`Order #${orderId}\\b`) })).toBeVisible();
  await page.goto(`/projects/${projectUuid}`);
  await expect(new ProjectPage(page).recipientRow("Cora Lind")).toContainText("Ordered");
});
