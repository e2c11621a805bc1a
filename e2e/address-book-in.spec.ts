import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ApiClient } from "./support/api-client";
import { expect, test } from "./support/fixtures";
import { settled } from "./pages/settle";
import { keepScreenshot } from "./support/screenshots";
import { wcagAxe } from "./support/axe";

// A new account brings its address book in: a file with mistakes is shown row by row, its bad rows
// to be skipped, a Google Contacts export is reviewed and imported, and the duplicates are merged.

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await wcagAxe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

// Uploads, merges and several axe runs a test: more than the default minute on a busy machine.
test.describe.configure({ timeout: 300_000 });

const FIXTURES = path.join(__dirname, "..", "lib", "import", "fixtures");

/** Row 2 has an email that is none, row 3 a month of 13: both named, by row and field. */
const WITH_MISTAKES = [
  "first_name,last_name,email,city,birth_month,birth_day",
  "Ada,Byron,ada@example.com,London,12,10",
  "Charles,Babbage,not-an-email,London,12,26",
  "Mary,Somerville,mary@example.com,Burntisland,13,26",
].join("\r\n");

// Each flow runs at one width: the import on a phone, the merge on a desktop. The main-pages spec
// checks both pages at both widths.
test(`the import page checks a file row by row, reviews it and imports it (375 px)`, async ({ page, newUser }, testInfo) => {
  const api = await ApiClient.signIn(page.request, newUser);
  await api.createContact({ first_name: "Tom", last_name: "Berg" });
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/contacts");
  await settled(page);
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import contacts" })).toBeVisible();
  await settled(page);
  await keepScreenshot(page, { path: testInfo.outputPath(`import-choose-375.png`), fullPage: true });
  await expectNoAxeViolations(page);

  const file = page.getByLabel("Choose a file", { exact: true });
  await file.setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(WITH_MISTAKES) });
  await expect(page.getByRole("button", { name: "Import 1, skip 2" })).toBeVisible();
  const rows = page.getByRole("list", { name: "Rows of the file" }).locator(":scope > li");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(/Skipped.*Row 2: Not imported\. email:/);
  await expect(rows.nth(2)).toContainText(/Skipped.*Row 3: Not imported\. birth month:/);
  await keepScreenshot(page, { path: testInfo.outputPath(`import-errors-375.png`), fullPage: true });
  await expectNoAxeViolations(page);

  await file.setInputFiles({ name: "google-contacts.csv", mimeType: "text/csv", buffer: await readFile(path.join(FIXTURES, "google-contacts.csv")) });
  await expect(page.getByText("google-contacts.csv: 2 new contacts, 0 updates, 0 contacts already up to date, 0 rows skipped.")).toBeVisible();
  await keepScreenshot(page, { path: testInfo.outputPath(`import-preview-375.png`), fullPage: true });
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Import 2, skip 0" }).click();
  await expect(page.getByText("Imported google-contacts.csv: 2 new contacts, 0 updates, 0 unchanged.")).toBeVisible();
  await keepScreenshot(page, { path: testInfo.outputPath(`import-done-375.png`), fullPage: true });
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "See your contacts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByText("Müller-Núñez").first()).toBeVisible();
  // The file with mistakes was not imported: the Google file's two contacts joined the one there was.
  expect((await api.listContacts()).map((c) => c.last_name).sort()).toEqual(["Berg", "Müller-Núñez", "李"]);
});

test(`the duplicates page merges the contact picked to keep with its duplicate (1280 px)`, async ({ page, newUser }, testInfo) => {
  const api = await ApiClient.signIn(page.request, newUser);
  const first = await api.createContact({ first_name: "Sam", last_name: "Lee", email: "sam.lee@example.com", city: "Austin" });
  const second = await api.createContact({
    first_name: "Samuel",
    last_name: "Lee",
    email: "  SAM.LEE@example.com ",
    phone: "512-555-0199",
    children: [{ first_name: "Noor", birth_month: 4, birth_day: 2 }],
  });
  await api.createGroup("Friends", [first]);
  await api.createContact({ first_name: "Rita", last_name: "Moreno", phone: "(415) 555-0123" });
  await api.createContact({ first_name: "Rita", last_name: "Moreno-Diaz", phone: "415.555.0123" });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/contacts");
  await settled(page);
  await page.getByRole("link", { name: "Duplicates", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Duplicate contacts" })).toBeVisible();
  await settled(page);
  const emailGroup = page.getByRole("region", { name: "Same email: 2 contacts" });
  await expect(emailGroup).toBeVisible();
  await expect(page.getByRole("region", { name: "Same phone number: 2 contacts" })).toBeVisible();
  await keepScreenshot(page, { path: testInfo.outputPath(`duplicates-1280.png`), fullPage: true });
  await expectNoAxeViolations(page);

  // Keep the newer contact: it takes the older one's city and group, and keeps its child.
  await emailGroup.getByRole("radio", { name: /Samuel Lee/ }).check();
  await emailGroup.getByRole("button", { name: "Merge into Samuel Lee" }).click();
  await page.getByRole("dialog", { name: "Merge into Samuel Lee?" }).getByRole("button", { name: "Confirm merge" }).click();
  await expect(emailGroup).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Same phone number: 2 contacts" })).toBeVisible();
  await keepScreenshot(page, { path: testInfo.outputPath(`duplicates-merged-1280.png`), fullPage: true });
  await expectNoAxeViolations(page);

  const contacts = await api.listContacts();
  expect(contacts.map((c) => c.uuid)).not.toContain(first.uuid);
  const merged = contacts.find((c) => c.uuid === second.uuid)!;
  expect([merged.city, merged.children.map((c) => c.first_name)]).toEqual(["Austin", ["Noor"]]);
});
