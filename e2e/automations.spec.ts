import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { signUpOverHttp, type Credentials } from "./support/accounts";
import { ApiClient } from "./support/api-client";
import { expect, test, watchConsole } from "./support/fixtures";
import { AppShell } from "./pages/app-shell";
import { AutomationPage, AutomationsPage } from "./pages/automations";
import { CalendarPage } from "./pages/calendar";
import { settled } from "./pages/settle";
import { keepScreenshot } from "./support/screenshots";
import { wcagAxe } from "./support/axe";

// One customer sets up an automation from the empty list to the calendar; each step builds on the one before.
test.describe.configure({ mode: "serial" });

const NAME = "Friends' birthdays";
const DAY = 86_400_000;
// Two and three weeks ahead: not due yet (a card goes out a week before it arrives), so nothing is sent.
const FRIENDS = [
  { first_name: "Amelia", last_name: "Hart", address: "14 Cedar Lane", city: "Madison", state: "WI", zip: "53703", inDays: 14 },
  { first_name: "Bruno", last_name: "Costa", address: "920 River Road", city: "Boise", state: "ID", zip: "83702", inDays: 21 },
];
const birthday = (inDays: number) => new Date(Date.now() + inDays * DAY);
const GROUP = "Book club";
const OUT = path.join(__dirname, "artifacts", "screenshots");

let context: BrowserContext;
let page: Page;
let user: Credentials;
let card: { name: string; price: string };
const consoleErrors: string[] = [];

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  watchConsole(page, consoleErrors);
  user = await signUpOverHttp(page.request, "automator");
  const api = await ApiClient.signIn(page.request, user);
  const friends = [];
  for (const { inDays, ...friend } of FRIENDS) {
    const date = birthday(inDays);
    friends.push(await api.createContact({ ...friend, birth_month: date.getUTCMonth() + 1, birth_day: date.getUTCDate(), birth_year: 1990 }));
  }
  await api.createGroup(GROUP, [friends[1]!]);
  // No address: never among the upcoming sends.
  const date = birthday(10);
  await api.createContact({ first_name: "Cleo", last_name: "Nomad", birth_month: date.getUTCMonth() + 1, birth_day: date.getUTCDate() });
  card = await api.firstCard();
});

test.afterAll(async () => {
  await context?.close();
  expect(consoleErrors, "console errors").toEqual([]);
});

test("an empty list explains automations and leads to the form", async () => {
  const list = new AutomationsPage(page);
  await list.goto();
  await expect(page.getByRole("heading", { name: "No automations yet" })).toBeVisible();
  await page.getByRole("link", { name: "New automation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New automation" })).toBeVisible();
});

test("the new automation's upcoming sends and their cost follow the form before it is saved, at 1280 and 375 px", async () => {
  // Two accessibility checks and two full-page screenshots: slow on a busy machine.
  test.setTimeout(240_000);
  await settled(page);
  const automation = new AutomationPage(page);
  // A birthday automation's picker shows birthday cards, not sympathy ones, until asked for all.
  const sympathy = automation.cardChoice("Quiet Tide").radio;
  await expect(automation.cardChoice("Balloon Bouquet").radio).toHaveCount(1);
  await expect(sympathy).toHaveCount(0);
  await automation.form().getByRole("button", { name: /^Show all cards/ }).click();
  await expect(sympathy).toHaveCount(1);
  await automation.form().getByRole("button", { name: "Show only cards for these dates" }).click();
  await expect(sympathy).toHaveCount(0);
  await automation.fill({ card: card.name });
  const price = Number(card.price);
  await expect(automation.upcoming().getByRole("status")).toHaveText(`$${(price * 2).toFixed(2)} for 2 cards in the next 90 days; your credit is $0.00`);

  await automation.form().getByRole("combobox", { name: "Who" }).selectOption({ label: `The group ${GROUP}` });
  await expect(automation.upcoming().getByRole("status")).toHaveText(`$${price.toFixed(2)} for 1 card in the next 90 days; your credit is $0.00`);
  const sends = automation.upcoming().getByRole("listitem");
  await expect(sends).toHaveCount(1);
  await expect(sends.first()).toContainText("Birthday of Bruno Costa");
  await automation.fill({ message: "Cheers, {first_name}!" });
  await expect(sends.first()).toContainText("Cheers, Bruno!");
  await expect(page).toHaveURL(/\/automations\/new$/);

  for (const viewport of [
    { label: "1280", width: 1280, height: 800 },
    { label: "375", width: 375, height: 812 },
  ]) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, { path: path.join(OUT, `automation-new-preview-${viewport.label}.png`), fullPage: true, animations: "disabled" });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, "page-wide horizontal overflow in px").toBeLessThanOrEqual(0);
    const results = await wcagAxe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back to everyone and the default message for the steps that follow.
  await automation.form().getByRole("combobox", { name: "Who" }).selectOption({ label: "Everyone in your address book" });
  await automation.fill({ message: "Happy birthday, {first_name}!" });
  await expect(automation.upcoming().getByRole("listitem")).toHaveCount(2);
});

