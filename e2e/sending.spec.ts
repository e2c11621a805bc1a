import type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { ADMIN, apiToken, signUpOverHttp, type Credentials } from "./support/accounts";
import { expect, signInAs, test, watchConsole } from "./support/fixtures";
import { AdminCardsPage, AdminUsersPage } from "./pages/admin";
import { CatalogPage } from "./pages/cards";
import { TrackingPage } from "./pages/orders";
import { CheckoutPage, ProjectPage } from "./pages/projects";
import { settled } from "./pages/settle";
import { keepScreenshot } from "./support/screenshots";
import { wcagAxe } from "./support/axe";

// Sending a card as a person would: the message seen inside the card as it is typed, one that
// doesn't fit refused, a recipient's own message, an address fixed before paying, a project
// whose card was retired, a copy made and deleted, and a card sent to a group.
test.describe.configure({ mode: "serial" });
// Whole errands with an admin in a second browser: longer than one page load.
test.setTimeout(180_000);

// Cards used by no other spec.
const FOLDED = "Gentle Leaves"; // portrait, script
const POSTCARD = "Miss You Postcard"; // landscape
const BOX = "Holiday Ornaments (Box of 10)";
const REPLACEMENT = "Heartfelt Thanks"; // $3.99
const LIMITS = { folded: 450, postcard: 280, box: 300 };

let context: BrowserContext;
let page: Page;
let user: Credentials;
let cardIds: Map<string, number>;
const consoleErrors: string[] = [];

