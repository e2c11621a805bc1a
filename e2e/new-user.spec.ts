import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { signUpOverHttp } from "./support/accounts";
import { ApiClient } from "./support/api-client";
import { wcagAxe } from "./support/axe";
import { expect, test, watchConsole } from "./support/fixtures";
import { AppShell } from "./pages/app-shell";
import { AutomationPage } from "./pages/automations";
import { settled } from "./pages/settle";
import { keepScreenshot } from "./support/screenshots";

const SCREENSHOTS = path.join(__dirname, "artifacts", "screenshots");

// A new customer's first automation, then home and the calendar saying what it will and will not send.
test.describe.configure({ mode: "serial" });

const DAY = 86_400_000;
const ADDRESS = { address: "3 Birch Road", city: "Salem", state: "OR", zip: "97301" };
const on = (inDays: number) => {
  const date = new Date(Date.now() + inDays * DAY);
  return { birth_month: date.getUTCMonth() + 1, birth_day: date.getUTCDate() };
};
const WIDTHS = [
  { label: "1280", width: 1280, height: 800 },
  { label: "375", width: 375, height: 812 },
];

let context: BrowserContext;
let page: Page;
let price = 0;
const errors: string[] = [];
const money = (dollars: number) => `$${dollars.toFixed(2)}`;

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  watchConsole(page, errors);
  const account = await signUpOverHttp(page.request, "newcomer");
  const api = await ApiClient.signIn(page.request, account);
  price = Number((await api.firstCard()).price);

  await page.goto("/account/credit");
  const form = page.getByRole("form", { name: "Add credit" });
  await form.getByText("Other amount").click();
  await form.getByLabel("Amount in dollars").fill("50");
  await form.getByRole("button", { name: "Add $50.00 as a demo top-up" }).click();
  await expect(form.getByRole("status")).toContainText("Your balance is now $50.00.");
});

test.afterAll(async () => {
  await context?.close();
  expect(errors, "console errors").toEqual([]);
});

async function checkPage(name: string) {
  for (const viewport of WIDTHS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await keepScreenshot(page, { path: path.join(SCREENSHOTS, `new-user-${name}-${viewport.label}.png`), fullPage: true, animations: "disabled" });
    const results = await wcagAxe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function createAndAsk(name: string, writeMessage?: () => Promise<void>) {
  await page.goto("/automations/new");
  await settled(page);
  const automation = new AutomationPage(page);
  await automation.fill({ name });
  await writeMessage?.();
  await automation.save();
  const dialog = page.getByRole("dialog", { name: "Send the cards that are due?" });
  await expect(dialog).toBeVisible();
  return { automation, dialog };
}

test("the empty address book offers the import, which reviews the file and brings everyone in", async () => {
  await page.goto("/contacts");
  await page.getByRole("link", { name: "Import contacts" }).first().click();
  await settled(page);
  // A week away: due today. Four days away: too late for any card. Three weeks away: not due yet.
  const people = [
    ["Dora", "Quill", on(7)],
    ["Nana", "Rose", on(4)],
    ["Gil", "Ward", on(21)],
  ] as const;
  const csv = [
    "first_name,last_name,address,city,state,zip,birth_month,birth_day",
    ...people.map(([first, last, date]) => [first, last, ADDRESS.address, ADDRESS.city, ADDRESS.state, ADDRESS.zip, date.birth_month, date.birth_day].join(",")),
  ].join("\n");
  await page.getByLabel("Choose a file", { exact: true }).setInputFiles({ name: "my-people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import 3, skip 0" }).click();
  await expect(page.getByText(/^Imported my-people\.csv: 3 new contacts/)).toBeVisible();
});

test("home before anything: the dates of the next 30 days and the first steps", async () => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Next 30 days" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "First steps" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an automation" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Send a card for Nana Rose/ })).toBeVisible();
});

test("Start with the next date saves the automation and sends nothing", async () => {
  const { automation, dialog } = await createAndAsk("Start later", async () => {
    // A placeholder goes in where the cursor is, and typing carries on after it.
    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill("Happy birthday, ");
    await box.press("End");
    await page.getByRole("button", { name: "Insert {first_name}" }).click();
    await box.pressSequentially("!");
    await expect(box).toHaveValue("Happy birthday, {first_name}!");
    // Drawn inside the card as typed, for a sample recipient.
    await expect(page.getByText("Happy birthday, Alex!")).toBeVisible();
    await keepScreenshot(page, { path: path.join(SCREENSHOTS, "new-user-automation-form-1280.png"), fullPage: true, animations: "disabled" });
  });
  await expect(dialog).toContainText(`1 card goes out today for ${money(price)} (credit $50.00 → ${money(50 - price)})`);
  await dialog.getByRole("button", { name: "Start with the next date" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Start later" })).toBeVisible();
  await expect(automation.runs()).toContainText("Skipped");
  await new AppShell(page).expectCredit("$50.00");
});

test("Send them now sends the card due and charges for it", async () => {
  const { automation, dialog } = await createAndAsk("Send at once");
  await expect(dialog).toContainText(`1 card goes out today for ${money(price)}`);
  await dialog.getByRole("button", { name: "Send them now" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Send at once" })).toBeVisible();
  await expect(automation.runs()).toContainText("Sent");
  await new AppShell(page).expectCredit(money(50 - price));
});

test("home says what is done about each date: ordered, automated, too late", async () => {
  await page.goto("/");
  const dates = page.getByRole("region", { name: "Next 30 days" }).getByRole("listitem");
  await expect(dates.filter({ hasText: "Dora Quill" })).toContainText("Card ordered");
  await expect(dates.filter({ hasText: "Gil Ward" })).toContainText("Automated");
  const nana = dates.filter({ hasText: "Nana Rose" });
  await expect(nana).toContainText("Too late");
  await expect(nana.getByRole("link", { name: /^Send a card now for Nana Rose/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "First steps" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an automation" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Cards in the post" })).toContainText("Dora Quill");
  await checkPage("home");
});

test("the calendar opens on this month with the too-late date marked", async () => {
  await page.goto("/calendar");
  await settled(page);
  await expect(page.getByRole("link", { name: /^Send a card now for Nana Rose/ }).first()).toBeAttached();
  await checkPage("calendar");
  // The month of the too-late birthday: its grid cell marks it too (the list beside is this month's only).
  const { birth_month, birth_day } = on(4);
  const year = new Date(Date.now() + 4 * DAY).getUTCFullYear();
  await page.goto(`/calendar?month=${birth_month}&year=${year}`);
  const cell = page.getByRole("cell").filter({ hasText: new RegExp(`, ${new Date(Date.UTC(year, birth_month - 1, birth_day)).toLocaleDateString("en-US", { month: "long", day: "numeric", timeZone: "UTC" })}, ${year}`) });
  await expect(cell.getByRole("link", { name: /send a card now for Nana Rose/i })).toBeVisible();
  await expect(cell.getByRole("link", { name: /^Send a card for Nana Rose/ })).toBeVisible();
  await keepScreenshot(page, { path: path.join(SCREENSHOTS, "new-user-calendar-month-1280.png"), fullPage: true, animations: "disabled" });
});