test("create an automation: an unknown placeholder is shown under the message, then its upcoming sends and their cost", async () => {
  await settled(page);
  const automation = new AutomationPage(page);
  await automation.fill({ name: NAME, card: card.name, message: "Happy birthday, {nickname}!" });
  await automation.save();
  await expect(automation.form().getByText(/may only use the placeholders .* not \{nickname\}/)).toBeVisible();

  await automation.fill({ message: "Happy birthday, {first_name}! {age} suits you." });
  await automation.save();
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  await expect(page).toHaveURL(/\/automations\/\d+$/);

  const total = (Number(card.price) * 2).toFixed(2);
  await expect(automation.upcoming().getByRole("status")).toHaveText(`$${total} for 2 cards in the next 90 days; your credit is $0.00`);
  await expect(automation.upcoming().getByRole("alert")).toContainText("Your credit does not cover these cards");
  const sends = automation.upcoming().getByRole("listitem");
  await expect(sends).toHaveCount(2);
  await expect(sends.first()).toContainText("Birthday of Amelia Hart");
  await expect(sends.first()).toContainText(`Happy birthday, Amelia! ${birthday(FRIENDS[0]!.inDays).getUTCFullYear() - 1990} suits you.`);
  await expect(sends.nth(1)).toContainText("Happy birthday, Bruno!");
  await expect(automation.upcoming()).not.toContainText("Cleo");
  await expect(automation.runs()).toContainText("No runs yet");
});

test("saving a change updates the upcoming sends", async () => {
  await settled(page);
  const automation = new AutomationPage(page);
  await automation.fill({ message: "Many happy returns, {first_name}!", daysEarly: "2" });
  await automation.save();
  await expect(automation.form().getByRole("status")).toHaveText("Saved.");
  const sends = automation.upcoming().getByRole("listitem");
  await expect(sends.first()).toContainText("Many happy returns, Amelia!");
  const arrives = birthday(FRIENDS[0]!.inDays - 2).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  await expect(sends.first()).toContainText(`arrives ${arrives}`);
});

test("turn the automation off and on from the list", async () => {
  const list = new AutomationsPage(page);
  await list.goto();
  const item = page.getByRole("list", { name: "Automations" }).getByRole("listitem").filter({ hasText: NAME });
  await expect(item).toContainText("Birthdays · Everyone · arrives 2 days early");
  await expect(list.toggle(NAME)).toHaveAttribute("aria-checked", "true");
  await list.setActive(NAME, false);
  await list.goto();
  await expect(list.toggle(NAME)).toHaveAttribute("aria-checked", "false");
  await list.setActive(NAME, true);
  await list.goto();
  await expect(list.toggle(NAME)).toHaveAttribute("aria-checked", "true");
});