async function catalogIds(request: APIRequestContext, account: Credentials): Promise<Map<string, number>> {
  const token = await apiToken(request, account, `e2e-sending-${Date.now()}`);
  const ids = new Map<string, number>();
  let cursor: string | null = null;
  do {
    const response = await request.get(`/api/v1/cards?per_page=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { data: { id: number; name: string }[]; next_cursor: string | null };
    for (const card of body.data) ids.set(card.name, card.id);
    cursor = body.next_cursor;
  } while (cursor);
  return ids;
}

/** Words of ordinary length up to exactly `length` characters: what a person would write. */
function prose(length: number): string {
  const words = "thank you so much for the lovely dinner and for everything you did this year we loved every minute of it".split(" ");
  let text = "";
  for (let i = 0; text.length < length; i++) text += (text ? " " : "") + words[i % words.length];
  return text.slice(0, length).trimEnd().padEnd(length, "!");
}

async function expectNoAxeViolations(target: Page) {
  const results = await wcagAxe(target).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  watchConsole(page, consoleErrors);
  user = await signUpOverHttp(page.request, "sending");
  cardIds = await catalogIds(page.request, user);
});

test.afterAll(async () => {
  await context?.close();
  expect(consoleErrors, "console errors").toEqual([]);
});

const messageBox = () => page.getByTestId("card-message-box");
const sendPanel = () => page.getByRole("region", { name: "Send this card" });

test("typing a message shows it inside the card, placeholders filled for a sample recipient", async ({}, testInfo) => {
  await page.goto(`/cards/${cardIds.get(FOLDED)}`);
  await settled(page);
  await expect(messageBox()).toContainText("Your message appears here.");
  await sendPanel().getByRole("textbox", { name: "Message" }).fill("Dear {first_name}, thinking of you and the whole {last_name} family.");
  await sendPanel().getByRole("textbox", { name: "Sign-off" }).fill("With love, Sam");
  await expect(messageBox()).toContainText("Dear Alex, thinking of you and the whole Morgan family.");
  await expect(messageBox()).toContainText("With love, Sam");
  await expect(sendPanel()).toContainText(`68 of ${LIMITS.folded} characters`);
  // The message's typeface, as the proof prints it: Lora until another is picked.
  expect(await messageBox().evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^Lora/);

  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: testInfo.outputPath("card-preview-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(messageBox()).toContainText("Dear Alex");
  await keepScreenshot(page, { path: testInfo.outputPath("card-preview-375.png"), fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("a message at each format's limit fits its text box, in every typeface", async () => {
  for (const [name, limit] of [
    [FOLDED, LIMITS.folded],
    [REPLACEMENT, LIMITS.folded],
    [POSTCARD, LIMITS.postcard],
    [BOX, LIMITS.box],
  ] as const) {
    await page.goto(`/cards/${cardIds.get(name)}`);
    await settled(page);
    await sendPanel().getByRole("textbox", { name: "Message" }).fill(prose(limit));
    await sendPanel().getByRole("textbox", { name: "Sign-off" }).fill("With love and warm wishes from all of us");
    await expect(sendPanel()).toContainText(`${limit} of ${limit} characters`);
    for (const face of ["Lora", "Inter", "Caveat", "Dancing Script", "Homemade Apple"]) {
      await sendPanel().getByRole("radio", { name: new RegExp(`^${face}`) }).check();
      await page.evaluate(() => document.fonts.ready);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        const fits = await messageBox().evaluate((el) => el.scrollHeight <= el.clientHeight + 1);
        expect(fits, `${name} in ${face} at ${width}px`).toBe(true);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  }
});

test("an over-long message is refused with the overflow shown", async () => {
  await page.goto(`/cards/${cardIds.get(POSTCARD)}`);
  await settled(page);
  await sendPanel().getByRole("textbox", { name: "Project name" }).fill("Too much to say");
  await sendPanel().getByRole("textbox", { name: "Message" }).fill(prose(LIMITS.postcard + 140));
  await expect(sendPanel()).toContainText("This message is 140 characters too long for this card");
  await sendPanel().getByRole("button", { name: "Continue to recipients" }).click();
  await expect(sendPanel().getByRole("textbox", { name: "Message" })).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/cards\/\d+$/);

  // The API says the same.
  const token = await apiToken(page.request, user, `e2e-sending-api-${Date.now()}`);
  const response = await page.request.post("/api/v1/projects", {
    headers: { authorization: `Bearer ${token}` },
    data: { card_id: cardIds.get(POSTCARD), name: "Too much", automation_message: prose(LIMITS.postcard + 140) },
  });
  expect(response.status()).toBe(422);
  expect(await response.json()).toEqual({
    message: "This message is 140 characters too long for this card",
    errors: { automation_message: ["This message is 140 characters too long for this card"] },
  });
});

// ---- Personal touches, addresses checked before paying, projects without dead ends ----

const RETIRING = "Quiet Tide"; // retired here, and back in the catalog when these tests end
const OTHER = "Many Thanks"; // $4.00, the card a retired project moves to
const GROUP_CARD = "Thinking of You";

let setupToken: string | undefined;

/** Setup through the partner API (the errands under test go through the pages). */
async function api(path: string, init: { method?: "GET" | "POST"; data?: unknown } = {}) {
  setupToken ??= await apiToken(page.request, user, `e2e-sending-setup-${Date.now()}`);
  const token = setupToken;
  const response = await page.request.fetch(`/api/v1${path}`, { method: init.method ?? "GET", headers: { authorization: `Bearer ${token}` }, data: init.data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return response.status() === 204 ? null : await response.json();
}

async function projectOf(card: string, name: string, message: string, recipients: Record<string, string>[]): Promise<string> {
  const created = (await api("/projects", { method: "POST", data: { card_id: cardIds.get(card), name, automation_message: message } })) as { data: { uuid: string } };
  if (recipients.length > 0) await api(`/projects/add-recipients/${created.data.uuid}`, { method: "POST", data: { recipients } });
  return created.data.uuid;
}

/** Runs `work` as the administrator in a browser of its own. */
async function asAdmin(browser: Browser, baseURL: string | undefined, work: (admin: Page) => Promise<void>) {
  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await signInAs(admin, ADMIN);
    await work(admin);
  } finally {
    await adminContext.close();
  }
}

/** A confirmation toast, in the toasts' live region outside the page's panels, with exactly this text. */
const toast = (text: string) => page.getByRole("region", { name: /^Confirmations/ }).getByText(text, { exact: true });

async function shoot(testInfo: TestInfo, name: string) {
  await keepScreenshot(page, { path: testInfo.outputPath(`${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

test("credit for the mailings below, granted by an admin", async ({ browser, baseURL }) => {
  await asAdmin(browser, baseURL, (admin) => new AdminUsersPage(admin).grantCredit(user.email, "40.00", "Credit for the sending tests"));
});

const ADA = { first_name: "Ada", last_name: "Byron", address: "12 Peachtree St", city: "Atlanta", state: "GA", zip: "30301" };
// The made-up ZIP of the issue: "Georgia 3140".
const GRACE = { first_name: "Grace", last_name: "Hopper", address: "77 Elm Street", city: "Atlanta", state: "Georgia", zip: "3140" };

test("a recipient's own message, edited in the table, prints in the order with the placeholder filled; a bad ZIP is flagged and fixed before paying", async ({}, testInfo) => {
  const uuid = await projectOf(FOLDED, "Spring letters", "Dear {first_name}, spring is here.", [ADA, GRACE]);
  const project = new ProjectPage(page);
  await page.goto(`/projects/${uuid}`);
  await project.expectLoaded("Spring letters");

  // The flagged address shows in its row and in the list of addresses to check.
  await expect(project.recipientRow("Grace Hopper")).toContainText("“3140” is not a ZIP code: a ZIP code has 5 digits, like 30301");
  await expect(project.cost()).toContainText("1 address may not arrive as written.");

  // Ada's own message, written in the recipients table.
  await project.recipientRow("Ada Byron").getByRole("button", { name: "Write Ada Byron's own message" }).click();
  await project.recipientRow("Ada Byron").getByRole("textbox", { name: "Ada Byron's own message" }).fill("For you, {first_name} {last_name}!");
  await project.recipientRow("Ada Byron").getByRole("button", { name: "Save" }).click();
  await expect(toast("Ada Byron's own message saved")).toBeVisible();
  await expect(project.recipientRow("Ada Byron")).toContainText("For you, {first_name} {last_name}!");

  // Before paying: the flagged recipient, with what is wrong and a way to fix it.
  await project.checkOut();
  const flagged = page.getByRole("region", { name: "1 address to check" });
  await expect(flagged).toContainText("Grace Hopper");
  await expect(flagged).toContainText("“3140” is not a ZIP code: a ZIP code has 5 digits, like 30301");
  await expectNoAxeViolations(page);
  await shoot(testInfo, "checkout-flagged");
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(flagged).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(testInfo, "checkout-flagged");
  await page.setViewportSize({ width: 1280, height: 800 });

  await flagged.getByRole("button", { name: "Fix address of Grace Hopper" }).click();
  const form = flagged.getByRole("form", { name: "Grace Hopper's address" });
  const zip = form.getByRole("textbox", { name: "ZIP or postal code" });
  await expect(zip).toHaveAttribute("aria-invalid", "true");
  await expect(zip).toBeFocused();
  // A ZIP of another state is caught too.
  await zip.fill("97201");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(toast("Grace Hopper's address saved, with something still to check")).toBeVisible();
  await expect(flagged).toContainText("This ZIP code is in Oregon, not Georgia");
  await flagged.getByRole("button", { name: "Fix address of Grace Hopper" }).click();
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("30303");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(toast("Grace Hopper's address saved")).toBeVisible();
  await expect(page.getByRole("region", { name: /address(es)? to check/ })).toHaveCount(0);

  const checkout = new CheckoutPage(page);
  await expect(checkout.line("Total")).toHaveText("$7.98"); // 2 x $3.99
  await checkout.payButton().click();
  const tracking = new TrackingPage(page);
  await tracking.expectLoaded();
  await expect(toast("Order placed: 2 cards paid for $7.98")).toBeVisible();
  await expect(tracking.piece("Ada Byron")).toContainText("For you, Ada Byron!");
  await expect(tracking.piece("Grace Hopper")).toContainText("Dear Grace, spring is here.");
  await expect(tracking.piece("Grace Hopper")).toContainText("30303");
});

test("a project whose card was retired says so, takes another card, and is checked out", async ({ browser, baseURL }, testInfo) => {
  const uuid = await projectOf(RETIRING, "Condolences", "Thinking of you, {first_name}.", [{ ...ADA, first_name: "Mary", last_name: "Shelley" }]);
  try {
    await asAdmin(browser, baseURL, async (admin) => {
      const cards = new AdminCardsPage(admin);
      await cards.goto();
      await cards.setActive(RETIRING, false);
    });

    const project = new ProjectPage(page);
    await page.goto(`/projects/${uuid}`);
    await project.expectLoaded("Condolences");
    const notice = page.getByRole("status").filter({ hasText: `The “${RETIRING}” card has been retired` });
    await expect(notice).toBeVisible();
    await expect(project.cost()).toContainText("This card has been retired, so this project can't be checked out.");
    await expect(project.cost()).not.toContainText("covers this order");
    await expectNoAxeViolations(page);
    await shoot(testInfo, "project-retired");

    await notice.getByRole("link", { name: "Change card" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cards" })).toBeVisible();
    await settled(page);
    const catalog = new CatalogPage(page);
    // The catalog is paged: the occasion's filter finds the card (and keeps the errand).
    await catalog.filterByOccasion("Thank You");
    await expect(page.getByRole("status").filter({ hasText: "Choosing a new card for the project" })).toBeVisible();
    await catalog.open(OTHER);
    await page.getByRole("region", { name: "Use this card" }).getByRole("button", { name: "Use this card" }).click();
    await project.expectLoaded("Condolences");
    await expect(toast("Card changed")).toBeVisible();
    await expect(page.getByRole("link", { name: OTHER })).toBeVisible();
    await expect(project.cost()).toContainText("Your credit covers this order.");

    await project.checkOut();
    await new CheckoutPage(page).payButton().click();
    const tracking = new TrackingPage(page);
    await tracking.expectLoaded();
    await expect(toast("Order placed: 1 card paid for $4.00")).toBeVisible();
    await expect(tracking.piece("Mary Shelley")).toContainText("Thinking of you, Mary.");
  } finally {
    await asAdmin(browser, baseURL, async (admin) => {
      const cards = new AdminCardsPage(admin);
      await cards.goto();
      await cards.setActive(RETIRING, true);
    });
  }
});

test("a project is duplicated with its recipients, and the copy deleted after a confirmation", async ({}, testInfo) => {
  const uuid = await projectOf(FOLDED, "Book club notes", "See you Thursday, {first_name}!", [ADA]);
  const project = new ProjectPage(page);
  await page.goto(`/projects/${uuid}`);
  await project.expectLoaded("Book club notes");

  await page.getByRole("button", { name: "Duplicate", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Duplicate “Book club notes”" });
  await expect(dialog.getByRole("checkbox", { name: "Copy the recipient and their own messages too" })).toBeChecked();
  await dialog.getByRole("button", { name: "Duplicate project" }).click();
  await project.expectLoaded("Copy of Book club notes");
  await expect(toast("Project duplicated: this is the copy")).toBeVisible();
  expect(project.uuid()).not.toBe(uuid);
  await expect(project.recipientRow("Ada Byron")).toContainText("Not ordered");
  await shoot(testInfo, "project-copy");

  await page.getByRole("button", { name: "Delete project" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the project “Copy of Book club notes”?" });
  await expect(confirm).toContainText("Its recipients stay in your address book.");
  await confirm.getByRole("button", { name: "Delete project" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(toast("Project deleted")).toBeVisible();
  await expect(page.getByRole("link", { name: "Copy of Book club notes" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Book club notes", exact: true })).toBeVisible();
});

test("“Send a card to this group” makes a project with the group's members as its recipients", async ({}, testInfo) => {
  const members = [];
  for (const person of [
    { first_name: "Lena", last_name: "Park", address: "5 Pine Street", city: "Eugene", state: "OR", zip: "97401" },
    { first_name: "Omar", last_name: "Haddad", address: "88 Lake Shore Dr", city: "Chicago", state: "IL", zip: "60611" },
  ]) {
    members.push(((await api("/contacts", { method: "POST", data: person })) as { data: { uuid: string } }).data);
  }
  const group = (await api("/groups", { method: "POST", data: { name: "Running club" } })) as { id: number };
  for (const member of members) await api(`/groups/${group.id}/contacts/${member.uuid}`, { method: "POST" });

  await page.goto(`/groups/${group.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Running club" })).toBeVisible();
  await settled(page);
  await page.getByRole("link", { name: "Send a card to this group" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cards" })).toBeVisible();
  await settled(page);
  await expect(page.getByRole("status").filter({ hasText: "Running club" })).toBeVisible();
  const catalog = new CatalogPage(page);
  await catalog.filterByOccasion("Just Because");
  await catalog.open(GROUP_CARD);
  await sendPanel().getByRole("textbox", { name: "Message" }).fill("Great run this season, {first_name}!");
  await sendPanel().getByRole("button", { name: "Continue to recipients" }).click();

  const project = new ProjectPage(page);
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await settled(page);
  await expect(toast("Project created with 2 recipients from the group")).toBeVisible();
  for (const name of ["Lena Park", "Omar Haddad"]) await expect(project.recipientRow(name)).toBeVisible();
  await expect(project.cost()).toContainText("$6.98"); // 2 x $3.49

  // On a phone the total and the way to checkout stay at the bottom of the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  const bar = page.getByRole("link", { name: "Check out $6.98" });
  await expect(bar).toBeInViewport();
  await page.mouse.wheel(0, 2000);
  await expect(bar).toBeInViewport();
  await expectNoAxeViolations(page);
  await shoot(testInfo, "project-phone-bar");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar).toBeHidden();
});
