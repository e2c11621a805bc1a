import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { signUpOverHttp } from "./support/accounts";
import { ApiClient } from "./support/api-client";
import { expect, test, watchConsole } from "./support/fixtures";
import { GroupPage } from "./pages/groups";
import { CheckoutPage, ProjectPage } from "./pages/projects";
import { settled } from "./pages/settle";
import { keepScreenshot } from "./support/screenshots";

// A project and a group too long for one page: their pages show a page at a time with the
// total, "Load more" reads on, and the cost and the checkout count every recipient.
test.describe.configure({ mode: "serial" });

const RECIPIENTS = 60; // pages of 25: 25, 50, then all 60
const MEMBERS = 30;
const OUT = path.join(__dirname, "artifacts", "screenshots");
const VIEWPORTS = [
  { label: "1280", width: 1280, height: 800 },
  { label: "375", width: 375, height: 812 },
];

let context: BrowserContext;
let page: Page;
let projectUuid: string;
let groupId: number;
let names: string[];
const consoleErrors: string[] = [];

const pad = (n: number) => String(n).padStart(2, "0");

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  watchConsole(page, consoleErrors);
  const user = await signUpOverHttp(page.request, "paging");
  const api = await ApiClient.signIn(page.request, user);
  const project = await api.createProject("Long list");
  projectUuid = project.uuid;
  const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({
    first_name: `Pat${pad(i)}`,
    last_name: `Reader${pad(i)}`,
    address: `${i + 1} Elm Street`,
    city: "Portland",
    state: "OR",
    zip: "97201",
  }));
  await api.addRecipients(projectUuid, recipients);
  names = recipients.map((r) => `${r.first_name} ${r.last_name}`);
  const onProject = await api.projectRecipients(projectUuid);
  expect(onProject.map((c) => `${c.first_name} ${c.last_name}`)).toEqual(names);
  groupId = (await api.createGroup("Readers", onProject.slice(0, MEMBERS))).id;
});

test.afterAll(async () => {
  await context?.close();
  expect(consoleErrors, "console errors").toEqual([]);
});

test("the project page lists its recipients a page at a time, with the total", async () => {
  await page.goto(`/projects/${projectUuid}`);
  const project = new ProjectPage(page);
  await project.expectLoaded("Long list");
  await expect(page.getByRole("main")).toContainText(`${RECIPIENTS} recipients`);
  await expect(project.shown()).toHaveText(`Showing 25 of ${RECIPIENTS} recipients`);
  await expect(project.rows()).toHaveCount(25);

  await project.loadMoreRecipients();
  await expect(project.shown()).toHaveText(`Showing 50 of ${RECIPIENTS} recipients`);
  await project.loadMoreRecipients();
  await expect(project.shown()).toHaveText(`Showing all ${RECIPIENTS} recipients`);
  await expect(project.recipients().getByRole("button", { name: "Load more recipients" })).toHaveCount(0);
  // Every recipient once, in order: no page repeated or skipped.
  const shownNames = await project.rows().getByRole("link").allTextContents();
  expect(shownNames).toEqual(names);

  // The cost counts every recipient, not the rows on screen.
  const cardsToSend = project.cost().getByRole("term").filter({ hasText: /^Cards to send$/ }).locator("xpath=following-sibling::*[1]");
  await expect(cardsToSend).toHaveText(String(RECIPIENTS));
});

test("the checkout counts every recipient", async () => {
  const checkout = new CheckoutPage(page);
  await checkout.goto(projectUuid);
  await expect(checkout.line("Recipients")).toHaveText(String(RECIPIENTS));
});

test("the group page lists its members a page at a time, with the total", async () => {
  const group = new GroupPage(page);
  await group.goto(groupId, "Readers");
  await expect(group.members()).toContainText(`Members (${MEMBERS})`);
  await expect(group.shown()).toHaveText(`Showing 25 of ${MEMBERS} members`);
  await expect(group.memberLinks()).toHaveCount(25);
  await group.loadMoreMembers();
  await expect(group.shown()).toHaveText(`Showing all ${MEMBERS} members`);
  expect(await group.memberLinks().allTextContents()).toEqual(names.slice(0, MEMBERS));
});

test("removing a member starts the list again from the first page", async () => {
  const group = new GroupPage(page);
  await group.members().getByRole("button", { name: `Remove ${names[0]} from the group` }).click();
  await expect(group.shown()).toHaveText(`Showing 25 of ${MEMBERS - 1} members`);
  await expect(group.memberLinks().first()).toHaveText(names[1]!);
});

test("the pickers mark who is already there, and whoever was just added", async () => {
  const group = new GroupPage(page);
  const picked = (name: string) => group.addPeople().getByRole("listitem").filter({ hasText: name });
  // The member removed above is no longer marked, with no reload of the page.
  await expect(picked(names[1]!)).toContainText("In group");
  await expect(picked(names[0]!)).not.toContainText("In group");
  await expect(picked(names[0]!).getByRole("checkbox")).toBeEnabled();

  const newcomer = names[45]!;
  await group.addPeople().getByRole("searchbox", { name: "Search your contacts" }).fill(newcomer);
  await expect(group.addPeople().getByRole("listitem")).toHaveCount(1);
  await picked(newcomer).getByRole("checkbox").check();
  await group.addPeople().getByRole("button", { name: "Add 1 to group" }).click();
  await expect(group.addPeople().getByRole("status")).toHaveText("Added 1 contact to the group.");
  await expect(picked(newcomer)).toContainText("In group");
  await expect(picked(newcomer).getByRole("checkbox")).toBeChecked();
  await expect(picked(newcomer).getByRole("checkbox")).toBeDisabled();
  await expect(group.members()).toContainText(`Members (${MEMBERS})`);

  // Everyone is on the project: the first page of the picker is all marked, nothing left to select.
  await page.goto(`/projects/${projectUuid}`);
  const project = new ProjectPage(page);
  await project.expectLoaded("Long list");
  const fromContacts = await project.openTab("From contacts");
  const rows = fromContacts.getByRole("list", { name: "Contacts" }).getByRole("listitem");
  await expect(rows).toHaveCount(20);
  await expect(rows.filter({ hasText: "On project" })).toHaveCount(20);
  await expect(fromContacts.getByRole("button", { name: "Select all shown" })).toHaveCount(0);
});

for (const viewport of VIEWPORTS) {
  test(`the paged lists fit a ${viewport.label} px screen`, async () => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const [name, url, more] of [
      ["project-paged", `/projects/${projectUuid}`, "Load more recipients"],
      ["group-paged", `/groups/${groupId}`, "Load more members"],
    ] as const) {
      await page.goto(url);
      await settled(page);
      const button = page.getByRole("button", { name: more });
      await expect(button).toBeVisible();
      // From the top: a full-page capture of a scrolled page repeats the sticky header mid-way.
      await page.evaluate(() => window.scrollTo(0, 0));
      await keepScreenshot(page, { path: path.join(OUT, `${name}-${viewport.label}.png`), fullPage: true, animations: "disabled" });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, "page-wide horizontal overflow in px").toBeLessThanOrEqual(0);
    }
  });
}
