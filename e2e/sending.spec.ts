import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { apiToken, signUpOverHttp, type Credentials } from "./support/accounts";
import { expect, test, watchConsole } from "./support/fixtures";
import { settled } from "./pages/settle";

// Sending a card as a person would: the message seen inside the card as it is typed, one that
// doesn't fit refused, a recipient's own message, and a project whose card was retired.
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
  const results = await new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa"]).analyze();
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
  // The card's own typeface: this card's greeting is in script.
  expect(await messageBox().evaluate((el) => getComputedStyle(el).fontStyle)).toBe("italic");

  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("card-preview-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(messageBox()).toContainText("Dear Alex");
  await page.screenshot({ path: testInfo.outputPath("card-preview-375.png"), fullPage: true });
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
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      const fits = await messageBox().evaluate((el) => el.scrollHeight <= el.clientHeight + 1);
      expect(fits, `${name} at ${width}px`).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
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
