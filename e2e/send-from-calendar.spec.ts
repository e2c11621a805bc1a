import { ADMIN, signUpOverHttp } from "./support/accounts";
import { ApiClient } from "./support/api-client";
import { expect, signInAs, test, watchConsole } from "./support/fixtures";
import { AdminUsersPage } from "./pages/admin";
import { CalendarPage } from "./pages/calendar";
import { CardPage } from "./pages/cards";
import { TrackingPage } from "./pages/orders";
import { CheckoutPage, ProjectPage } from "./pages/projects";
import { settled } from "./pages/settle";

// "Send a card" from a birthday on the calendar: the catalog opens on birthday cards for that
// contact, and the birthday travels on to checkout as the delivery date.
const BIRTHDAY = new Date(Date.now() + 40 * 86_400_000);
const BIRTHDAY_ISO = BIRTHDAY.toISOString().slice(0, 10);
const MONTH = BIRTHDAY.getUTCMonth() + 1;
const YEAR = BIRTHDAY.getUTCFullYear();
const BIRTHDAY_TEXT = BIRTHDAY.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const FULL_DATE = BIRTHDAY.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

test("send a card from a calendar date: the birthday becomes the delivery date", async ({ page, browser, baseURL }) => {
  const consoleErrors: string[] = [];
  watchConsole(page, consoleErrors);
  // Signed up on the page's own request context: the page is signed in as this user.
  const user = await signUpOverHttp(page.request, "calendar-sender");
  const api = await ApiClient.signIn(page.request, user);
  await api.createContact({
    first_name: "Zora",
    last_name: "Quill",
    birth_month: MONTH,
    birth_day: BIRTHDAY.getUTCDate(),
    address: "8 Lantern Row",
    city: "Portland",
    state: "ME",
    zip: "04101",
  });
  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await signInAs(admin, ADMIN);
    await new AdminUsersPage(admin).grantCredit(user.email, "10.00", "Credit for a birthday card");
  } finally {
    await adminContext.close();
  }

  const calendar = new CalendarPage(page);
  await calendar.goto(MONTH, YEAR);
  await calendar.day(FULL_DATE).getByRole("link", { name: "Send a card for Zora Quill's birthday" }).click();

  await expect(page).toHaveURL(new RegExp(`/cards\\?.*occasion=birthday.*delivery_date=${BIRTHDAY_ISO}`));
  await settled(page);
  await expect(page.getByRole("status").filter({ hasText: "Choosing a card for" })).toContainText(`Choosing a card for Zora Quill to arrive on ${BIRTHDAY_TEXT}`);
  await expect(page.getByRole("combobox", { name: "Occasion" })).toHaveValue("birthday");
  await page.getByRole("list", { name: "Cards" }).getByRole("link").first().click();
  await settled(page);

  await new CardPage(page).sendThisCard({ name: "Zora's birthday", message: "Happy birthday, {first_name}!" });
  const project = new ProjectPage(page);
  await expect(project.recipientRow("Zora Quill")).toBeVisible();
  await project.checkOut();

  const checkout = new CheckoutPage(page);
  await expect(checkout.payment().getByRole("radio", { name: "On a date I choose" })).toBeChecked();
  await expect(checkout.payment().getByLabel("Delivery date")).toHaveValue(BIRTHDAY_ISO);
  await checkout.payButton().click();

  const tracking = new TrackingPage(page);
  await tracking.expectLoaded();
  await expect(tracking.piece("Zora Quill")).toContainText(`Scheduled delivery ${BIRTHDAY_TEXT}`);
  await expect(tracking.piece("Zora Quill")).toContainText("Pending");
  expect(consoleErrors, "console errors").toEqual([]);
});
