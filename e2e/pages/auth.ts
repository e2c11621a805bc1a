import { expect, type Page } from "@playwright/test";
import type { Credentials } from "../support/accounts";
import { settled } from "./settle";

export class SignUpPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole("heading", { level: 1, name: "Create your account" });

  async goto() {
    await this.page.goto("/signup");
    await expect(this.heading()).toBeVisible();
    await settled(this.page);
  }

  async signUp(user: Credentials) {
    await this.page.getByRole("textbox", { name: "Your name" }).fill(user.username);
    await this.page.getByRole("textbox", { name: "Email" }).fill(user.email);
    await this.page.getByLabel("Password").fill(user.password);
    await this.page.getByRole("button", { name: "Create account" }).click();
  }
}

export class LoginPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole("heading", { level: 1, name: "Sign in" });

  async goto() {
    await this.page.goto("/login");
    await expect(this.heading()).toBeVisible();
    await settled(this.page);
  }

  async signIn(account: { email: string; password: string }) {
    await this.page.getByRole("textbox", { name: "Email" }).fill(account.email);
    await this.page.getByLabel("Password").fill(account.password);
    await this.page.getByRole("button", { name: "Sign in" }).click();
  }
}