test("the calendar marks the birthdays the automation sends a card for", async () => {
  const date = birthday(FRIENDS[0]!.inDays);
  const calendar = new CalendarPage(page);
  await calendar.goto(date.getUTCMonth() + 1, date.getUTCFullYear());
  const fullDate = date.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  const cell = calendar.day(fullDate);
  await expect(cell.getByRole("link", { name: /^Amelia Hart's birthday/ })).toBeVisible();
  await expect(cell.getByTitle(`Automated: ${NAME}`)).toBeVisible();
});

// Another customer, with $50.00 of credit and three birthdays a week away: cards due the moment an automation is saved.
test.describe("saving an active automation with cards due asks first", () => {
  const DUE = [
    { first_name: "Dora", last_name: "Quill", address: "3 Birch Road", city: "Salem", state: "OR", zip: "97301" },
    { first_name: "Emil", last_name: "Stone", address: "41 Pine Court", city: "Eugene", state: "OR", zip: "97401" },
    { first_name: "Fern", last_name: "Tate", address: "7 Oak Alley", city: "Bend", state: "OR", zip: "97701" },
  ];
  let buyer: Page;
  let buyerContext: BrowserContext;
  const buyerErrors: string[] = [];
  let price = 0;
  const money = (dollars: number) => `$${dollars.toFixed(2)}`;

  test.beforeAll(async ({ browser, baseURL }) => {
    buyerContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    buyer = await buyerContext.newPage();
    watchConsole(buyer, buyerErrors);
    const account = await signUpOverHttp(buyer.request, "prudent");
    const api = await ApiClient.signIn(buyer.request, account);
    // A week away: due today (a card takes 7 days to arrive).
    const date = birthday(7);
    for (const person of DUE) await api.createContact({ ...person, birth_month: date.getUTCMonth() + 1, birth_day: date.getUTCDate() });
    const later = birthday(30);
    await api.createContact({ first_name: "Gil", last_name: "Ward", address: "9 Elm Way", city: "Salem", state: "OR", zip: "97302", birth_month: later.getUTCMonth() + 1, birth_day: later.getUTCDate() });
    price = Number((await api.firstCard()).price);

    await buyer.goto("/account/credit");
    const form = buyer.getByRole("form", { name: "Add credit" });
    await form.getByText("Other amount").click();
    await form.getByLabel("Amount in dollars").fill("50");
    await form.getByRole("button", { name: "Add $50.00 as a demo top-up" }).click();
    await expect(form.getByRole("status")).toContainText("Your balance is now $50.00.");
  });

  test.afterAll(async () => {
    await buyerContext?.close();
    expect(buyerErrors, "console errors").toEqual([]);
  });

  async function createAndAsk(name: string) {
    await buyer.goto("/automations/new");
    await settled(buyer);
    const automation = new AutomationPage(buyer);
    await automation.fill({ name });
    await expect(automation.upcoming().getByRole("status")).toHaveText(`${money(price * 4)} for 4 cards in the next 90 days; your credit is $50.00`);
    await automation.save();
    const dialog = buyer.getByRole("dialog", { name: "Send the cards that are due?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`3 cards go out today for ${money(price * 3)} (credit $50.00 → ${money(50 - price * 3)})`);
    return { automation, dialog };
  }

  test("Back leaves the form as it was; Start with the next date saves it and sends nothing, at 1280 and 375 px", async () => {
    test.setTimeout(240_000);
    const { automation, dialog } = await createAndAsk("Start later");
    await expect(dialog.getByRole("button", { name: "Back" })).toBeFocused();

    for (const viewport of [
      { label: "1280", width: 1280, height: 800 },
      { label: "375", width: 375, height: 812 },
    ]) {
      await buyer.setViewportSize({ width: viewport.width, height: viewport.height });
      await expect(dialog.getByRole("button", { name: "Send them now" })).toBeVisible();
      await keepScreenshot(buyer, { path: path.join(OUT, `automation-due-now-${viewport.label}.png`), animations: "disabled" });
      const results = await wcagAxe(buyer).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
    await buyer.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog).toBeHidden();
    await expect(buyer).toHaveURL(/\/automations\/new$/);

    await automation.save();
    await dialog.getByRole("button", { name: "Start with the next date" }).click();
    await expect(buyer.getByRole("heading", { level: 1, name: "Start later" })).toBeVisible();
    await expect(automation.runs()).toContainText("Skipped");
    await expect(automation.runs()).toContainText("you chose to start with the next date");
    await new AppShell(buyer).expectCredit("$50.00");
    const sends = automation.upcoming().getByRole("listitem");
    await expect(sends).toHaveCount(1);
    await expect(sends.first()).toContainText("Birthday of Gil Ward");
  });

  test("Send them now sends the cards due: the page shows the run and the new credit without a reload", async () => {
    const { automation, dialog } = await createAndAsk("Send at once");
    await dialog.getByRole("button", { name: "Send them now" }).click();
    await expect(buyer.getByRole("heading", { level: 1, name: "Send at once" })).toBeVisible();
    await expect(automation.runs()).toContainText("Sent");
    await expect(automation.runs()).toContainText(`3 recipients · ${money(price * 3)} charged`);
    await new AppShell(buyer).expectCredit(money(50 - price * 3));
    await expect(automation.upcoming().getByRole("status")).toHaveText(`${money(price)} for 1 card in the next 90 days; your credit is ${money(50 - price * 3)}`);
    await expect(automation.upcoming().getByRole("listitem")).toHaveCount(1);
  });
});
