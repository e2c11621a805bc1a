import { DEMO } from "./support/accounts";
import { expect, signInAs, test } from "./support/fixtures";
import { CalendarPage } from "./pages/calendar";

// The demo seed has Margaret Ellis, born 1958-04-12 (db/seed/demo-data.ts).
const BIRTHDAY = "Margaret Ellis's birthday (turns 68)";

test("the calendar shows a seeded birthday on its day", async ({ page }) => {
  await signInAs(page, DEMO);
  const calendar = new CalendarPage(page);
  await calendar.goto(3, 2026);
  await calendar.expectMonth("March 2026");
  await calendar.next();
  await calendar.expectMonth("April 2026");
  await expect(page).toHaveURL(/month=4&year=2026/);

  const cell = calendar.day("Sunday, April 12, 2026");
  await expect(cell.getByRole("link", { name: BIRTHDAY, exact: true })).toBeVisible();
  await cell.getByRole("link", { name: BIRTHDAY, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Margaret.*Ellis/);
});

test("on a phone the calendar is an agenda of the month's days", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAs(page, DEMO);
  const calendar = new CalendarPage(page);
  await calendar.goto(4, 2026);
  const day = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Sunday, April 12" }) });
  await expect(day.getByRole("link", { name: BIRTHDAY, exact: true })).toBeVisible();
  await expect(day.getByRole("link", { name: `Send a card for ${BIRTHDAY}` })).toBeVisible();
});
