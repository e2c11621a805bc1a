import path from "node:path";
import type { Page } from "@playwright/test";
import { ApiClient } from "./support/api-client";
import { expect, test } from "./support/fixtures";
import { settled } from "./pages/settle";
import { keepScreenshot } from "./support/screenshots";
import { wcagAxe } from "./support/axe";

// A new account brings in a Google Contacts CSV with labels and an Outlook vCard through the
// import page, row by row: what each row becomes and why, before anything is saved; then merges
// two duplicates after seeing the merged contact.

test.describe.configure({ timeout: 300_000 });

const FIXTURES = path.join(__dirname, "fixtures");

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await wcagAxe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("a Google CSV with labels and an Outlook vCard are reviewed row by row and imported with their groups", async ({ page, newUser }, testInfo) => {
  const api = await ApiClient.signIn(page.request, newUser);
  await api.createContact({ first_name: "Sam", last_name: "Lee", email: "sam.lee@example.com" });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/contacts/import");
  await settled(page);
  await page.getByLabel("Choose a file", { exact: true }).setInputFiles(path.join(FIXTURES, "google-contacts-labels.csv"));

  // Four rows come in (three new, Sam Lee's fills in the Sam Lee of the book), the company-only row is left out.
  const importButton = page.getByRole("button", { name: "Import 4, skip 1" });
  await expect(importButton).toBeVisible();
  const table = page.getByRole("table", { name: "Rows of the file and what the import does with each" });
  const row = (name: string) => table.getByRole("row").filter({ hasText: name });
  await expect(row("Elena Martinez")).toContainText("New");
  await expect(row("Sam Lee")).toContainText("Update");
  await expect(row("Sam Lee")).toContainText("Fills in Sam Lee, found by email.");
  await expect(row("Priya Shah")).toContainText("No mailing address");
  await expect(row("Acme Plumbing")).toContainText("Skipped");
  await expect(row("Acme Plumbing")).toContainText("Not imported.");
  await expect(page.getByText(/people have no mailing address|person has no mailing address/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Columns" })).toContainText("Phonetic First Name");
  await keepScreenshot(page, { path: testInfo.outputPath("import-review-1280.png"), fullPage: true });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // On a phone the rows are a list of cards.
  await page.setViewportSize({ width: 375, height: 812 });
  const cards = page.getByRole("list", { name: "Rows of the file" }).locator(":scope > li");
  await expect(cards).toHaveCount(5);
  await expect(cards.filter({ hasText: "Acme Plumbing" })).toContainText("Skipped");
  await keepScreenshot(page, { path: testInfo.outputPath("import-review-375.png"), fullPage: true });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await importButton.click();
  await expect(page.getByText("Imported google-contacts-labels.csv: 3 new contacts, 1 update, 0 unchanged, 1 row skipped.")).toBeVisible();
  await expect(page.getByText("New groups: Family, Friends.")).toBeVisible();

  await page.getByLabel("Choose a file", { exact: true }).setInputFiles(path.join(FIXTURES, "outlook-anniversary.vcf"));
  const cardRow = page.getByRole("list", { name: "Rows of the file" }).locator(":scope > li").filter({ hasText: "Margaret O'Brien" });
  await expect(cardRow).toContainText("New");
  await page.getByRole("button", { name: "Import 1, skip 0" }).click();
  await expect(page.getByText(/^Imported outlook-anniversary\.vcf: 1 new contact/)).toBeVisible();

  const contacts = (await api.listContacts()) as unknown as Record<string, unknown>[];
  const byName = new Map(contacts.map((c) => [`${c.first_name as string} ${c.last_name as string}`, c]));
  expect([...byName.keys()].sort()).toEqual(["Carlos Martinez", "Elena Martinez", "Margaret O'Brien", "Priya Shah", "Sam Lee"]);
  expect(byName.get("Sam Lee")).toMatchObject({ birth_month: 4, birth_day: 9, phone: expect.stringContaining("555-0199") });
  expect(byName.get("Elena Martinez")).toMatchObject({ address: "4410 Avenue B", city: "Austin", zip: "78751" });
  expect(byName.get("Margaret O'Brien")).toMatchObject({ anniversary_month: 7, anniversary_day: 16, anniversary_year: 1988, spouse_first_name: "Sean", city: "Boston" });
  const groups = await api.groupMembers();
  expect(groups).toMatchObject({ Family: ["Carlos Martinez", "Elena Martinez", "Margaret O'Brien"], Friends: ["Priya Shah", "Sam Lee"] });
  expect(Object.keys(groups)).not.toContain("myContacts");
});

test("merging duplicates shows the merged contact, keeps the other phone in its notes, and merges on Confirm", async ({ page, newUser }, testInfo) => {
  const api = await ApiClient.signIn(page.request, newUser);
  await api.createContact({ first_name: "Rita", last_name: "Moreno", email: "rita@example.com", phone: "(415) 555-0123", city: "Oakland" });
  const other = await api.createContact({ first_name: "Rita", last_name: "Moreno", email: "RITA@example.com", phone: "(415) 555-0456", birth_month: 12, birth_day: 11 });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/contacts/duplicates");
  await settled(page);
  const group = page.getByRole("region", { name: "Same email: 2 contacts" });
  await group.getByRole("button", { name: "Merge into Rita Moreno" }).click();

  const dialog = page.getByRole("dialog", { name: "Merge into Rita Moreno?" });
  await expect(dialog.getByText("From the other Rita Moreno: phone (415) 555-0456, kept in the notes")).toBeVisible();
  await expect(dialog.getByText("December 11")).toBeVisible();
  await keepScreenshot(page, { path: testInfo.outputPath("merge-review-375.png"), fullPage: true });
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog).toBeHidden();
  expect(await api.listContacts()).toHaveLength(2);

  await group.getByRole("button", { name: "Merge into Rita Moreno" }).click();
  await dialog.getByRole("button", { name: "Confirm merge" }).click();
  await expect(page.getByText("Merged into Rita Moreno")).toBeVisible();
  await expect(group).toHaveCount(0);
  const [merged, ...rest] = (await api.listContacts()) as unknown as Record<string, unknown>[];
  expect(rest).toEqual([]);
  expect(merged!.uuid).not.toBe(other.uuid);
  expect(merged).toMatchObject({ phone: "(415) 555-0123", birth_month: 12, notes: expect.stringContaining("(415) 555-0456") });
});
