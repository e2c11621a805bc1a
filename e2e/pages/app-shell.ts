import { expect, type Page } from "@playwright/test";

/** The signed-in header: main navigation, the account link (with the credit) and sign-out. */
export class AppShell {
  constructor(readonly page: Page) {}

  /** The desktop navigation; phones open it with the Menu button first. */
  readonly nav = () => this.page.getByRole("navigation", { name: "Main" });

  readonly accountLink = () => this.page.getByRole("banner").getByRole("link", { name: /\$\d/ }).first();

  async open(section: "Contacts" | "Groups" | "Cards" | "Projects" | "Orders" | "Calendar" | "Admin") {
    const menu = this.page.getByRole("button", { name: "Menu" });
    if (await menu.isVisible()) await menu.click();
    await this.nav().getByRole("link", { name: section, exact: true }).click();
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible();
  }

  async expectCredit(amount: string) {
    await expect(this.accountLink()).toContainText(amount);
  }

  async signOut() {
    const menu = this.page.getByRole("button", { name: "Menu" });
    if (await menu.isVisible()) await menu.click();
    await this.page.getByRole("button", { name: "Sign out" }).first().click();
  }
}
