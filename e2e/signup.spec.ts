import { newCredentials } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { AppShell } from "./pages/app-shell";
import { LoginPage, SignUpPage } from "./pages/auth";

test("sign up from the landing page, sign out, and sign back in", async ({ page }) => {
  const user = newCredentials("signup");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Create a free account" }).click();

  const signUp = new SignUpPage(page);
  await expect(signUp.heading()).toBeVisible();
  await signUp.signUp(user);

  await expect(page).toHaveURL(/\/contacts\?welcome=1$/);
  await expect(page.getByText(`Welcome to Cardmail, ${user.username}!`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your address book is empty" })).toBeVisible();
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
  await expect(page).toHaveURL(/\/signup$/);
});

test("a wrong password is refused in words", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn({ email: "demo@example.com", password: "wrong-password" });
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("The email or password is incorrect.");
});
