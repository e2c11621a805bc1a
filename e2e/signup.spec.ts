import type { Browser, BrowserContext, Page } from "@playwright/test";
import { newCredentials } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { AppShell } from "./pages/app-shell";
import { LoginPage, SignUpPage } from "./pages/auth";

test.describe("sign-up that says what comes next", () => {
  // The browser's zone becomes the account's first guess at its own.
  test.use({ timezoneId: "America/Chicago" });

  test("sign up, give the return address, add credit, and land in the address book", async ({ page }) => {
    const user = newCredentials("signup");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Create a free account" }).click();

    const signUp = new SignUpPage(page);
    await expect(signUp.heading()).toBeVisible();
    await expect(page.getByText("At least 8 characters; not a commonly used password, and not your name or email address.")).toBeVisible();
    await signUp.signUp(user);

    // Step 1: the return address, the name from the sign-up already in it.
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your return address" })).toBeVisible();
    await expect(page.getByText("printed on the envelope of every card you send", { exact: false })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue(user.username.split(" ")[0]!);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByText("Enter a street address")).toBeVisible();
    await page.getByRole("textbox", { name: "Street address" }).fill("1 Navy Way");
    await page.getByRole("textbox", { name: "City" }).fill("Arlington");
    await page.getByRole("textbox", { name: "State" }).fill("VA");
    await page.getByRole("textbox", { name: "ZIP code" }).fill("22201");
    await page.getByRole("button", { name: "Save and continue" }).click();

    // Step 2: what credit is, and the way to add it on this server (the demo top-up in e2e).
    await expect(page).toHaveURL(/\/welcome\/credit$/);
    await expect(page.getByRole("heading", { level: 1, name: "Credit for your cards" })).toBeVisible();
    await expect(page.getByText("When you check out a project, its cards are paid from your credit.", { exact: false })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Your credit is now $0.00.");
    await page.getByRole("button", { name: "Add $50.00 as a demo top-up" }).click();
    await expect(page.getByText("Your balance is now", { exact: false })).toContainText("$50.00");
    await page.getByRole("link", { name: "Go to your address book" }).first().click();

    await expect(page).toHaveURL(/\/contacts\?welcome=1$/);
    await expect(page.getByText(`Welcome to Cardmail, ${user.username}!`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your address book is empty" })).toBeVisible();
    const shell = new AppShell(page);
    await shell.expectCredit("$50.00");

    // The account kept the address and the browser's zone.
    await page.goto("/account");
    await expect(page.locator("#profile")).toContainText("America/Chicago");
    await expect(page.getByRole("region", { name: "Return address" }).getByRole("textbox", { name: "Street address" })).toHaveValue("1 Navy Way");
  });

  test("the return address can wait: both steps can be skipped", async ({ page }) => {
    const signUp = new SignUpPage(page);
    await signUp.goto();
    await signUp.signUp(newCredentials("skip"));
    await expect(page).toHaveURL(/\/welcome$/);
    await page.getByRole("link", { name: "Skip this step" }).click();
    await expect(page).toHaveURL(/\/welcome\/credit$/);
    // A skipped step is not ticked as done.
    const steps = page.getByRole("list", { name: "Getting started" });
    await expect(steps.getByRole("listitem").first()).toContainText("(skipped)");
    await expect(steps).not.toContainText("✓");
    await page.getByRole("link", { name: "Go to your address book" }).click();
    await expect(page).toHaveURL(/\/contacts\?welcome=1$/);
  });
});

test("sign up, sign out, and sign back in", async ({ page }) => {
  const user = newCredentials("signup");
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.signUp(user);
  await expect(page).toHaveURL(/\/welcome$/);
  const shell = new AppShell(page);
  await shell.expectCredit("$0.00");

  await shell.signOut();
  await expect(page).toHaveURL(/\/login/);
  // Signed-out visitors are sent to the sign-in page, and come back where they wanted to go.
  await page.goto("/groups");
  await expect(page).toHaveURL(/\/login\?next=%2Fgroups/);
  const login = new LoginPage(page);
  await login.signIn(user);
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole("heading", { level: 1, name: "Groups" })).toBeVisible();
});

test("sign-up explains what is wrong, field by field", async ({ page }) => {
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.signUp({ username: "", email: "not-an-email", password: "short" });
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Please correct the highlighted fields.");
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The password field must be at least 8 characters.")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  // The password rules shown under the field are the ones enforced.
  const user = newCredentials("rules");
  await signUp.signUp({ ...user, password: "Password1" });
  await expect(page.getByText("This password is one of the most commonly used ones; choose one that is harder to guess.")).toBeVisible();
  await signUp.signUp({ ...user, password: `${user.email}!` });
  await expect(page.getByText("The password must not contain your name or email address.")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test("a wrong password is refused in words", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn({ email: "demo@example.com", password: "wrong-password" });
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("The email or password is incorrect.");
});

test.describe("sessions end on the server", () => {
  const SESSION_ENDED = "Your session has ended. Please sign in again.";

  /** Another browser holding a copy of `page`'s cookies (a second device, or a stolen cookie). */
  async function copyOfSession(page: Page, browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
    const copy = await browser.newContext({ baseURL });
    await copy.addCookies(await page.context().cookies());
    return copy;
  }

  test("signing out makes a copied session cookie useless for pages, server actions and the page-data routes", async ({ page, newUser, browser, baseURL }) => {
    await page.goto("/contacts");
    await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
    const copy = await copyOfSession(page, browser, baseURL);
    try {
      // The copy works while the session lasts: a form is open in it when the owner signs out.
      const other = await copy.newPage();
      await other.goto("/account");
      await expect(other.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
      expect((await copy.request.get("/contacts/page-data")).status()).toBe(200);

      await new AppShell(page).signOut();
      await expect(page).toHaveURL(/\/login/);

      // A server action from the page that was already open.
      await other.getByRole("textbox", { name: "First name" }).fill(newUser.username.split(" ")[0]!);
      await other.getByRole("textbox", { name: "Last name" }).fill("Tester");
      await other.getByRole("button", { name: "Save return address" }).click();
      await expect(other.getByText(SESSION_ENDED)).toBeVisible();

      // A page-data route handler.
      const data = await copy.request.get("/contacts/page-data");
      expect(data.status()).toBe(401);
      expect(await data.json()).toEqual({ message: SESSION_ENDED });

      // A page.
      await other.goto("/contacts");
      await expect(other).toHaveURL(/\/login$/);
      await expect(new LoginPage(other).heading()).toBeVisible();
    } finally {
      await copy.close();
    }
  });

  test("changing the password signs out every other browser and keeps this one signed in", async ({ page, newUser, browser, baseURL }) => {
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    const copy = await copyOfSession(page, browser, baseURL);
    try {
      const other = await copy.newPage();
      await other.goto("/contacts");
      await expect(other.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();

      const newPassword = `${newUser.password}-changed`;
      // The email panel asks for the current password too: the password panel's own field.
      const passwordPanel = page.getByRole("region", { name: "Password", exact: true });
      await passwordPanel.getByRole("textbox", { name: "Current password" }).fill("not-the-password");
      await passwordPanel.getByRole("textbox", { name: "New password", exact: true }).fill(newPassword);
      await passwordPanel.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("The current password is incorrect.").first()).toBeVisible();

      await passwordPanel.getByRole("textbox", { name: "Current password" }).fill(newUser.password);
      await passwordPanel.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("Your password was changed.", { exact: false })).toBeVisible();

      // The browser that changed it stays signed in.
      await page.goto("/contacts");
      await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
      expect((await page.request.get("/contacts/page-data")).status()).toBe(200);

      // The other one, with the cookie from before the change, is signed out.
      await other.goto("/groups");
      await expect(other).toHaveURL(/\/login$/);
      expect((await copy.request.get("/contacts/page-data")).status()).toBe(401);

      // The new password signs in; the old one no longer does.
      const login = new LoginPage(other);
      await login.signIn({ email: newUser.email, password: newUser.password });
      await expect(other.getByRole("main").getByRole("alert")).toHaveText("The email or password is incorrect.");
      await login.signIn({ email: newUser.email, password: newPassword });
      await expect(other).toHaveURL(/\/$/);
    } finally {
      await copy.close();
    }
  });
});
